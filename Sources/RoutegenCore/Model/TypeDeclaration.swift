/// A type declared in the route file: a model, an enum, a patch or a union, checked.
///
/// Every name is resolved (included models merged, patch fields looked up in their model), so
/// emitters, lint rules and the surface read it without going back to the syntax.
public struct TypeDeclaration: Hashable, Sendable {
    /// What the declaration is, with what only that kind has.
    public enum Kind: Hashable, Sendable {
        /// `model`: a struct.
        case model(ModelShape)
        /// `enum`: known values and `.unknown`.
        case enumeration(EnumShape)
        /// `patch ... of Model`: a JSON Merge Patch of some of the model's fields.
        case patch(PatchShape)
        /// `union ... by field`: one of several models, told apart by a field's value.
        case union(UnionShape)
    }

    /// The Swift type name.
    public var name: String
    /// What it is.
    public var kind: Kind
    /// `///` lines above the declaration, without the markers.
    public var documentation: [String]
    /// Whether the line carries `deprecated`.
    public var isDeprecated: Bool
    /// Lint rule ids switched off by `# routegen:disable` above the declaration or at its end.
    public var disabledRules: [String]
    /// Where the name stands.
    public var location: SourceLocation

    /// Creates a declaration.
    public init(name: String, kind: Kind, documentation: [String] = [], isDeprecated: Bool = false, disabledRules: [String] = [], location: SourceLocation) {
        self.name = name
        self.kind = kind
        self.documentation = documentation
        self.isDeprecated = isDeprecated
        self.disabledRules = disabledRules
        self.location = location
    }

    /// The keyword that declares it: `model`, `enum`, `patch` or `union`.
    public var keyword: String {
        switch kind {
        case .model: "model"
        case .enumeration: "enum"
        case .patch: "patch"
        case .union: "union"
        }
    }

    /// The generic parameters of a model; empty for every other kind.
    public var genericParameters: [String] {
        if case .model(let shape) = kind { return shape.genericParameters }
        return []
    }

    /// The types its members hold, in order: a model's or a patch's fields, a union's variants;
    /// none for an enum.
    public var memberTypes: [TypeReference] {
        switch kind {
        case .model(let shape): shape.fields.map(\.type)
        case .patch(let shape): shape.fields.map(\.type)
        case .union(let shape): shape.variants.map(\.type)
        case .enumeration: []
        }
    }

    /// The fields of a model or a patch (a patch's with the model's types, not yet wrapped in `PatchField`).
    public var fields: [Field] {
        switch kind {
        case .model(let shape): shape.fields
        case .patch(let shape): shape.fields
        case .enumeration, .union: []
        }
    }
}

/// A model: its fields in order, those of the included models first.
public struct ModelShape: Hashable, Sendable {
    /// `<Item>` of `model Page<Item>`.
    public var genericParameters: [String]
    /// The included models' names, in order (`includes Timestamps`).
    public var includes: [String]
    /// Every field: the included models' first, in their order, then its own.
    public var fields: [Field]

    /// Creates a shape.
    public init(genericParameters: [String] = [], includes: [String] = [], fields: [Field]) {
        self.genericParameters = genericParameters
        self.includes = includes
        self.fields = fields
    }
}

/// One field of a model or a patch.
public struct Field: Hashable, Sendable {
    /// How a field may stand in the JSON.
    public enum Presence: String, Hashable, Sendable {
        /// `name: T`: always present, never null.
        case required
        /// `name: T?`: may be absent or null; decodes as nil, omitted when nil.
        case optional
        /// `name: T? required`: always present, may be null; nil is encoded as `null`.
        case requiredNullable
        /// `name: T = value`: absent decodes as the default; always encoded.
        case defaulted
    }

    /// The key on the wire: `published_at`, `@type`.
    public var wireName: String
    /// The Swift property name (unescaped): `publishedAt`.
    public var swiftName: String
    /// The type as Swift spells it: `Date?`, `[String]`, `ID<Book>`.
    public var type: TypeReference
    /// How it may stand in the JSON.
    public var presence: Presence
    /// The default of a `.defaulted` field.
    public var defaultValue: FieldDefault?
    /// `///` lines above the field.
    public var documentation: [String]
    /// Whether the line carries `deprecated`.
    public var isDeprecated: Bool
    /// The model the field comes from when it was included (`includes`), nil for its own.
    public var includedFrom: String?
    /// What the value must be beyond its type (`max-length 100`), and its example.
    public var constraints = ValueConstraints()
    /// `others: [String: JSONValue] additional`: the field holds the members of the JSON object
    /// that no other field names (OpenAPI's `additionalProperties`), and is no key of its own.
    public var isAdditional = false
    /// Whether the field is stored indirectly (`@Indirect`): an optional field through which its
    /// model holds itself (`parent: Item?`), set by the resolver.
    public var isIndirect = false
    /// Where the wire name stands.
    public var location: SourceLocation

    /// Creates a field.
    public init(
        wireName: String, swiftName: String, type: TypeReference, presence: Presence, defaultValue: FieldDefault? = nil,
        documentation: [String] = [], isDeprecated: Bool = false, includedFrom: String? = nil, location: SourceLocation
    ) {
        self.wireName = wireName
        self.swiftName = swiftName
        self.type = type
        self.presence = presence
        self.defaultValue = defaultValue
        self.documentation = documentation
        self.isDeprecated = isDeprecated
        self.includedFrom = includedFrom
        self.location = location
    }

    /// Whether the memberwise initializer may leave the field out: optional or defaulted.
    public var hasInitializerDefault: Bool { presence != .required }
}

/// A field's checked default value.
public enum FieldDefault: Hashable, Sendable {
    /// A whole number as written: `20`, `-1`.
    case integer(String)
    /// A decimal as written: `0.5`.
    case float(String)
    /// `true` or `false`.
    case boolean(Bool)
    /// A string's value (unescaped).
    case string(String)
    /// `[]`.
    case emptyArray
    /// `[:]`.
    case emptyDictionary
    /// `.case` of an enum declared in the file: the case's Swift name.
    case enumCase(String)

    /// The value as a Swift expression: `20`, `"name"`, `[]`, `.fantasy`.
    public var swiftExpression: String {
        switch self {
        case .integer(let text), .float(let text): text
        case .boolean(let flag): flag ? "true" : "false"
        case .string(let text): SwiftNaming.stringLiteral(text)
        case .emptyArray: "[]"
        case .emptyDictionary: "[:]"
        case .enumCase(let name): "." + SwiftNaming.escapedIdentifier(name)
        }
    }
}

/// An enum: known values with a catch-all for values the server adds later.
public struct EnumShape: Hashable, Sendable {
    /// What the values are on the wire.
    public enum RawType: String, Hashable, Sendable {
        /// JSON strings (`enum Genre`).
        case string = "String"
        /// JSON integers (`enum Priority: Int`).
        case integer = "Int"
    }

    /// What the values are on the wire.
    public var rawType: RawType
    /// The known cases, in order.
    public var cases: [EnumCase]

    /// Creates a shape.
    public init(rawType: RawType, cases: [EnumCase]) {
        self.rawType = rawType
        self.cases = cases
    }
}

/// One known value of an enum.
public struct EnumCase: Hashable, Sendable {
    /// The value on the wire: `science_fiction`, or digits for an integer enum (`1`, `-2`).
    public var wireValue: String
    /// The Swift case name (unescaped): `scienceFiction`.
    public var swiftName: String
    /// `///` lines above the case.
    public var documentation: [String]
    /// Whether the line carries `deprecated`.
    public var isDeprecated: Bool
    /// Where the case stands.
    public var location: SourceLocation

    /// Creates a case.
    public init(wireValue: String, swiftName: String, documentation: [String] = [], isDeprecated: Bool = false, location: SourceLocation) {
        self.wireValue = wireValue
        self.swiftName = swiftName
        self.documentation = documentation
        self.isDeprecated = isDeprecated
        self.location = location
    }
}

/// A JSON Merge Patch (RFC 7396) of a model: each listed field is absent, null or a value.
public struct PatchShape: Hashable, Sendable {
    /// The model patched.
    public var model: String
    /// The listed fields, with the model's wire names and types, in the patch's order.
    public var fields: [Field]

    /// Creates a shape.
    public init(model: String, fields: [Field]) {
        self.model = model
        self.fields = fields
    }
}

/// A union: which model, by one field's value (`oneOf` with a discriminator), or which variant,
/// by the shape of the value (`union Content by shape`).
public struct UnionShape: Hashable, Sendable {
    /// The field whose value names the variant: `kind`; nil for a union told apart by shape,
    /// whose decoder tries the variants in order and takes the first that decodes.
    public var discriminator: String?
    /// The variants, in order.
    public var variants: [UnionVariant]
    /// Whether the enum must be `indirect`: a variant holds this union again without an array between.
    public var isIndirect: Bool

    /// The word after `by` that makes a union one told apart by shape: `union Content by shape`.
    public static let byShapeWord = "shape"

    /// What follows `by` in the route file: the field (quoted when it is `shape`), or `shape`.
    public var byClause: String { Self.byClause(discriminator: discriminator) }

    /// What follows `by` for a union by `discriminator`, nil for one by shape.
    public static func byClause(discriminator: String?) -> String {
        guard let discriminator else { return byShapeWord }
        return isQuotedSubject(discriminator) ? StringLiteral.quoted(discriminator) : discriminator
    }

    /// Whether a union's field must be quoted after `by`: it is named like the shape form.
    public static func isQuotedSubject(_ discriminator: String) -> Bool {
        discriminator == byShapeWord
    }

    /// Creates a shape.
    public init(discriminator: String?, variants: [UnionVariant], isIndirect: Bool = false) {
        self.discriminator = discriminator
        self.variants = variants
        self.isIndirect = isIndirect
    }
}

/// One variant of a union.
public struct UnionVariant: Hashable, Sendable {
    /// The discriminator's value for it: `circle`; in a union told apart by shape, the variant's name.
    public var tag: String
    /// The Swift case name (unescaped): `circle`.
    public var swiftName: String
    /// The model it holds; in a union told apart by shape, any type.
    public var type: TypeReference
    /// `///` lines above the variant.
    public var documentation: [String]
    /// Whether the line carries `deprecated`.
    public var isDeprecated: Bool
    /// Where the tag stands.
    public var location: SourceLocation

    /// Creates a variant.
    public init(tag: String, swiftName: String, type: TypeReference, documentation: [String] = [], isDeprecated: Bool = false, location: SourceLocation) {
        self.tag = tag
        self.swiftName = swiftName
        self.type = type
        self.documentation = documentation
        self.isDeprecated = isDeprecated
        self.location = location
    }
}
