import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A response that arrives in pieces, each decoded as `Element` as soon as it is whole: Server-Sent
/// Events (`text/event-stream`, each event's `data` one element) or JSON Lines
/// (`application/jsonl`, `application/x-ndjson`, each line one element).
///
/// ```swift
/// for try await chunk in try await client.send(ChatEndpoints.chat(body: request)) {
///     answer += chunk.delta
/// }
/// ```
///
/// `send` returns once the response's status has arrived: a status outside 200–299 throws the
/// same `APIError.api` as any request, with the body. An event named `error` throws `APIError.api`
/// with its data as the body, and a `data` that is exactly `[DONE]` ends the stream (the
/// convention of OpenAI's API; `Endpoint.endOfStream` names another, or none). Cancelling the task that iterates, or leaving the loop, closes
/// the connection, even while the stream value is still held. Iterate a stream once.
///
/// A stream is also `Decodable` from a JSON array of its elements, which is how a preview sample
/// or a stub holds one.
public struct EventStream<Element: Decodable & Sendable>: AsyncSequence, Sendable, Decodable {
    private let source: Source

    private enum Source: Sendable {
        /// Elements read before the stream was made: a buffered body, a sample.
        case elements([Element])
        /// A body still arriving.
        case live(StreamBody)
    }

    /// A stream of `elements`, for previews and tests.
    public init(_ elements: [Element]) {
        source = .elements(elements)
    }

    /// A stream of a JSON array's elements.
    public init(from decoder: any Decoder) throws {
        source = .elements(try [Element](from: decoder))
    }

    init(live body: StreamBody) {
        source = .live(body)
    }

    /// A whole body read at once, parsed by its `Content-Type`: events, lines, or a JSON array.
    init(body: Data, contentType: String?) throws {
        var reader = StreamReader<Element>(format: StreamFormat(contentType: contentType), endOfStream: "[DONE]")
        guard reader.format != nil else {
            self.init(try JSONCoding.decoder.decode([Element].self, from: body))
            return
        }
        self.init(try reader.read(body) + reader.finish())
    }

    /// Starts reading; the elements come as they arrive.
    public func makeAsyncIterator() -> AsyncIterator {
        switch source {
        case .elements(let elements): AsyncIterator(buffered: elements[...], reading: nil, reader: nil)
        case .live(let body): AsyncIterator(buffered: [], reading: StreamReading(body), reader: StreamReader(format: body.format, endOfStream: body.endOfStream))
        }
    }

    /// Walks a stream's elements. Dropping it (a `break`, a `throw`, a cancelled loop body)
    /// closes the connection, even while the stream itself is still held.
    public struct AsyncIterator: AsyncIteratorProtocol {
        var buffered: ArraySlice<Element>
        /// The live body, or nil once it ended or for buffered elements.
        var reading: StreamReading?
        var reader: StreamReader<Element>?

        /// The next element; nil at the end of the stream. Throws `CancellationError` once the
        /// task is cancelled, which closes the connection.
        public mutating func next() async throws -> Element? {
            while true {
                if let element = buffered.popFirst() { return element }
                guard let body = reading?.body, var reader else { return nil }
                if let error = reader.pendingError {
                    body.close()
                    reading = nil
                    throw error
                }
                guard let chunk = try await body.next() else {
                    reading = nil
                    buffered = try reader.finish()[...]
                    continue
                }
                buffered = try reader.read(chunk)[...]
                if reader.ended {
                    // The end's data (`[DONE]`): what follows is not read, and the connection is closed.
                    body.close()
                    reading = nil
                }
                self.reader = reader
            }
        }
    }
}

/// An iterator's hold on a live body. The iterator is a struct the `for` loop owns and drops
/// when the loop ends, but the `EventStream` value that made it may outlive the loop (a `let`
/// iterated in the same scope), so the body cannot wait for its own deinit to close the
/// connection: the last copy of the iterator closes it.
final class StreamReading: Sendable {
    let body: StreamBody

    init(_ body: StreamBody) {
        self.body = body
    }

    deinit { body.close() }
}

/// The two streamed formats.
enum StreamFormat: Sendable {
    case serverSentEvents, jsonLines

    /// The format a media type names, parameters ignored; nil for any other.
    init?(contentType: String?) {
        let media = contentType?.split(separator: ";").first?.trimmingCharacters(in: .whitespaces).lowercased()
        switch media {
        case "text/event-stream": self = .serverSentEvents
        case "application/jsonl", "application/x-ndjson", "application/json-lines", "application/x-jsonlines": self = .jsonLines
        default: return nil
        }
    }
}

/// Turns body pieces into elements in one format.
struct StreamReader<Element: Decodable & Sendable>: Sendable {
    let format: StreamFormat?
    /// The event data that ends the stream; nil: only the body's end does.
    let endOfStream: String?
    private var events = ServerSentEventParser()
    private var lines = JSONLinesParser()
    /// Whether the stream said it is over (`endOfStream`).
    private(set) var ended = false
    /// An `error` event read after elements of the same piece: thrown once they are taken.
    private(set) var pendingError: APIError?

    init(format: StreamFormat?, endOfStream: String?) {
        self.format = format
        self.endOfStream = endOfStream
    }

    /// The elements `chunk` completes.
    mutating func read(_ chunk: Data) throws -> [Element] {
        if let pendingError { throw pendingError }
        guard !ended else { return [] }
        switch format ?? .jsonLines {
        case .serverSentEvents:
            var elements: [Element] = []
            for event in events.feed(chunk) {
                if let endOfStream, event.data == endOfStream {
                    ended = true
                    break
                }
                if event.type == "error" {
                    let body = APIErrorBody(bytes: Data(event.data.utf8))
                    let error = APIError.api(status: 200, message: body?.displayMessage ?? "The stream reported an error.", body: body)
                    guard !elements.isEmpty else { throw error }
                    pendingError = error
                    break
                }
                elements.append(try decode(event.data))
            }
            return elements
        case .jsonLines:
            return try lines.feed(chunk).map(decode)
        }
    }

    /// The elements left when the body ends: a last JSON line without its line end.
    mutating func finish() throws -> [Element] {
        if let pendingError { throw pendingError }
        guard !ended, format != .serverSentEvents else { return [] }
        return try lines.finish().map(decode)
    }

    /// One piece's text as an element: JSON, or the text itself for a `String` stream.
    private func decode(_ text: String) throws -> Element {
        if let string = text as? Element, (try? JSONCoding.decoder.decode(String.self, from: Data(text.utf8))) == nil {
            return string
        }
        do {
            return try JSONCoding.decoder.decode(Element.self, from: Data(text.utf8))
        } catch {
            throw APIError.decoding(message: "The server returned a response this app could not read.")
        }
    }
}
