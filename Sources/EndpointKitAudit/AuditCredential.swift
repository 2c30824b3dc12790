import EndpointKit
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Where a credential stands on a request, with its exact text: what the audit expects on an
/// authenticated route and finds nowhere on a public one.
public enum AuditCredential: Sendable, Hashable, CustomStringConvertible {
    /// A header field and its whole value: `Authorization: Bearer audit-token`, `X-Vault-Token: audit-token`.
    case header(name: String, value: String)
    /// A query item and its decoded value: `key=audit-token`.
    case query(name: String, value: String)

    /// `header X-Vault-Token: audit-token` or `query key=audit-token`, for test output.
    public var description: String {
        switch self {
        case .header(let name, let value): "header " + name + ": " + value
        case .query(let name, let value): "query " + name + "=" + value
        }
    }
}

/// Hands the client the audit's credentials: `.basic(user:password:)` for an HTTP Basic scheme,
/// `.token(AuditTokenProvider.token)` for every other scheme.
public struct AuditCredentialProvider: CredentialProvider {
    /// The user name of the Basic credential.
    public static let user = "audit-user"
    /// The password of the Basic credential.
    public static let password = "audit-password"

    /// A provider that is always signed in.
    public init() {}

    /// The audit credential that fits `scheme`.
    public func credential(for scheme: AuthScheme) async -> Credential? {
        if case .basic = scheme.placement { return .basic(user: Self.user, password: Self.password) }
        return .token(AuditTokenProvider.token)
    }
}

/// Every place on `request` that carries an audit credential (the token, or the Basic pair
/// encoded), headers by name then query items in URL order: exactly one entry, the declared
/// one, on an authenticated route; none on a public route.
public func auditCredentials(in request: URLRequest) -> [AuditCredential] {
    let basic = Data((AuditCredentialProvider.user + ":" + AuditCredentialProvider.password).utf8).base64EncodedString()
    let secrets = [AuditTokenProvider.token, basic]
    let carries: (String) -> Bool = { value in secrets.contains { value.contains($0) } }
    var found: [AuditCredential] = []
    let headers = (request.allHTTPHeaderFields ?? [:]).sorted { $0.key.lowercased() < $1.key.lowercased() }
    for (name, value) in headers where carries(value) {
        found.append(.header(name: name, value: value))
    }
    if let url = request.url, let items = URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems {
        for item in items where carries(item.value ?? "") || carries(item.name) {
            found.append(.query(name: item.name, value: item.value ?? ""))
        }
    }
    if let path = request.url?.path, carries(path) {
        found.append(.query(name: "(path)", value: path))
    }
    return found
}
