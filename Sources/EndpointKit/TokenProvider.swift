/// Supplies the bearer token for endpoints that require authentication.
public protocol TokenProvider: Sendable {
    /// The current access token, or nil when signed out (the request then goes without one).
    func currentToken() async -> String?

    /// A new token after the server answered 401 to `rejected`, or nil to give up (the default:
    /// no refresh). The client asks once per rejected token, however many requests met the 401,
    /// and resends each of them once with the answer; `currentToken()` should return it from then on.
    func refreshedToken(rejected: String) async -> String?
}

extension TokenProvider {
    /// No refresh: a 401 fails the request.
    public func refreshedToken(rejected: String) async -> String? { nil }
}
