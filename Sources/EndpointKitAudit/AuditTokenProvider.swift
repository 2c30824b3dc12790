import EndpointKit
import Foundation

/// The base URL every audited request is built against; its path checks that endpoints keep it.
public let auditBaseURL = URL(string: "https://audit.routegen.test/v1")!

/// Hands the client a token, as an app's sign-in would; it must appear exactly on authenticated routes.
public struct AuditTokenProvider: TokenProvider {
    /// The token the audit expects in `Authorization: Bearer ...`.
    public static let token = "audit-token"

    /// A provider that is always signed in with `token`.
    public init() {}

    /// Always `token`.
    public func currentToken() async -> String? { Self.token }
}
