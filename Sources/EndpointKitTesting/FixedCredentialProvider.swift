import EndpointKit

/// A credential provider with fixed answers: one credential for every scheme, or one per scheme name.
public struct FixedCredentialProvider: CredentialProvider {
    /// The credential for each scheme name; schemes not named get `fallback`.
    public let credentials: [String: Credential]
    /// The credential of every scheme `credentials` does not name (nil: signed out).
    public let fallback: Credential?

    /// A provider answering `credential` for every scheme.
    public init(_ credential: Credential?) {
        credentials = [:]
        fallback = credential
    }

    /// A provider answering by scheme name, and `fallback` for any other scheme.
    public init(byScheme credentials: [String: Credential], fallback: Credential? = nil) {
        self.credentials = credentials
        self.fallback = fallback
    }

    /// The credential for `scheme`'s name, or the fallback.
    public func credential(for scheme: AuthScheme) async -> Credential? {
        credentials[scheme.name] ?? fallback
    }
}
