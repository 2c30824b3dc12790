/// How a streamed response arrives: `-> events T` (Server-Sent Events) or `-> lines T` (JSON
/// Lines). The route's Swift response is `EventStream<T>`, one `T` per event or line.
public enum ResponseStreaming: String, Hashable, Sendable, CaseIterable {
    /// Server-Sent Events: each event's `data` is one element.
    case events
    /// JSON Lines: each line is one element.
    case lines

    /// The keyword before the element type, as the route file writes it.
    public var keyword: String { rawValue }

    /// The media type the route accepts and a server sends: `text/event-stream` or `application/jsonl`.
    public var mediaType: String {
        switch self {
        case .events: "text/event-stream"
        case .lines: "application/jsonl"
        }
    }

    /// The streaming a keyword names; nil for any other word.
    public init?(keyword: String) {
        self.init(rawValue: keyword)
    }

    /// The streaming a response media type names (`text/event-stream`, `application/jsonl`,
    /// `application/x-ndjson`), parameters ignored; nil for any other.
    public init?(mediaType: String) {
        let media = mediaType.split(separator: ";").first.map { $0.filter { $0 != " " && $0 != "\t" }.lowercased() }
        switch media {
        case "text/event-stream": self = .events
        case "application/jsonl", "application/x-ndjson", "application/json-lines", "application/x-jsonlines": self = .lines
        default: return nil
        }
    }
}
