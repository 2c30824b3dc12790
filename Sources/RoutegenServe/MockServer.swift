import Foundation
import HTTPWire

/// `routegen serve`'s server: an `HTTPServer` answering from a `ServedAPI` that can be replaced
/// while it runs (on reload), logging one line per request.
public final class MockServer: Sendable {
    private let current: Locked<ServedAPI>
    private let server: HTTPServer

    /// The address and port listened on: `http://127.0.0.1:8080`.
    public var baseURL: String { "http://" + server.host + ":" + String(server.port) }
    /// The port listened on.
    public var port: UInt16 { server.port }

    /// Starts serving `api` on `host`:`port` (0: any free port); `log` gets each request's line
    /// without a line break: `GET /books/book-1 200 book` (`-` when no route matched), and why
    /// after a refusal: `GET /me 401 me: route 'me' needs an 'Authorization: Bearer <token>' header`.
    public init(api: ServedAPI, host: String, port: UInt16, limits: ServeLimits = ServeLimits(), log: @escaping @Sendable (String) -> Void) throws(ServeSocketError) {
        let current = Locked(api)
        self.current = current
        self.server = try HTTPServer(host: host, port: port, limits: limits) { request in
            let answer = current.withLock { $0 }.answer(request)
            let refusal = answer.refusal.map { ": " + $0 } ?? ""
            log(request.method + " " + request.target + " " + String(answer.response.status) + " " + (answer.routeName ?? "-") + refusal)
            return answer.response
        }
    }

    /// Serves `api` from the next request on.
    public func replace(with api: ServedAPI) {
        current.withLock { $0 = api }
    }

    /// Closes the socket and every connection; returns when no server thread is left.
    public func stop() {
        server.stop()
    }
}
