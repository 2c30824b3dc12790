import Foundation

/// One Server-Sent Event as the WHATWG HTML standard (§9.2 "Server-sent events") dispatches it.
struct ServerSentEvent: Equatable, Sendable {
    /// The `event` field; `message` when the event named none.
    var type: String
    /// The `data` lines, joined by LF.
    var data: String
    /// The last `id` seen so far in the stream, as the standard carries it from event to event.
    var lastEventID: String
}

/// Splits bytes into lines as they arrive: LF, CR and CRLF all end a line, even when a CRLF is
/// cut between two reads; a line is UTF-8 decoded only once whole, so a character cut between
/// reads is never broken.
struct LineSplitter {
    private var line: [UInt8] = []
    private var afterCR = false

    /// The lines `bytes` completes, without their ends.
    mutating func feed(_ bytes: Data) -> [String] {
        var lines: [String] = []
        var rest = bytes[...]
        if afterCR, rest.first == UInt8(ascii: "\n") { rest = rest.dropFirst() }
        afterCR = false
        // Whole runs between line ends are copied at once: a long stream is not walked byte by byte in Swift.
        while let end = rest.firstIndex(where: { $0 == UInt8(ascii: "\n") || $0 == UInt8(ascii: "\r") }) {
            line.append(contentsOf: rest[..<end])
            lines.append(String(decoding: line, as: UTF8.self))
            line.removeAll(keepingCapacity: true)
            let isCR = rest[end] == UInt8(ascii: "\r")
            rest = rest[rest.index(after: end)...]
            if isCR {
                if rest.isEmpty { afterCR = true } else if rest.first == UInt8(ascii: "\n") { rest = rest.dropFirst() }
            }
        }
        line.append(contentsOf: rest)
        return lines
    }

    /// The last line, when the bytes ended without a line end; nil otherwise.
    mutating func finish() -> String? {
        defer { line.removeAll() }
        return line.isEmpty ? nil : String(decoding: line, as: UTF8.self)
    }
}

/// Reads a `text/event-stream` body piece by piece, by the standard's rules: fields `data`,
/// `event`, `id` and `retry`; lines starting with `:` are comments; one space after the colon is
/// dropped; an empty line dispatches the event, unless its data is empty; a leading byte-order
/// mark is skipped; an event not ended by an empty line when the stream ends is not dispatched.
struct ServerSentEventParser {
    private var lines = LineSplitter()
    private var startsStream = true
    private var type = ""
    private var data = ""
    private var hasData = false
    private var lastEventID = ""
    /// The reconnection time the stream asked for (`retry`), in milliseconds.
    private(set) var retry: Int?

    /// The events `bytes` completes.
    mutating func feed(_ bytes: Data) -> [ServerSentEvent] {
        var events: [ServerSentEvent] = []
        for line in lines.feed(bytes) {
            if let event = take(line) { events.append(event) }
        }
        return events
    }

    /// One line's effect: an event when it is empty and data was collected.
    private mutating func take(_ line: String) -> ServerSentEvent? {
        var line = line
        if startsStream {
            // Lines are decoded whole, so a byte-order mark cut between reads is still one character.
            if line.hasPrefix("\u{FEFF}") { line.removeFirst() }
            startsStream = false
        }
        if line.isEmpty {
            defer { (type, data, hasData) = ("", "", false) }
            guard hasData else { return nil }
            return ServerSentEvent(type: type.isEmpty ? "message" : type, data: data, lastEventID: lastEventID)
        }
        if line.hasPrefix(":") { return nil }
        let field: Substring
        var value: Substring
        if let colon = line.firstIndex(of: ":") {
            field = line[..<colon]
            value = line[line.index(after: colon)...]
            if value.hasPrefix(" ") { value = value.dropFirst() }
        } else {
            (field, value) = (line[...], "")
        }
        switch field {
        case "event": type = String(value)
        case "data":
            data += (hasData ? "\n" : "") + value
            hasData = true
        case "id" where !value.contains("\0"): lastEventID = String(value)
        case "retry" where !value.isEmpty && value.allSatisfy({ ("0"..."9").contains($0) }): retry = Int(value)
        default: break
        }
        return nil
    }
}

/// Reads a JSON Lines body (`application/jsonl`, `application/x-ndjson`) piece by piece: one
/// JSON text per line, LF or CRLF ended, blank lines skipped, a last line without an end kept.
struct JSONLinesParser {
    private var lines = LineSplitter()

    /// The non-blank lines `bytes` completes.
    mutating func feed(_ bytes: Data) -> [String] {
        lines.feed(bytes).filter { !$0.allSatisfy(\.isWhitespace) }
    }

    /// The last line, when the body ended without a line end.
    mutating func finish() -> [String] {
        lines.finish().map { $0.allSatisfy(\.isWhitespace) ? [] : [$0] } ?? []
    }
}
