/// Which JSON values a type takes, as its generated Swift decodes them: the one description of
/// it that the importer (unions told apart by shape), the `unreachable-union-variant` rule, the
/// sample validator and, through it, the samples of a union by shape read.
public enum JSONShape: Hashable, Sendable {
    /// A string: any text (`String`), or only some texts (`Date`, `UUID`, `URL`, `ID<T>`, an
    /// enum's values), all of which a plain string takes too.
    case text(anyText: Bool)
    /// A number: whole (`Int`, `UInt8`, an integer enum) or any (`Double`, `Float`, `Decimal`).
    case number(whole: Bool)
    /// `true` or `false`.
    case boolean
    /// An object: a model, a patch, a union by a field, a dictionary.
    case object
    /// An array.
    case array
    /// Any JSON value (`JSONValue`).
    case anyValue
    /// No JSON at all: `Empty`, `Data`, a `FilePart`.
    case none
    /// One of its variants' shapes: a union told apart by shape.
    case variants

    /// What a declared type is, as far as its JSON goes.
    public enum Declared: Hashable, Sendable {
        case object
        case textEnum
        case integerEnum
        case unionByShape
    }

    /// The shape of `type`; `declared` says what a declared type's name is (nil for a name no
    /// declaration has: an imported module's type, taken to be an object).
    public static func of(_ type: TypeReference, declared: (String) -> Declared?) -> JSONShape {
        switch type {
        case .optional(let wrapped): return of(wrapped, declared: declared)
        case .array: return .array
        case .named(let name, let arguments):
            if let scalar = ScalarKind(type) { return of(scalar) }
            if EndpointKitVocabulary.nonJSONTypes.contains(name) { return .none }
            if name == EndpointKitVocabulary.jsonValueType { return .anyValue }
            if name == "URL" || name == "Foundation.URL" { return .text(anyText: false) }
            if name == "Decimal" || name == "Foundation.Decimal" { return .number(whole: false) }
            if ["Array", "Swift.Array"].contains(name), arguments.count == 1 { return .array }
            switch declared(name) {
            case .textEnum?: return .text(anyText: false)
            case .integerEnum?: return .number(whole: true)
            case .unionByShape?: return .variants
            case .object?, nil: return .object
            }
        }
    }

    /// The shape of a scalar EndpointKit converts itself.
    public static func of(_ scalar: ScalarKind) -> JSONShape {
        switch scalar {
        case .text: .text(anyText: true)
        case .identifier, .date, .uuid: .text(anyText: false)
        case .integer: .number(whole: true)
        case .floatingPoint: .number(whole: false)
        case .boolean: .boolean
        }
    }

    /// What a declared type is in `types`, for `of(_:declared:)`.
    public static func declared(in types: [String: TypeDeclaration]) -> (String) -> Declared? {
        { name in
            switch types[name]?.kind {
            case .enumeration(let shape)?: shape.rawType == .string ? .textEnum : .integerEnum
            case .union(let shape)? where shape.discriminator == nil: .unionByShape
            case .model?, .patch?, .union?: .object
            case nil: nil
            }
        }
    }

    /// Whether every value a type of shape `other` takes, a type of this shape takes too, by
    /// shape alone: any JSON takes everything, any text every text, any number every whole
    /// number. Objects are told apart by their fields, which the shape does not say.
    public func takesEvery(_ other: JSONShape) -> Bool {
        switch (self, other) {
        case (.anyValue, _): true
        case (.text(anyText: true), .text): true
        case (.number(whole: false), .number): true
        default: false
        }
    }

    /// The family a message names: `object`, `array`, `number`, `text`, `bool`.
    public var family: String {
        switch self {
        case .text: "text"
        case .number: "number"
        case .boolean: "bool"
        case .array: "array"
        case .object, .variants, .anyValue, .none: "object"
        }
    }

    /// What a value of the shape is, for a message: `a string`, `an integer`.
    public var expectation: String {
        switch self {
        case .text: "a string"
        case .number(let whole): whole ? "an integer" : "a number"
        case .boolean: "true or false"
        case .array: "an array"
        case .object, .variants: "an object"
        case .anyValue: "a JSON value"
        case .none: "no JSON value"
        }
    }
}
