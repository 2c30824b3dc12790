import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// One HTTP/1.1 request as the server read it.
public struct ServeRequest: Sendable {
    /// `GET`.
    public var method: String
    /// The request target as sent: `/books?q=dune`.
    public var target: String
    /// The headers in the order sent.
    public var headers: [(name: String, value: String)]
    /// The body (`Content-Length` bytes).
    public var body: [UInt8]

    /// Creates a request.
    public init(method: String, target: String, headers: [(name: String, value: String)] = [], body: [UInt8] = []) {
        self.method = method
        self.target = target
        self.headers = headers
        self.body = body
    }

    /// The first value of header `name`, compared without case.
    public func header(_ name: String) -> String? {
        let lowered = name.lowercased()
        return headers.first { $0.name.lowercased() == lowered }?.value
    }

    /// The target's path, before `?`, still percent-encoded.
    public var path: String { String(target.prefix { $0 != "?" }) }

    /// The query items, percent- and `+`-decoded, in order.
    public var queryItems: [(name: String, value: String)] {
        guard let mark = target.firstIndex(of: "?") else { return [] }
        return target[target.index(after: mark)...].split(separator: "&").map { pair in
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let decode = { (text: Substring) in text.replacingOccurrences(of: "+", with: " ").removingPercentEncoding ?? String(text) }
            return (decode(parts[0]), parts.count > 1 ? decode(parts[1]) : "")
        }
    }
}

/// One answer.
public struct ServeResponse: Sendable, Equatable {
    /// The status code.
    public var status: Int
    /// Headers besides `Content-Length`, `Connection` and `Date`, which the server adds.
    public var headers: [HTTPHeaderField]
    /// The body; none for 204 and 304.
    public var body: [UInt8]

    /// Creates a response.
    public init(status: Int, headers: [HTTPHeaderField] = [], body: [UInt8] = []) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// A JSON body with `Content-Type: application/json`.
    public static func json(_ text: String, status: Int = 200, headers: [HTTPHeaderField] = []) -> ServeResponse {
        ServeResponse(status: status, headers: [HTTPHeaderField("Content-Type", "application/json")] + headers, body: Array(text.utf8))
    }
}

/// A header name and value.
public struct HTTPHeaderField: Sendable, Equatable {
    /// The name.
    public var name: String
    /// The value.
    public var value: String

    /// Creates a header.
    public init(_ name: String, _ value: String) {
        self.name = name
        self.value = value
    }
}

/// The limits that keep one client from holding the server.
public struct ServeLimits: Sendable {
    /// The largest request head (request line and headers); larger is a 431.
    public var maximumHeadBytes = 64 * 1024
    /// The largest body; larger is a 413.
    public var maximumBodyBytes = 4 * 1024 * 1024
    /// How long a kept-alive connection may sit idle between requests.
    public var idleTimeoutMilliseconds: Int32 = 15_000
    /// How long a started request may take to arrive whole; slower is a 408.
    public var requestTimeoutMilliseconds: Int32 = 10_000
    /// Connections served at once; one more is answered 503 and closed.
    public var maximumConnections = 512

    /// The defaults.
    public init() {}
}

/// A small HTTP/1.1 server over POSIX sockets: keep-alive, `Content-Length` bodies (a
/// `Transfer-Encoding` body is a 411), one thread per connection up to a bound, limits on sizes
/// and times. `stop()` closes the listening socket and every connection and waits for them.
public final class HTTPServer: Sendable {
    /// Answers one request; called on the connection's thread.
    public typealias Handler = @Sendable (ServeRequest) -> ServeResponse

    /// The address listened on: `127.0.0.1`.
    public let host: String
    /// The port listened on (the one chosen when 0 was asked for).
    public let port: UInt16

    private let listener: Int32
    private let wakeReader: Int32
    private let wakeWriter: Int32
    private let state = Locked(State())
    private let running = DispatchGroup()

    private struct State {
        var connections = 0
        var stopped = false
    }

    /// Starts listening on `host`:`port` and serving with `handler` on background threads.
    public init(host: String, port: UInt16, limits: ServeLimits = ServeLimits(), handler: @escaping Handler) throws(ServeSocketError) {
        let bound = try ServeSocket.listen(host: host, port: port)
        var wake: [Int32] = [0, 0]
        guard pipe(&wake) == 0 else {
            _ = close(bound.descriptor)
            throw ServeSocketError(operation: "open a pipe", code: errno)
        }
        self.host = host
        self.port = bound.port
        self.listener = bound.descriptor
        self.wakeReader = wake[0]
        self.wakeWriter = wake[1]
        let context = Connection.Context(handler: handler, limits: limits, wakeReader: wake[0])
        let running = self.running
        let state = self.state
        let listener = bound.descriptor
        running.enter()
        let thread = Thread {
            Self.acceptLoop(listener: listener, context: context, state: state, running: running)
            running.leave()
        }
        thread.name = "routegen serve accept"
        thread.start()
    }

    deinit { stop() }

    /// Stops accepting, closes every connection, and returns once no server thread is left. Idempotent.
    public func stop() {
        let alreadyStopped = state.withLock { state in
            defer { state.stopped = true }
            return state.stopped
        }
        guard !alreadyStopped else { return }
        // The pipe is never drained, so every poll that includes it wakes from now on.
        var byte: UInt8 = 1
        _ = write(wakeWriter, &byte, 1)
        running.wait()
        _ = close(listener)
        _ = close(wakeReader)
        _ = close(wakeWriter)
    }

    private static func acceptLoop(listener: Int32, context: Connection.Context, state: Locked<State>, running: DispatchGroup) {
        while ServeSocket.wait(listener, orWoken: context.wakeReader, milliseconds: -1) == .readable {
            let client = accept(listener, nil, nil)
            guard client >= 0 else {
                if errno == EINTR || errno == EAGAIN || errno == ECONNABORTED || errno == EMFILE || errno == ENFILE { continue }
                return
            }
            ServeSocket.configureConnection(client)
            let admitted = state.withLock { state in
                guard state.connections < context.limits.maximumConnections else { return false }
                state.connections += 1
                return true
            }
            guard admitted else {
                _ = ServeSocket.sendAll(Connection.serialize(.json(#"{"error":"too many connections"}"#, status: 503), method: "GET", closing: true), to: client)
                _ = close(client)
                continue
            }
            running.enter()
            let thread = Thread {
                var connection = Connection(descriptor: client, context: context)
                connection.serve()
                _ = close(client)
                state.withLock { $0.connections -= 1 }
                running.leave()
            }
            thread.name = "routegen serve connection"
            thread.stackSize = 256 * 1024
            thread.start()
        }
    }

    /// One client connection: read requests, answer them, until either side closes.
    private struct Connection {
        struct Context: Sendable {
            let handler: Handler
            let limits: ServeLimits
            let wakeReader: Int32
        }

        let descriptor: Int32
        let context: Context
        private var buffer: [UInt8] = []

        init(descriptor: Int32, context: Context) {
            self.descriptor = descriptor
            self.context = context
        }

        /// What reading a request came to.
        private enum Read {
            case request(ServeRequest, closing: Bool)
            case refuse(ServeResponse)
            case end
        }

        mutating func serve() {
            while true {
                switch readRequest() {
                case .end: return
                case .refuse(let response):
                    _ = ServeSocket.sendAll(Self.serialize(response, method: "GET", closing: true), to: descriptor)
                    return
                case .request(let request, let closing):
                    let response = context.handler(request)
                    guard ServeSocket.sendAll(Self.serialize(response, method: request.method, closing: closing), to: descriptor), !closing else { return }
                }
            }
        }

        private mutating func readRequest() -> Read {
            let terminator: [UInt8] = [13, 10, 13, 10]
            var headEnd: Int?
            var deadline: Int32 = context.limits.idleTimeoutMilliseconds
            var started = DispatchTime.now()
            while true {
                if let found = Self.find(terminator, in: buffer) {
                    headEnd = found
                    break
                }
                if buffer.count > context.limits.maximumHeadBytes {
                    return .refuse(.json(#"{"error":"request head too large"}"#, status: 431))
                }
                switch fill(until: started, milliseconds: deadline) {
                case .ok: break
                case .end: return .end
                case .timedOut: return buffer.isEmpty ? .end : .refuse(.json(#"{"error":"request timed out"}"#, status: 408))
                }
                if !buffer.isEmpty && deadline == context.limits.idleTimeoutMilliseconds {
                    // The request has begun: from now on it has the request timeout to arrive.
                    deadline = context.limits.requestTimeoutMilliseconds
                    started = DispatchTime.now()
                }
            }
            guard let headEnd, let head = String(bytes: buffer[..<headEnd], encoding: .utf8), let parsed = Self.parseHead(head) else {
                return .refuse(.json(#"{"error":"malformed request head"}"#, status: 400))
            }
            buffer.removeFirst(headEnd + terminator.count)
            var request = ServeRequest(method: parsed.method, target: parsed.target, headers: parsed.headers)
            if request.header("Transfer-Encoding") != nil {
                return .refuse(.json(#"{"error":"chunked request bodies are not supported; send Content-Length"}"#, status: 411))
            }
            guard let length = Int(request.header("Content-Length") ?? "0"), length >= 0 else {
                return .refuse(.json(#"{"error":"bad Content-Length"}"#, status: 400))
            }
            guard length <= context.limits.maximumBodyBytes else {
                return .refuse(.json(#"{"error":"request body too large"}"#, status: 413))
            }
            if length > 0, request.header("Expect")?.lowercased() == "100-continue", buffer.count < length {
                guard ServeSocket.sendAll(Array("HTTP/1.1 100 Continue\r\n\r\n".utf8), to: descriptor) else { return .end }
            }
            while buffer.count < length {
                switch fill(until: started, milliseconds: context.limits.requestTimeoutMilliseconds) {
                case .ok: continue
                case .end: return .end
                case .timedOut: return .refuse(.json(#"{"error":"request timed out"}"#, status: 408))
                }
            }
            request.body = Array(buffer[..<length])
            buffer.removeFirst(length)
            let connection = request.header("Connection")?.lowercased()
            let closing = connection == "close" || (parsed.version == "HTTP/1.0" && connection != "keep-alive")
            return .request(request, closing: closing)
        }

        private enum Fill { case ok, end, timedOut }

        /// Reads more bytes, waiting at most until `milliseconds` after `start`.
        private mutating func fill(until start: DispatchTime, milliseconds: Int32) -> Fill {
            let elapsed = Int64((DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1_000_000)
            let remaining = Int32(max(0, Int64(milliseconds) - elapsed))
            guard remaining > 0 else { return .timedOut }
            switch ServeSocket.wait(descriptor, orWoken: context.wakeReader, milliseconds: remaining) {
            case .stopping: return .end
            case .timedOut: return .timedOut
            case .readable: return ServeSocket.receive(descriptor, into: &buffer) ? .ok : .end
            }
        }

        static func serialize(_ response: ServeResponse, method: String, closing: Bool) -> [UInt8] {
            var head = "HTTP/1.1 " + String(response.status) + " " + reason(response.status) + "\r\n"
            for header in response.headers { head += header.name + ": " + header.value + "\r\n" }
            let hasBody = response.status != 204 && response.status != 304
            if hasBody { head += "Content-Length: " + String(response.body.count) + "\r\n" }
            head += "Connection: " + (closing ? "close" : "keep-alive") + "\r\n\r\n"
            var bytes = Array(head.utf8)
            if hasBody && method != "HEAD" { bytes += response.body }
            return bytes
        }

        static func reason(_ status: Int) -> String {
            switch status {
            case 200: "OK"
            case 201: "Created"
            case 204: "No Content"
            case 400: "Bad Request"
            case 401: "Unauthorized"
            case 404: "Not Found"
            case 408: "Request Timeout"
            case 411: "Length Required"
            case 413: "Content Too Large"
            case 422: "Unprocessable Content"
            case 431: "Request Header Fields Too Large"
            case 500: "Internal Server Error"
            case 503: "Service Unavailable"
            default: "Status"
            }
        }

        private static func parseHead(_ head: String) -> (method: String, target: String, version: String, headers: [(name: String, value: String)])? {
            let lines = head.components(separatedBy: "\r\n")
            let requestLine = lines[0].split(separator: " ", omittingEmptySubsequences: false)
            guard requestLine.count == 3, !requestLine[0].isEmpty, requestLine[1].hasPrefix("/"), requestLine[2].hasPrefix("HTTP/1.") else { return nil }
            var headers: [(name: String, value: String)] = []
            for line in lines.dropFirst() {
                guard let colon = line.firstIndex(of: ":") else { return nil }
                let name = String(line[..<colon])
                guard !name.isEmpty, !name.contains(" ") else { return nil }
                headers.append((name, line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)))
            }
            return (String(requestLine[0]), String(requestLine[1]), String(requestLine[2]), headers)
        }

        private static func find(_ pattern: [UInt8], in bytes: [UInt8]) -> Int? {
            guard bytes.count >= pattern.count else { return nil }
            for start in 0...(bytes.count - pattern.count) where bytes[start..<(start + pattern.count)].elementsEqual(pattern) {
                return start
            }
            return nil
        }
    }
}

/// A value behind a lock, shared between the server's threads.
///
/// `@unchecked Sendable` because the lock is what makes it safe: `value` is private and every
/// read and write goes through `withLock` (as EndpointKitTesting's `LockedState`, which the
/// generator may not import; `Mutex` needs macOS 15).
final class Locked<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    init(_ value: Value) { self.value = value }

    func withLock<Result>(_ body: (inout Value) -> Result) -> Result {
        lock.lock()
        defer { lock.unlock() }
        return body(&value)
    }
}
