import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A loopback HTTP/1.1 server for tests: it records every request and answers from a handler.
///
/// It listens on 127.0.0.1 on an ephemeral port, reads `Content-Length` bodies (answering
/// `Expect: 100-continue`), keeps connections alive, and serves each connection on its own
/// thread. `stop()` (or releasing the server) closes everything and waits for those threads.
///
/// ```swift
/// let server = try await LocalServer.start { request in
///     request.path == "/books/b-7" ? .json(#"{"id":"b-7","title":"Dune"}"#) : .text("not found", status: 404)
/// }
/// defer { server.stop() }
/// ```
public final class LocalServer: Sendable {
    /// Answers one request. A thrown error becomes a 500 with the error as text.
    public typealias Handler = @Sendable (RecordedRequest) throws -> HTTPResponse

    /// `http://<address>:<port>`: `http://127.0.0.1:<port>` unless started on another address.
    public let baseURL: URL
    /// The port the server listens on.
    public let port: UInt16

    private let listener: Int32
    private let wakeReader: Int32
    private let wakeWriter: Int32
    private let state: LockedState<ServerState>
    private let running: DispatchGroup

    private struct ServerState: Sendable {
        var requests: [RecordedRequest] = []
        var connections = 0
        var stopped = false
    }

    /// Every request received so far, in the order they were complete.
    public var requests: [RecordedRequest] { state.withLock { $0.requests } }

    /// Starts a server on 127.0.0.1 on an ephemeral port.
    public static func start(handler: @escaping Handler) async throws -> LocalServer {
        try LocalServer(address: "127.0.0.1", handler: handler)
    }

    /// Starts a server on another IPv4 loopback address, e.g. `127.0.0.2` (Linux answers on all
    /// of 127.0.0.0/8): a second host for tests of what crosses from one host to another.
    public static func start(address: String, handler: @escaping Handler) async throws -> LocalServer {
        try LocalServer(address: address, handler: handler)
    }

    private init(address: String, handler: @escaping Handler) throws {
        let listener = try Socket.listenOnLoopback(address: address)
        var wake: [Int32] = [0, 0]
        guard pipe(&wake) == 0 else {
            _ = close(listener.descriptor)
            throw LocalServerError(operation: "pipe", code: errno)
        }
        self.listener = listener.descriptor
        self.port = listener.port
        self.wakeReader = wake[0]
        self.wakeWriter = wake[1]
        self.baseURL = URL(string: "http://\(address):\(listener.port)")!
        self.state = LockedState(ServerState())
        self.running = DispatchGroup()

        let connection = Connection.Context(state: state, handler: handler, wakeReader: wakeReader)
        let running = self.running
        let listenerDescriptor = self.listener
        running.enter()
        let thread = Thread {
            Self.acceptLoop(listener: listenerDescriptor, context: connection, running: running)
            running.leave()
        }
        thread.name = "LocalServer accept :\(listener.port)"
        thread.start()
    }

    deinit {
        stop()
    }

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

    private static func acceptLoop(listener: Int32, context: Connection.Context, running: DispatchGroup) {
        while Socket.waitUntilReadable(listener, orWoken: context.wakeReader) {
            let client = accept(listener, nil, nil)
            guard client >= 0 else {
                if errno == EINTR || errno == EAGAIN || errno == ECONNABORTED { continue }
                return
            }
            Socket.configureConnection(client)
            let number = context.state.withLock { state in
                state.connections += 1
                return state.connections
            }
            running.enter()
            let thread = Thread {
                var connection = Connection(descriptor: client, number: number, context: context)
                connection.serve()
                _ = close(client)
                running.leave()
            }
            thread.name = "LocalServer connection"
            thread.start()
        }
    }

    /// One client connection: parse requests, record them, answer them, until either side closes.
    private struct Connection {
        struct Context: Sendable {
            let state: LockedState<ServerState>
            let handler: Handler
            let wakeReader: Int32
        }

        let descriptor: Int32
        let number: Int
        let context: Context
        private var buffer: [UInt8] = []

        init(descriptor: Int32, number: Int, context: Context) {
            self.descriptor = descriptor
            self.number = number
            self.context = context
        }

        mutating func serve() {
            while let request = readRequest() {
                context.state.withLock { $0.requests.append(request) }
                let response: HTTPResponse
                do {
                    response = try context.handler(request)
                } catch {
                    response = .text(String(describing: error), status: 500)
                }
                if let raw = response.rawBytes {
                    guard Socket.sendAll(raw, to: descriptor) else { return }
                    misbehave(response.afterRawBytes)
                    return
                }
                let closing = request.header("Connection")?.lowercased() == "close"
                guard Socket.sendAll(response.serialized(forMethod: request.method, closing: closing), to: descriptor),
                      !closing
                else { return }
            }
        }

        /// Carries on after raw bytes as asked, returning when the client closes or the server stops.
        private func misbehave(_ after: HTTPResponse.AfterRawBytes) {
            switch after {
            case .close:
                return
            case .holdOpen:
                while Socket.waitForPeer(descriptor, orWoken: context.wakeReader, milliseconds: -1) == .quiet {}
            case .repeating(let chunk, let times):
                for _ in 0..<times {
                    guard Socket.sendAll(chunk, to: descriptor) else { return }
                }
            case .trickle(let chunk, let interval):
                let milliseconds = Int32(max(1, (interval * 1000).rounded()))
                while Socket.waitForPeer(descriptor, orWoken: context.wakeReader, milliseconds: milliseconds) == .quiet {
                    guard Socket.sendAll(chunk, to: descriptor) else { return }
                }
            }
        }

        /// Reads one request; nil at end of stream, on a malformed request (answered 400), or when stopping.
        private mutating func readRequest() -> RecordedRequest? {
            let terminator: [UInt8] = [13, 10, 13, 10]
            var headEnd: Int?
            while true {
                if let found = Self.find(terminator, in: buffer) {
                    headEnd = found
                    break
                }
                guard buffer.count < 64 * 1024, readMore() else { return nil }
            }
            guard let headEnd,
                  let head = String(bytes: buffer[..<headEnd], encoding: .utf8),
                  let parsed = Self.parseHead(head)
            else {
                reject(status: 400, "malformed request head")
                return nil
            }
            buffer.removeFirst(headEnd + terminator.count)

            let request = RecordedRequest(method: parsed.method, target: parsed.target, headers: parsed.headers, body: Data())
            if request.header("Transfer-Encoding") != nil {
                reject(status: 501, "chunked request bodies are not supported; send Content-Length")
                return nil
            }
            let lengthText = request.header("Content-Length") ?? "0"
            guard let length = Int(lengthText), length >= 0, length <= 64 * 1024 * 1024 else {
                reject(status: 400, "bad Content-Length")
                return nil
            }
            if length > 0, request.header("Expect")?.lowercased() == "100-continue" {
                guard Socket.sendAll(Data("HTTP/1.1 100 Continue\r\n\r\n".utf8), to: descriptor) else { return nil }
            }
            while buffer.count < length {
                guard readMore() else { return nil }
            }
            let body = Data(buffer[..<length])
            buffer.removeFirst(length)
            return RecordedRequest(
                method: parsed.method, target: parsed.target, headers: parsed.headers, body: body, connection: number
            )
        }

        /// Appends what the socket has; false at end of stream, on error, or when the server stops.
        private mutating func readMore() -> Bool {
            guard Socket.waitUntilReadable(descriptor, orWoken: context.wakeReader) else { return false }
            var chunk = [UInt8](repeating: 0, count: 16 * 1024)
            let count = chunk.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
            guard count > 0 else { return false }
            buffer.append(contentsOf: chunk[..<count])
            return true
        }

        private func reject(status: Int, _ reason: String) {
            _ = Socket.sendAll(HTTPResponse.text(reason, status: status).serialized(forMethod: "GET", closing: true), to: descriptor)
        }

        private static func parseHead(_ head: String) -> (method: String, target: String, headers: [HTTPHeader])? {
            let lines = head.components(separatedBy: "\r\n")
            let requestLine = lines[0].split(separator: " ", omittingEmptySubsequences: false)
            guard requestLine.count == 3, !requestLine[0].isEmpty, requestLine[1].hasPrefix("/") || requestLine[1] == "*",
                  requestLine[2].hasPrefix("HTTP/1.")
            else { return nil }
            var headers: [HTTPHeader] = []
            for line in lines.dropFirst() {
                guard let colon = line.firstIndex(of: ":") else { return nil }
                let name = String(line[..<colon])
                guard !name.isEmpty, !name.contains(" ") else { return nil }
                let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
                headers.append(HTTPHeader(name: name, value: value))
            }
            return (String(requestLine[0]), String(requestLine[1]), headers)
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

/// A socket call failed while starting a `LocalServer`.
public struct LocalServerError: Error, CustomStringConvertible {
    /// The system call that failed.
    public let operation: String
    /// The `errno` it left.
    public let code: Int32

    /// What failed, with the system's explanation.
    public var description: String {
        "LocalServer: \(operation) failed: \(String(cString: strerror(code)))"
    }
}

/// The few BSD socket calls the server needs, spelled once for Glibc and Darwin.
enum Socket {
    /// A listening TCP socket on `address` (dotted IPv4) with an ephemeral port.
    static func listenOnLoopback(address text: String) throws -> (descriptor: Int32, port: UInt16) {
        let bound = try bindLoopback(address: text, port: 0, reuseAddress: true)
        guard listen(bound.descriptor, 64) == 0 else {
            let code = errno
            _ = close(bound.descriptor)
            throw LocalServerError(operation: "listen", code: code)
        }
        return bound
    }

    /// A TCP socket bound to `address` (dotted IPv4) on `port` (0: an ephemeral one), not listening.
    ///
    /// `reuseAddress` lets a restarted server bind while old connections linger; a socket that
    /// only holds its port goes without it, so that no other socket can bind the port beside it.
    static func bindLoopback(address text: String, port: UInt16, reuseAddress: Bool) throws -> (descriptor: Int32, port: UInt16) {
        var internetAddress = in_addr()
        guard inet_pton(AF_INET, text, &internetAddress) == 1 else {
            throw LocalServerError(operation: "inet_pton \(text)", code: EINVAL)
        }
        #if canImport(Glibc)
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
        let descriptor = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard descriptor >= 0 else { throw LocalServerError(operation: "socket", code: errno) }
        if reuseAddress {
            var reuse: Int32 = 1
            _ = setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &reuse, socklen_t(MemoryLayout<Int32>.size))
        }

        var address = sockaddr_in()
        #if canImport(Darwin)
        address.sin_len = UInt8(MemoryLayout<sockaddr_in>.size)
        #endif
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr = internetAddress
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard bound == 0 else {
            let code = errno
            _ = close(descriptor)
            throw LocalServerError(operation: "bind", code: code)
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let named = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        guard named == 0 else {
            let code = errno
            _ = close(descriptor)
            throw LocalServerError(operation: "getsockname", code: code)
        }
        return (descriptor, UInt16(bigEndian: address.sin_port))
    }

    /// Per-connection options: no SIGPIPE on Darwin (Linux passes MSG_NOSIGNAL to each send).
    static func configureConnection(_ descriptor: Int32) {
        #if canImport(Darwin)
        var on: Int32 = 1
        _ = setsockopt(descriptor, SOL_SOCKET, SO_NOSIGPIPE, &on, socklen_t(MemoryLayout<Int32>.size))
        #endif
    }

    /// Blocks until `descriptor` is readable (true) or the wake pipe fires or polling fails (false).
    static func waitUntilReadable(_ descriptor: Int32, orWoken wakeReader: Int32) -> Bool {
        while true {
            var descriptors = [
                pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0),
                pollfd(fd: wakeReader, events: Int16(POLLIN), revents: 0),
            ]
            let ready = poll(&descriptors, 2, -1)
            if ready < 0 {
                if errno == EINTR { continue }
                return false
            }
            if descriptors[1].revents != 0 { return false }
            if descriptors[0].revents != 0 { return true }
        }
    }

    /// What `waitForPeer` saw.
    enum PeerState {
        /// Nothing happened within the wait, or the peer sent bytes (read and dropped).
        case quiet
        /// The peer closed the connection, an error occurred, or the server is stopping.
        case gone
    }

    /// Waits up to `milliseconds` (-1: forever) for the peer to close; bytes it sends are discarded.
    static func waitForPeer(_ descriptor: Int32, orWoken wakeReader: Int32, milliseconds: Int32) -> PeerState {
        var descriptors = [
            pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0),
            pollfd(fd: wakeReader, events: Int16(POLLIN), revents: 0),
        ]
        let ready = poll(&descriptors, 2, milliseconds)
        if ready < 0 { return errno == EINTR ? .quiet : .gone }
        if descriptors[1].revents != 0 { return .gone }
        guard descriptors[0].revents != 0 else { return .quiet }
        var scratch = [UInt8](repeating: 0, count: 4096)
        let count = scratch.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
        return count > 0 ? .quiet : .gone
    }

    /// Writes all of `data`; false when the peer has gone.
    static func sendAll(_ data: Data, to descriptor: Int32) -> Bool {
        #if canImport(Darwin)
        let flags: Int32 = 0
        #else
        let flags = Int32(MSG_NOSIGNAL)
        #endif
        return data.withUnsafeBytes { raw -> Bool in
            var offset = 0
            while offset < raw.count {
                let sent = send(descriptor, raw.baseAddress! + offset, raw.count - offset, flags)
                if sent < 0 {
                    if errno == EINTR { continue }
                    return false
                }
                offset += sent
            }
            return true
        }
    }
}
