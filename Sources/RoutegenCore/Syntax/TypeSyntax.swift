/// A type as written in a route file, with the position of each part.
public struct TypeSyntax: Hashable, Sendable {
    /// The shape of the type.
    public indirect enum Kind: Hashable, Sendable {
        /// `Name` or `Name<Arguments>`; the name may be module-qualified (`Foundation.Date`).
        case named(name: SyntaxToken, arguments: [TypeSyntax])
        /// `[Element]`.
        case array(TypeSyntax)
        /// `[Key: Value]`.
        case dictionary(key: TypeSyntax, value: TypeSyntax)
        /// `Wrapped?`.
        case optional(TypeSyntax)
    }

    /// The shape of the type.
    public var kind: Kind
    /// Where the type's first character stands.
    public var location: SourceLocation

    /// Creates a type.
    public init(kind: Kind, location: SourceLocation) {
        self.kind = kind
        self.location = location
    }

    /// The type in canonical spelling: `ID<Book>`, `[Loan]`, `[String: Int]`, `Int?`.
    public var canonicalText: String {
        switch kind {
        case .named(let name, let arguments):
            arguments.isEmpty ? name.text : name.text + "<" + arguments.map(\.canonicalText).joined(separator: ", ") + ">"
        case .array(let element):
            "[" + element.canonicalText + "]"
        case .dictionary(let key, let value):
            "[" + key.canonicalText + ": " + value.canonicalText + "]"
        case .optional(let wrapped):
            wrapped.canonicalText + "?"
        }
    }
}
