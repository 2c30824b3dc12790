/// A Swift type as a route file names it: `Int`, `ID<Book>`, `[Loan]`, `String?`, `Page<Book>`.
///
/// The generator never checks that a named type exists; the Swift compiler does, at the
/// route file's line through `#sourceLocation`.
public indirect enum TypeReference: Hashable, Sendable, CustomStringConvertible {
    /// A named type with optional generic arguments; the name may be module-qualified (`Foundation.Date`).
    case named(String, arguments: [TypeReference])
    /// `[Element]`.
    case array(TypeReference)
    /// `Wrapped?`.
    case optional(TypeReference)

    /// A named type without generic arguments.
    public static func named(_ name: String) -> TypeReference { .named(name, arguments: []) }

    /// The type spelled as Swift source, which is also how the route file spells it.
    public var description: String {
        switch self {
        case .named(let name, let arguments):
            arguments.isEmpty ? name : name + "<" + arguments.map(\.description).joined(separator: ", ") + ">"
        case .array(let element):
            "[" + element.description + "]"
        case .optional(let wrapped):
            wrapped.isArray || wrapped.isNamed ? wrapped.description + "?" : "(" + wrapped.description + ")?"
        }
    }

    /// Whether the outermost type is `T?`.
    public var isOptional: Bool {
        if case .optional = self { return true }
        return false
    }

    /// Whether the outermost type is `[T]`.
    public var isArray: Bool {
        if case .array = self { return true }
        return false
    }

    private var isNamed: Bool {
        if case .named = self { return true }
        return false
    }

    /// The type without one level of `?`.
    public var nonOptional: TypeReference {
        if case .optional(let wrapped) = self { return wrapped }
        return self
    }

    /// Whether this is exactly `Empty`: nothing to decode.
    public var isEmpty: Bool { self == .named(EndpointKitVocabulary.emptyType) }

    /// Whether this is exactly `Data`: raw bytes, not decoded.
    public var isData: Bool { self == .named(EndpointKitVocabulary.dataType) }

    /// Every type name it spells, outermost first, generic arguments included: `Page<[Book]>?`
    /// names `Page` and `Book`.
    public var names: [String] {
        switch self {
        case .named(let name, let arguments): [name] + arguments.flatMap(\.names)
        case .array(let inner), .optional(let inner): inner.names
        }
    }
}

extension TypeReference {
    /// The model's form of a written type, the one reading every route clause and declaration
    /// shares: `Optional<T>` and `Array<T>` (also `Swift.`-qualified) are `T?` and `[T]`, and
    /// `[K: V]` is `Dictionary<K, V>`, so every later stage sees one spelling of each.
    package init(_ syntax: TypeSyntax) {
        switch syntax.kind {
        case .named(let nameToken, let arguments) where arguments.count == 1 && Self.optionalNames.contains(nameToken.text):
            self = .optional(TypeReference(arguments[0]))
        case .named(let nameToken, let arguments) where arguments.count == 1 && Self.arrayNames.contains(nameToken.text):
            self = .array(TypeReference(arguments[0]))
        case .named(let nameToken, let arguments):
            self = .named(nameToken.text, arguments: arguments.map(TypeReference.init))
        case .array(let element):
            self = .array(TypeReference(element))
        case .dictionary(let key, let value):
            self = .named("Dictionary", arguments: [TypeReference(key), TypeReference(value)])
        case .optional(let wrapped):
            self = .optional(TypeReference(wrapped))
        }
    }

    private static let optionalNames: Set<String> = ["Optional", "Swift.Optional"]
    private static let arrayNames: Set<String> = ["Array", "Swift.Array"]
}
