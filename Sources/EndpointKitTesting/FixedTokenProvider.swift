import EndpointKit

/// A token provider that always answers the same token (or nil, signed out).
public struct FixedTokenProvider: TokenProvider {
    /// The token every call returns.
    public let token: String?

    /// Creates a provider answering `token`.
    public init(_ token: String?) {
        self.token = token
    }

    /// The fixed token.
    public func currentToken() async -> String? { token }
}
