import Foundation
import HTTPWire

/// What a `LocalServer` handler answers.
public struct HTTPResponse: Sendable {
    /// The status code.
    public var status: Int
    /// Header fields to send; `Content-Length` is added unless given (and never for 1xx, 204 or 304).
    public var headers: [HTTPHeader]
    /// The body bytes.
    public var body: Data
    /// When set, these bytes are written to the socket verbatim instead of a response, and the
    /// connection is then closed: for servers that misbehave on purpose (truncated bodies, bad framing).
    public var rawBytes: Data?
    /// What the connection does after `rawBytes`: close (the default), stay silent, or trickle more bytes.
    var afterRawBytes: AfterRawBytes = .close

    /// How a misbehaving connection carries on once its raw bytes are written.
    enum AfterRawBytes: Sendable {
        /// Close the connection.
        case close
        /// Send nothing more and keep the connection open until the client closes it or the server stops.
        case holdOpen
        /// Send `chunk` every `interval` seconds until the client closes the connection or the server stops.
        case trickle(chunk: Data, interval: TimeInterval)
        /// Send `chunk` `times` times as fast as the client reads, then close.
        case repeating(chunk: Data, times: Int)
        /// Send each piece after `interval` seconds, then close.
        case pieces([Data], interval: TimeInterval)
    }

    /// Creates a response.
    public init(status: Int, headers: [(String, String)] = [], body: Data = Data()) {
        self.status = status
        self.headers = headers.map { HTTPHeader(name: $0.0, value: $0.1) }
        self.body = body
        self.rawBytes = nil
    }

    /// A JSON body, sent as `application/json`.
    public static func json(_ text: String, status: Int = 200, headers: [(String, String)] = []) -> HTTPResponse {
        HTTPResponse(status: status, headers: [("Content-Type", "application/json")] + headers, body: Data(text.utf8))
    }

    /// A plain-text body, sent as `text/plain; charset=utf-8`.
    public static func text(_ text: String, status: Int = 200, headers: [(String, String)] = []) -> HTTPResponse {
        HTTPResponse(status: status, headers: [("Content-Type", "text/plain; charset=utf-8")] + headers, body: Data(text.utf8))
    }

    /// An HTML body, sent as `text/html; charset=utf-8`: what a proxy's error page looks like.
    public static func html(_ text: String, status: Int = 200, headers: [(String, String)] = []) -> HTTPResponse {
        HTTPResponse(status: status, headers: [("Content-Type", "text/html; charset=utf-8")] + headers, body: Data(text.utf8))
    }

    /// Bytes written to the socket as they are, then the connection is closed.
    public static func raw(_ bytes: Data) -> HTTPResponse {
        var response = HTTPResponse(status: 0)
        response.rawBytes = bytes
        return response
    }

    /// Bytes written as they are, then nothing more: the connection stays open, silent, until the
    /// client gives up or the server stops. A response head promising a body that never comes.
    public static func rawThenSilence(_ bytes: Data) -> HTTPResponse {
        var response = raw(bytes)
        response.afterRawBytes = .holdOpen
        return response
    }

    /// Bytes written as they are, then `chunk` every `interval` seconds, forever: a body that never
    /// ends but is never idle, until the client closes the connection or the server stops.
    public static func rawThenTrickle(_ bytes: Data, repeating chunk: Data, every interval: TimeInterval) -> HTTPResponse {
        var response = raw(bytes)
        response.afterRawBytes = .trickle(chunk: chunk, interval: interval)
        return response
    }

    /// A large body made of `chunk` sent `times` times, with its `Content-Length`, then the
    /// connection closes: a 50 MB download for a test without 50 MB in the server's memory.
    public static func repeated(_ chunk: Data, times: Int, status: Int = 200, headers: [(String, String)] = []) -> HTTPResponse {
        var head = HTTPResponseWriter.statusLine(status)
        for (name, value) in headers { head += "\(name): \(value)\r\n" }
        head += "Content-Length: \(chunk.count * times)\r\nConnection: close\r\n\r\n"
        var response = raw(Data(head.utf8))
        response.afterRawBytes = .repeating(chunk: chunk, times: times)
        return response
    }

    /// A body written in `pieces`, each its own write after a pause of `interval` seconds, then the
    /// connection closes (the body's end, with no `Content-Length`): a stream cut at any byte,
    /// one byte at a time included.
    public static func pieces(
        _ pieces: [Data], status: Int = 200, headers: [(String, String)] = [], every interval: TimeInterval = 0.001
    ) -> HTTPResponse {
        var head = HTTPResponseWriter.statusLine(status)
        for (name, value) in headers { head += "\(name): \(value)\r\n" }
        head += "Connection: close\r\n\r\n"
        var response = raw(Data(head.utf8))
        response.afterRawBytes = .pieces(pieces, interval: interval)
        return response
    }

    /// The bytes on the wire: status line, headers, blank line, body (no body for HEAD, 1xx, 204, 304).
    func serialized(forMethod method: String, closing: Bool) -> [UInt8] {
        HTTPResponseWriter.serialize(
            status: status,
            headers: headers.map { ($0.name, $0.value) },
            body: body,
            method: method,
            closing: closing,
            framing: Self.framing
        )
    }

    /// A handler's own `Content-Length` stands; `Connection` is said only when closing.
    private static let framing = HTTPResponseFraming(informationalHasNoBody: true, keepsGivenContentLength: true, announcesKeepAlive: false)
}
