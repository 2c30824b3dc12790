import Foundation

/// A request `LocalServer` received, as it came off the wire.
public struct RecordedRequest: Sendable {
    /// The method token, e.g. `GET`.
    public let method: String
    /// The request target as sent: percent-encoded path and query, e.g. `/books?limit=20&q=dune`.
    public let target: String
    /// The header fields in the order received.
    public let headers: [HTTPHeader]
    /// The body bytes (empty when there was none).
    public let body: Data
    /// Which connection carried it: 1 for the server's first accepted connection, and so on.
    /// Equal numbers on two requests show a kept-alive connection was reused.
    public let connection: Int

    /// Creates a record.
    public init(method: String, target: String, headers: [HTTPHeader], body: Data, connection: Int = 1) {
        self.method = method
        self.target = target
        self.headers = headers
        self.body = body
        self.connection = connection
    }

    /// The target's path, still percent-encoded, e.g. `/books/b%2F7`.
    public var path: String {
        String(target.prefix { $0 != "?" })
    }

    /// The target's query without `?`, or nil when there is none.
    public var query: String? {
        guard let mark = target.firstIndex(of: "?") else { return nil }
        return String(target[target.index(after: mark)...])
    }

    /// The first value of the named header, compared case-insensitively, or nil.
    public func header(_ name: String) -> String? {
        headers.first { $0.name.caseInsensitiveCompare(name) == .orderedSame }?.value
    }
}
