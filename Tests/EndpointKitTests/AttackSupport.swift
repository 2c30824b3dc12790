import EndpointKit
import EndpointKitTesting
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Shared pieces of the attack suites: a client on a server, the token, and raw response heads.
enum Attack {
    /// The bearer token every attack client sends on authenticated endpoints.
    static let token = "attack-t0ken"

    /// The timed-out message, as `URLSessionHTTPClient` words it.
    static let timedOut = "The server took too long to respond. Check your connection."

    /// The decoding message a person sees.
    static let unreadable = "The server returned a response this app could not read."

    /// A real URLSession client on `server` with the attack token.
    static func client(_ server: LocalServer, timeout: TimeInterval = 10, logger: EndpointLogger = .silent) -> URLSessionHTTPClient {
        URLSessionHTTPClient(
            configuration: APIConfiguration(baseURL: server.baseURL, requestTimeout: timeout),
            tokenProvider: FixedTokenProvider(token), logger: logger
        )
    }

    /// A response head and body as raw bytes (`\r\n` line ends), for servers that lie about framing.
    static func wire(_ head: [String], body: String = "") -> Data {
        Data((head.joined(separator: "\r\n") + "\r\n\r\n" + body).utf8)
    }

    /// The `Could not reach` message for a server.
    static func couldNotReach(_ server: LocalServer) -> String {
        "Could not reach the server at \(server.baseURL.absoluteString). Is the backend running?"
    }
}

/// The echo the concurrency and escape tests read back: which request this answer belongs to.
struct EchoedID: Decodable, Equatable, Sendable {
    let id: Int
}
