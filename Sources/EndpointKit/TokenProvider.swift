/// Supplies the bearer token for endpoints that require authentication.
public protocol TokenProvider: Sendable {
    /// The current access token, or nil when signed out (the request then goes without one).
    func currentToken() async -> String?
}
