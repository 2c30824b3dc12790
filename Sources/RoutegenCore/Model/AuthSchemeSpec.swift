/// A credential scheme: how the routes that need authentication carry the credential, from an
/// `auth` line (`auth header X-Vault-Token`, `auth key = query key`) or the default bearer token.
public struct AuthSchemeSpec: Hashable, Sendable {
    /// Where the credential goes on the request.
    public enum Placement: Hashable, Sendable {
        /// `Authorization: Bearer <token>`.
        case bearer
        /// `Authorization: Basic base64(user:password)`.
        case basic
        /// `<name>: <prefix><token>`.
        case header(name: String, prefix: String)
        /// `?<name>=<token>`.
        case query(name: String)

        /// The word the route file writes: `bearer`, `basic`, `header`, `query`.
        public var word: String {
            switch self {
            case .bearer: "bearer"
            case .basic: "basic"
            case .header: "header"
            case .query: "query"
            }
        }
    }

    /// The name before `=`; nil for an unnamed scheme.
    public var name: String?
    /// Where the credential goes.
    public var placement: Placement
    /// Where the `auth` line's scheme word stands; nil for the default bearer scheme.
    public var location: SourceLocation?

    /// Creates a scheme.
    public init(name: String?, placement: Placement, location: SourceLocation?) {
        self.name = name
        self.placement = placement
        self.location = location
    }

    /// The scheme of an API with no `auth` line: `Authorization: Bearer <token>`.
    public static let defaultBearer = AuthSchemeSpec(name: nil, placement: .bearer, location: nil)

    /// The name the runtime's `AuthScheme` carries: the declared name, or the placement's word.
    public var runtimeName: String { name ?? placement.word }

    /// Whether it is EndpointKit's `AuthScheme.bearer`, which generated code spells `auth: .bearer`.
    public var isDefaultBearer: Bool { placement == .bearer && runtimeName == "bearer" }

    /// The placement as the route file writes it: `header Authorization prefix "Token token="`.
    public var placementText: String {
        switch placement {
        case .bearer, .basic: placement.word
        case .header(let header, let prefix): "header " + header + (prefix.isEmpty ? "" : " prefix " + SwiftNaming.stringLiteral(prefix))
        case .query(let item): "query " + item
        }
    }

    /// The scheme as `surface` and the route table show it: `key = query key`, `header X-Vault-Token`.
    public var displayText: String {
        (name.map { $0 + " = " } ?? "") + placementText
    }
}

extension APIModel {
    /// Whether every authenticated route uses the default bearer scheme: the route table and the
    /// audit tests then carry no scheme.
    public var usesOnlyDefaultBearer: Bool {
        groups.allSatisfy { $0.routes.allSatisfy { $0.authScheme?.isDefaultBearer ?? true } }
    }
}
