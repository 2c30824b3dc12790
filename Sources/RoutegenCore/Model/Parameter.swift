/// A path, query, header or cookie parameter of a route.
public struct Parameter: Hashable, Sendable {
    /// Where a parameter travels.
    public enum Kind: String, Hashable, Sendable {
        case path
        case query
        case header
        case cookie
    }

    /// The name on the wire, as written: `per_page`, `If-Match`, `id`.
    public var name: String
    /// Where it travels.
    public var kind: Kind
    /// Its type as written.
    public var type: TypeReference
    /// `= value`, when written.
    public var defaultValue: DefaultValue?
    /// Where the name stands.
    public var location: SourceLocation
    /// Where the type stands.
    public var typeLocation: SourceLocation
    /// The word after the type that says how the value is spelled (`comma`, `deep`,
    /// `matrix explode`, ...); nil for the kind's usual spelling (see `ParameterStyle`).
    public var style: ParameterStyle?
    /// `deep`: a `[String: Value]` query parameter sent as one `name[key]=value` item per key,
    /// keys sorted (OpenAPI's deepObject style).
    public var isDeepObject: Bool { style == .deep }
    /// What the value must be beyond its type (`maximum 100`), and its example.
    public var constraints = ValueConstraints()
    /// What EndpointKit makes of the value, resolved once from `type`: the scalar kind of the
    /// type, or of its element or wrapped type; nil for a value it cannot convert itself.
    public var scalarKind: ScalarKind? { type.scalarKind }

    /// Creates a parameter.
    public init(name: String, kind: Kind, type: TypeReference, defaultValue: DefaultValue? = nil, location: SourceLocation, typeLocation: SourceLocation) {
        self.name = name
        self.kind = kind
        self.type = type
        self.defaultValue = defaultValue
        self.location = location
        self.typeLocation = typeLocation
    }

    /// Whether a caller must pass it: not optional, no default, and not an array outside the
    /// path (such an array defaults to empty, which sends nothing; a path segment is always sent).
    public var isRequired: Bool {
        defaultValue == nil && !type.isOptional && (kind == .path || !type.isArray)
    }
}

/// A literal after `=` in a parameter, checked against the parameter's type.
public enum DefaultValue: Hashable, Sendable {
    /// An integer literal, as written (`20`, `-1`).
    case integer(String)
    /// A floating-point literal, as written (`0.5`).
    case float(String)
    /// `true` or `false`.
    case boolean(Bool)
    /// A double-quoted string, unescaped.
    case string(String)

    /// The value as the route file spells it, for the formatter and the surface listing.
    public var sourceText: String {
        switch self {
        case .integer(let text), .float(let text): text
        case .boolean(let value): value ? "true" : "false"
        case .string(let value):
            SwiftNaming.stringLiteral(value)
        }
    }
}
