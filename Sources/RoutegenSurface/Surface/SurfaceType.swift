import RoutegenCore
import RoutegenLint

/// One declared type (`model`, `enum`, `patch`, `union`) as the surface listing shows it: the
/// facts of its declaration line, and its members in declaration order (a model's fields are the
/// order of its initializer's arguments), as text.
public struct SurfaceType: Hashable, Sendable, Encodable {
    /// The API's name (`Library`).
    public var api: String
    /// `model`, `enum`, `patch` or `union`.
    public var kind: String
    /// The type's name (`Book`).
    public var name: String
    /// The declaration as the listing shows it: `model Page<Item>`, `model Book includes Timestamps`,
    /// `enum Priority: Int`, `patch BookPatch of Book`, `union Shape by kind`.
    public var declaration: String
    /// A model's generic parameters; nil when it has none.
    public var genericParameters: [String]?
    /// A model's included models; nil when it includes none.
    public var includes: [String]?
    /// An enum's wire type, `String` or `Int`.
    public var rawType: String?
    /// The model a patch is of.
    public var of: String?
    /// The field a union's variants are told apart by.
    public var discriminator: String?
    /// Fields (a model's included ones first), values or variants, in declaration order.
    public var members: [SurfaceMember]

    /// The entry of `declaration` in the API named `api`.
    public init(_ declaration: TypeDeclaration, api: String) {
        self.api = api
        kind = declaration.keyword
        name = declaration.name
        var head = declaration.keyword + " " + declaration.name
        switch declaration.kind {
        case .model(let shape):
            if !shape.genericParameters.isEmpty {
                genericParameters = shape.genericParameters
                head += "<" + shape.genericParameters.joined(separator: ", ") + ">"
            }
            if !shape.includes.isEmpty {
                includes = shape.includes
                head += " includes " + shape.includes.joined(separator: ", ")
            }
            members = shape.fields.map(SurfaceMember.init(field:))
        case .enumeration(let shape):
            rawType = shape.rawType.rawValue
            if shape.rawType == .integer { head += ": " + shape.rawType.rawValue }
            members = shape.cases.map { SurfaceMember(name: $0.wireValue, swiftName: $0.swiftName) }
        case .patch(let shape):
            of = shape.model
            head += " of " + shape.model
            members = shape.fields.map(SurfaceMember.init(field:))
        case .union(let shape):
            discriminator = shape.discriminator
            head += " by " + shape.byClause
            members = shape.variants.map { SurfaceMember(name: $0.tag, swiftName: $0.swiftName, type: $0.type.description) }
        }
        self.declaration = head
    }

    /// The surface order: by name (Unicode scalar values), then by API name.
    public static func precedes(_ lhs: SurfaceType, _ rhs: SurfaceType) -> Bool {
        if lhs.name != rhs.name { return TextOrder.precedes(lhs.name, rhs.name) }
        return TextOrder.precedes(lhs.api, rhs.api)
    }
}

/// A field, an enum's value or a union's variant, as the surface listing shows it.
public struct SurfaceMember: Hashable, Sendable, Encodable {
    /// The wire name of a field, the wire value of an enum case (`science_fiction`, `1`), the tag of a variant.
    public var name: String
    /// The Swift property, case or variant name (`scienceFiction`).
    public var swiftName: String
    /// The field's type (`Date?`, `ID<Book>`), the variant's model; nil for an enum case.
    public var type: String?
    /// A field's presence: `required`, `optional`, `required nullable` (always present, may be
    /// null) or `defaulted` (absent decodes as its default); nil for an enum case or a variant.
    public var presence: String?
    /// A defaulted field's default as the route file writes it: `20`, `"name"`, `[]`, `.fantasy`.
    public var `default`: String?

    /// Creates a member.
    public init(name: String, swiftName: String, type: String? = nil, presence: String? = nil, default: String? = nil) {
        self.name = name
        self.swiftName = swiftName
        self.type = type
        self.presence = presence
        self.default = `default`
    }

    /// The member of a field.
    init(field: Field) {
        self.init(
            name: field.wireName, swiftName: field.swiftName, type: field.type.description,
            presence: Self.presence(field.presence), default: field.defaultValue.map(Self.text)
        )
    }

    /// The listing's word for a presence.
    static func presence(_ presence: Field.Presence) -> String {
        switch presence {
        case .required: "required"
        case .optional: "optional"
        case .requiredNullable: "required nullable"
        case .defaulted: "defaulted"
        }
    }

    /// A default as the route file writes it.
    static func text(_ value: FieldDefault) -> String {
        switch value {
        case .integer(let text), .float(let text): text
        case .boolean(let value): value ? "true" : "false"
        case .string(let text): SwiftNaming.stringLiteral(text)
        case .emptyArray: "[]"
        case .emptyDictionary: "[:]"
        case .enumCase(let name): "." + name
        }
    }

    /// The presence cell of the text and Markdown listings: the presence, with a default after `=`.
    var presenceCell: String {
        guard let presence else { return "-" }
        return `default`.map { presence + " = " + $0 } ?? presence
    }
}
