#if canImport(Testing)
import EndpointKit
import Testing

/// A route as the route file declares it, and the calls the audit makes to its endpoint.
public struct AuditedRoute: Sendable, CustomTestStringConvertible {
    /// The route's name in the route file.
    public let name: String
    /// The method token the route declares.
    public let method: String
    /// The path as the route file writes it, parameters as `{name}`.
    public let pathTemplate: String
    /// Whether the route is `auth`.
    public let requiresAuthentication: Bool
    /// The Content-Type of its body; nil when it has none.
    public let contentType: String?
    /// The media type it asks for.
    public let accept: String
    /// Whether the route file accepts a user identifier in its path (`# routegen:disable user-id-in-authenticated-path`).
    public let acceptsUserIdentifierInPath: Bool
    /// Every parameter with a distinct sample.
    public let withAllArguments: AuditedCall
    /// Only the arguments a caller must pass.
    public var withRequiredArguments: AuditedCall?
    /// Every text path value `a/b c&d+e`.
    public var withHostileSegment: AuditedCall?
    /// Every text path value `Zoë/東京`.
    public var withNonASCIISegment: AuditedCall?
    /// Every text path value `..`.
    public var withDotSegment: AuditedCall?
    /// Every text query value `a/b c&d+e`.
    public var withHostileQuery: AuditedCall?
    /// Where the audit credential must stand, exactly, on an authenticated route of an API with credential schemes (`auditCredentials(in:)` finds only it); nil for a public route and in an API that uses only the default bearer token.
    public var credential: AuditCredential?

    /// Declares a route and the call that passes every argument.
    public init<Response>(
        name: String,
        method: String,
        pathTemplate: String,
        requiresAuthentication: Bool,
        contentType: String?,
        accept: String,
        acceptsUserIdentifierInPath: Bool = false,
        url: String?,
        headers: [AuditHeader] = [],
        endpoint: @escaping @Sendable () throws -> Endpoint<Response>
    ) {
        self.name = name
        self.method = method
        self.pathTemplate = pathTemplate
        self.requiresAuthentication = requiresAuthentication
        self.contentType = contentType
        self.accept = accept
        self.acceptsUserIdentifierInPath = acceptsUserIdentifierInPath
        withAllArguments = AuditedCall(url: url, headers: headers, endpoint)
    }

    /// The route's name, so each test case in the output says which route it is.
    public var testDescription: String { name }
}

/// Declares one deprecated route. Its conformer's `declare()` is deprecated, so calling the deprecated
/// endpoint there raises no warning, and calling it through this protocol raises none either.
public protocol AuditRouteDeclaring {
    /// The route and the calls the audit makes.
    func declare() -> AuditedRoute
}
#endif
