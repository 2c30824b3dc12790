import Foundation
import HTTPWire
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

    private let listener: ConnectionListener
    private let state: LockedState<ServerState>

    private struct ServerState: Sendable {
        var requests: [RecordedRequest] = []
        var connections = 0
        var closedConnections = 0
    }

    /// Every request received so far, in the order they were complete.
    public var requests: [RecordedRequest] { state.withLock { $0.requests } }

    /// How many connections have ended so far: the client closed them, or the server did after
    /// its answer. A test of cancellation watches it grow.
    public var closedConnections: Int { state.withLock { $0.closedConnections } }

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
        let bound: (descriptor: Int32, port: UInt16)
        do {
            bound = try WireSocket.listen(address: address, port: 0, backlog: 64)
        } catch {
            throw LocalServerError(error, address: address)
        }
        let state = LockedState(ServerState())
        let options = ListenerOptions(acceptThreadName: "LocalServer accept :\(bound.port)", connectionThreadName: "LocalServer connection")
        do {
            self.listener = try ConnectionListener(listener: bound.descriptor, options: options) { accepted in
                let number = state.withLock { state in
                    state.connections += 1
                    return state.connections
                }
                return {
                    var connection = Connection(accepted: accepted, number: number, state: state, handler: handler)
                    connection.serve()
                    state.withLock { $0.closedConnections += 1 }
                }
            }
        } catch {
            throw LocalServerError(error, address: address)
        }
        self.port = bound.port
        self.baseURL = URL(string: "http://\(address):\(bound.port)")!
        self.state = state
    }

    deinit {
        stop()
    }

    /// Stops accepting, closes every connection, and returns once no server thread is left. Idempotent.
    public func stop() {
        listener.stop()
    }

    /// LocalServer's reading rules: no timeouts (a test decides how long it waits), heads up to
    /// 64 KiB closed unanswered beyond, bodies up to 64 MiB, `*` targets, `100 Continue` whenever
    /// asked, and only `Connection: close` ends a connection.
    private static let readingRules = HTTPReadingRules(
        maximumHeadBytes: 64 * 1024 - 1,
        maximumBodyBytes: 64 * 1024 * 1024,
        idleTimeoutMilliseconds: nil,
        requestTimeoutMilliseconds: nil,
        acceptsAsteriskTarget: true,
        continuesOnlyForPendingBody: false,
        closesHTTP10ByDefault: false
    )

    /// One client connection: parse requests, record them, answer them, until either side closes.
    private struct Connection {
        let accepted: AcceptedConnection
        let number: Int
        let state: LockedState<ServerState>
        let handler: Handler
        private var reader: HTTPRequestReader

        init(accepted: AcceptedConnection, number: Int, state: LockedState<ServerState>, handler: @escaping Handler) {
            self.accepted = accepted
            self.number = number
            self.state = state
            self.handler = handler
            self.reader = HTTPRequestReader(connection: accepted, rules: LocalServer.readingRules)
        }

        mutating func serve() {
            while let (request, closing) = readRequest() {
                state.withLock { $0.requests.append(request) }
                let response: HTTPResponse
                do {
                    response = try handler(request)
                } catch {
                    response = .text(String(describing: error), status: 500)
                }
                if let raw = response.rawBytes {
                    guard WireSocket.sendAll(raw, to: accepted.descriptor) else { return }
                    misbehave(response.afterRawBytes)
                    return
                }
                guard WireSocket.sendAll(response.serialized(forMethod: request.method, closing: closing), to: accepted.descriptor),
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
                while waitForPeer(milliseconds: -1) == .quiet {}
            case .repeating(let chunk, let times):
                for _ in 0..<times {
                    guard WireSocket.sendAll(chunk, to: accepted.descriptor) else { return }
                }
            case .pieces(let pieces, let interval):
                let milliseconds = Int32(max(0, (interval * 1000).rounded()))
                for piece in pieces {
                    guard waitForPeer(milliseconds: milliseconds) == .quiet,
                          WireSocket.sendAll(piece, to: accepted.descriptor) else { return }
                }
            case .trickle(let chunk, let interval):
                let milliseconds = Int32(max(1, (interval * 1000).rounded()))
                while waitForPeer(milliseconds: milliseconds) == .quiet {
                    guard WireSocket.sendAll(chunk, to: accepted.descriptor) else { return }
                }
            }
        }

        /// What `waitForPeer` saw.
        private enum PeerState {
            /// Nothing happened within the wait, or the peer sent bytes (read and dropped).
            case quiet
            /// The peer closed the connection, an error occurred, or the server is stopping.
            case gone
        }

        /// Waits up to `milliseconds` (-1: forever) for the peer to close; bytes it sends are discarded.
        private func waitForPeer(milliseconds: Int32) -> PeerState {
            switch WireSocket.wait(accepted.descriptor, orStopped: accepted.stopSignal, milliseconds: milliseconds) {
            case .timedOut: return .quiet
            case .stopping: return .gone
            case .readable:
                var discarded: [UInt8] = []
                return WireSocket.receive(accepted.descriptor, into: &discarded) ? .quiet : .gone
            }
        }

        /// Reads one request, and whether the connection closes after it; nil at end of stream,
        /// when stopping, on a head over 64 KiB, or on a request refused (answered as HTTP says).
        private mutating func readRequest() -> (RecordedRequest, closing: Bool)? {
            switch reader.next() {
            case .end:
                return nil
            case .refused(let refusal):
                if let answer = Self.answer(to: refusal) {
                    _ = WireSocket.sendAll(answer.serialized(forMethod: "GET", closing: true), to: accepted.descriptor)
                }
                return nil
            case .request(let head, let body, let closing):
                let headers = head.headers.map { HTTPHeader(name: $0.name, value: $0.value) }
                let request = RecordedRequest(method: head.method, target: head.target, headers: headers, body: Data(body), connection: number)
                return (request, closing)
            }
        }

        /// LocalServer's answer to a request it will not read; nil: close without one.
        private static func answer(to refusal: HTTPReadRefusal) -> HTTPResponse? {
            switch refusal {
            case .headTooLarge, .timedOut: nil
            case .malformedHead: .text("malformed request head", status: 400)
            case .transferEncoding: .text("chunked request bodies are not supported; send Content-Length", status: 501)
            case .badContentLength, .bodyTooLarge: .text("bad Content-Length", status: 400)
            }
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

extension LocalServerError {
    /// LocalServer's wording of a failed socket call on `address`: the call's C name.
    init(_ failure: SocketCallError, address: String) {
        let operation = switch failure.call {
        case .parseAddress: "inet_pton \(address)"
        case .open: "socket"
        case .bind: "bind"
        case .readAddress: "getsockname"
        case .listen: "listen"
        case .pipe: "pipe"
        }
        self.init(operation: operation, code: failure.code)
    }
}
