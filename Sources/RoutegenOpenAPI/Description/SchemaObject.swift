import RoutegenCore

/// One JSON Schema of a description (OpenAPI's Schema Object), read once by `SchemaReader`:
/// every keyword the importer uses, typed, with OpenAPI 3.0's and 3.1's spellings made one
/// (`nullable: true` and `null` among the types; an exclusive bound as a flag or as a number;
/// `example` and `examples`), and where each part stands, for diagnostics.
///
/// Immutable and shared: a component is one object however many references reach it.
final class SchemaObject: Sendable {
    /// What the node is: an ordinary schema, a boolean schema (`true`, `false`), or neither.
    enum Form: Hashable, Sendable {
        case mapping(isEmpty: Bool)
        case boolean(Bool)
        case other
    }

    /// What the node is.
    let form: Form
    /// Where the schema starts.
    let position: DocumentPosition
    /// `$ref`, resolved when the description was read.
    let reference: SchemaReference?
    /// `$recursiveRef: "#"` (JSON Schema 2019-09): the component the schema stands in; where it stands.
    let recursiveReference: DocumentPosition?
    /// The names in `type`, without `null`.
    let types: [String]
    /// Where `type` stands.
    let typePosition: DocumentPosition?
    /// Whether the value may be null: `nullable: true` (3.0) or `null` among the types (3.1).
    let isNullable: Bool
    /// Whether `type` is exactly `"null"`: a schema of the null value alone.
    let typeIsNull: Bool
    /// `format`.
    let format: String?
    /// `title` and `description`.
    let title: String?
    let description: String?
    /// `deprecated`, `readOnly`, `writeOnly`.
    let isDeprecated: Bool
    let isReadOnly: Bool
    let isWriteOnly: Bool
    /// `properties` in the order written; nil without the keyword (an empty list when it is no mapping).
    let properties: [SchemaProperty]?
    /// The names `required` lists (strings only), each where it stands.
    let required: [Located<String>]
    /// `additionalProperties`: a schema, or a boolean schema.
    let additionalProperties: SchemaObject?
    /// `items`.
    let items: SchemaObject?
    /// `allOf`, `oneOf` and `anyOf`, when each is a list.
    let allOf: [SchemaObject]?
    let oneOf: Composition?
    let anyOf: Composition?
    /// `enum`: the values as written, and where the list stands.
    let enumeration: Composition.Values?
    /// `const`, `default`.
    let constant: DocumentNode?
    let defaultValue: DocumentNode?
    /// `discriminator`.
    let discriminator: Discriminator?
    /// `contentEncoding`; whether `contentMediaType` is there.
    let contentEncoding: String?
    let hasContentMediaType: Bool
    /// The keywords that bound a value, and its example.
    let value: ValueKeywords
    /// Whether the schema says nothing of the value, only about it (`description`, `title`,
    /// `example`, `nullable`, `readOnly`, extensions...).
    let onlyAnnotates: Bool
    /// routegen's own extensions (what an export writes) and the vendors' ones the importer reads.
    let extensions: SchemaExtensions

    init(
        form: Form, position: DocumentPosition, reference: SchemaReference?, recursiveReference: DocumentPosition?,
        types: [String], typePosition: DocumentPosition?, isNullable: Bool, typeIsNull: Bool, format: String?, title: String?, description: String?,
        isDeprecated: Bool, isReadOnly: Bool, isWriteOnly: Bool, properties: [SchemaProperty]?, required: [Located<String>],
        additionalProperties: SchemaObject?, items: SchemaObject?, allOf: [SchemaObject]?, oneOf: Composition?, anyOf: Composition?,
        enumeration: Composition.Values?, constant: DocumentNode?, defaultValue: DocumentNode?, discriminator: Discriminator?,
        contentEncoding: String?, hasContentMediaType: Bool, value: ValueKeywords, onlyAnnotates: Bool, extensions: SchemaExtensions
    ) {
        self.form = form
        self.position = position
        self.reference = reference
        self.recursiveReference = recursiveReference
        self.types = types
        self.typePosition = typePosition
        self.isNullable = isNullable
        self.typeIsNull = typeIsNull
        self.format = format
        self.title = title
        self.description = description
        self.isDeprecated = isDeprecated
        self.isReadOnly = isReadOnly
        self.isWriteOnly = isWriteOnly
        self.properties = properties
        self.required = required
        self.additionalProperties = additionalProperties
        self.items = items
        self.allOf = allOf
        self.oneOf = oneOf
        self.anyOf = anyOf
        self.enumeration = enumeration
        self.constant = constant
        self.defaultValue = defaultValue
        self.discriminator = discriminator
        self.contentEncoding = contentEncoding
        self.hasContentMediaType = hasContentMediaType
        self.value = value
        self.onlyAnnotates = onlyAnnotates
        self.extensions = extensions
    }

    /// A schema that says nothing but its form, a reference (`{$ref: ...}`) or the `allOf` of
    /// several schemas: a boolean schema as read, or one made in memory.
    static func made(form: Form = .mapping(isEmpty: false), reference: SchemaReference? = nil, allOf: [SchemaObject]? = nil, at position: DocumentPosition = .none) -> SchemaObject {
        SchemaObject(
            form: form, position: position, reference: reference, recursiveReference: nil, types: [], typePosition: nil,
            isNullable: false, typeIsNull: false, format: nil, title: nil, description: nil, isDeprecated: false, isReadOnly: false, isWriteOnly: false,
            properties: nil, required: [], additionalProperties: nil, items: nil, allOf: allOf, oneOf: nil, anyOf: nil, enumeration: nil,
            constant: nil, defaultValue: nil, discriminator: nil, contentEncoding: nil, hasContentMediaType: false, value: ValueKeywords(),
            onlyAnnotates: false, extensions: SchemaExtensions()
        )
    }

    /// Whether the node is a mapping, an ordinary schema.
    var isMapping: Bool {
        if case .mapping = form { return true }
        return false
    }

    /// The schemas it holds: its properties', `items`, `additionalProperties`, and the parts of
    /// `allOf`, `oneOf` and `anyOf`.
    var children: [SchemaObject] {
        (properties ?? []).map(\.schema) + [items, additionalProperties].compactMap { $0 }
            + (allOf ?? []) + (oneOf?.schemas ?? []) + (anyOf?.schemas ?? [])
    }

    /// `oneOf` or `anyOf` by its keyword.
    func choice(_ keyword: String) -> Composition? {
        keyword == "oneOf" ? oneOf : keyword == "anyOf" ? anyOf : nil
    }

    /// Whether a `oneOf` or `anyOf` variant allows only null: `type: "null"`, or an `enum` of nulls.
    var allowsOnlyNull: Bool {
        typeIsNull || enumeration?.values.allSatisfy(\.isNull) == true
    }

    /// Whether the schema declares a type of its own when it is a component: it has
    /// `properties`, `allOf`, `enum`, `oneOf`, `x-routegen-patch-of` or
    /// `x-routegen-generic-parameters`, and stands for no other type.
    var declaresType: Bool {
        guard !extensions.isStandIn else { return false }
        return properties != nil || allOf != nil || enumeration != nil || oneOf != nil || extensions.patchOf != nil || extensions.genericParameters != nil
    }
}

/// A value with where it stands in the description.
struct Located<Value: Sendable>: Sendable {
    let value: Value
    let position: DocumentPosition
}

/// One entry of `properties`.
struct SchemaProperty: Sendable {
    /// The wire name; nil for a key that is no string.
    let name: String?
    /// Where the key stands.
    let keyPosition: DocumentPosition
    /// The property's schema.
    let schema: SchemaObject
}

/// `oneOf` or `anyOf`: the variants, and where the list stands.
struct Composition: Sendable {
    let schemas: [SchemaObject]
    let position: DocumentPosition

    /// `enum`'s values and where the list stands.
    struct Values: Sendable {
        let values: [DocumentNode]
        let position: DocumentPosition
    }
}

/// `discriminator`: the property that names the variant, and `mapping` (tag → the reference,
/// resolved; nil where the value is no text).
struct Discriminator: Sendable {
    let propertyName: String?
    let mapping: [(tag: String?, reference: SchemaReference?)]
    let position: DocumentPosition
}

/// A `$ref`, resolved once when the description was read: what it points to, and where it
/// stands. The schema itself is the document's (`SchemaTable.schema(for:)`), so a reference
/// to a component is the component, however many point to it.
struct SchemaReference: Sendable {
    /// What a reference leads to.
    enum Target: Sendable {
        /// A schema of this document: `component` when it is one of `components` (its section
        /// and name), `insideSchemaComponent` when it points into a schema component
        /// (`#/components/schemas/Rule/allOf/0`).
        case schema(component: (section: String, name: String)?, insideSchemaComponent: String?)
        /// Another file or a URL: not fetched.
        case external
        /// A pointer into this document that leads nowhere.
        case missing
        /// `$ref` is no text; its kind (`a number`).
        case notText(String)
    }

    /// The reference's text; empty when it is no text.
    let text: String
    /// Where the `$ref` value stands.
    let position: DocumentPosition
    /// What it leads to.
    let target: Target

    /// The reference's text, when it is text.
    var textIfAny: String? {
        if case .notText = target { return nil }
        return text
    }

    /// The same reference, said at `position` (a union's variant named by its discriminator's mapping).
    func said(at position: DocumentPosition) -> SchemaReference {
        SchemaReference(text: text, position: position, target: target)
    }

    /// The schema component it points to or into (`#/components/schemas/Rule/allOf/0`).
    var insideSchemaComponentName: String? {
        if case .schema(_, let inside) = target { return inside }
        return nil
    }

    /// The schema component it names directly (`#/components/schemas/Book`).
    var schemaComponent: String? {
        if case .schema(let component?, _) = target, component.section == "schemas" { return component.name }
        return nil
    }
}

/// The keywords that bound a value and its example, as the route file's constraints read them.
struct ValueKeywords: Sendable {
    /// A bound, as `minimum`/`exclusiveMinimum` say it in either version.
    struct Bound: Sendable {
        /// The number as written.
        let text: String
        let isExclusive: Bool
        /// The keyword it was written with, for messages.
        let keyword: String
        let position: DocumentPosition
    }

    var minimum: Bound?
    var maximum: Bound?
    var multipleOf: DocumentNode?
    var minLength: DocumentNode?
    var maxLength: DocumentNode?
    var minItems: DocumentNode?
    var maxItems: DocumentNode?
    var pattern: DocumentNode?
    var format: String?
    /// `const` (or the value of a one-value `enum`), else `example`, else the first of `examples`.
    var example: DocumentNode?
    var items: SchemaObject?

    /// These keywords, each of `inner`'s where these lack it: a schema with its `allOf` part's.
    func merging(_ inner: ValueKeywords) -> ValueKeywords {
        ValueKeywords(
            minimum: minimum ?? inner.minimum, maximum: maximum ?? inner.maximum, multipleOf: multipleOf ?? inner.multipleOf,
            minLength: minLength ?? inner.minLength, maxLength: maxLength ?? inner.maxLength, minItems: minItems ?? inner.minItems,
            maxItems: maxItems ?? inner.maxItems, pattern: pattern ?? inner.pattern, format: format ?? inner.format,
            example: example ?? inner.example, items: items ?? inner.items
        )
    }
}

/// What a schema says in extensions: routegen's own, which an export writes (docs/openapi.md),
/// and `x-enum-varnames`.
struct SchemaExtensions: Sendable {
    /// What an export says of one enum case or union variant: `{swift-name, description, deprecated}`.
    struct MemberFacts: Sendable {
        var swiftName: String?
        var description: String?
        var isDeprecated = false
    }

    /// An extension whose value should be text: the text, else the value's kind, and where it stands.
    struct Text: Sendable {
        let text: String?
        let kindDescription: String
        let position: DocumentPosition
    }

    /// `x-routegen-type`, `x-routegen-id`.
    var type: Text?
    var id: Text?
    /// `x-routegen-type-parameter`, `x-routegen-swift-name`, `x-routegen-additional`, `x-routegen-patch-of`.
    var typeParameter: String?
    var swiftName: String?
    var additionalName: String?
    var patchOf: String?
    /// `x-routegen-cases` and `x-routegen-variants`, by wire value or tag.
    var cases: [String: MemberFacts]?
    var variants: [String: MemberFacts]?
    /// `x-routegen-by-shape`: the variants' names in order; nil without it.
    var byShape: [String]?
    /// `x-routegen-generic-parameters` (the identifiers it lists), `x-routegen-disable`.
    var genericParameters: [String]?
    var disabledRules: [String] = []
    /// `x-routegen-instance-of`, `x-routegen-imported: true`: a component that stands for another type.
    var isStandIn = false
    /// `x-enum-varnames` (the Swift names of an integer enum's cases, by position).
    var enumVarNames: [String?] = []
}
