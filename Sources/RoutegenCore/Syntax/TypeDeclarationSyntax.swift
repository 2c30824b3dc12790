/// A `model`, `enum`, `patch` or `union` line: the head of a type declared in the route file.
///
/// Its members (`title: String`, `fantasy`, `circle: Circle`) are the `.member` items that
/// follow it, as a group's routes are the route items that follow the group.
public struct TypeDeclarationSyntax: Hashable, Sendable {
    /// Which declaration the keyword starts.
    public enum Kind: String, Hashable, Sendable, CaseIterable {
        /// `model Name[<T>] [includes A, B]`: a struct.
        case model
        /// `enum Name [: Int]`: string (or integer) values with an `.unknown` catch-all.
        case enumeration = "enum"
        /// `patch Name of Model`: a JSON Merge Patch of some of a model's fields.
        case patch
        /// `union Name by field`: one of several models, told apart by a discriminator field;
        /// `union Name by shape`: one of several types, told apart by the value's shape.
        case union
    }

    /// Which declaration this is.
    public var kind: Kind
    /// The keyword.
    public var keyword: SyntaxToken
    /// The type's name.
    public var name: SyntaxToken
    /// `<Item, Key>` of a generic model.
    public var genericParameters: [SyntaxToken]
    /// `: Int` of an integer enum (the colon's type).
    public var rawType: TypeSyntax?
    /// `of Book` of a patch, `by kind` of a union.
    public var subject: KeywordClause?
    /// `includes A, B` of a model.
    public var includes: IncludesClause?
    /// Words after the head: `deprecated`, or one the resolver reports as unknown.
    public var flags: [SyntaxToken]
    /// A `# ...` comment at the end of the line.
    public var comment: SyntaxComment?

    /// Creates a declaration line.
    public init(
        kind: Kind, keyword: SyntaxToken, name: SyntaxToken, genericParameters: [SyntaxToken] = [],
        rawType: TypeSyntax? = nil, subject: KeywordClause? = nil,
        includes: IncludesClause? = nil, flags: [SyntaxToken] = [], comment: SyntaxComment? = nil
    ) {
        self.kind = kind
        self.keyword = keyword
        self.name = name
        self.genericParameters = genericParameters
        self.rawType = rawType
        self.flags = flags
        self.comment = comment
        self.subject = subject
        self.includes = includes
    }

    /// The line in canonical spelling: `model Page<Item>`, `enum Priority: Int`, `patch P of Book deprecated`.
    public var canonicalText: String {
        var text = kind.rawValue + " " + name.text
        if !genericParameters.isEmpty { text += "<" + genericParameters.map(\.text).joined(separator: ", ") + ">" }
        if let rawType { text += ": " + rawType.canonicalText }
        if let subject { text += " " + subject.keyword.text + " " + subject.name.text }
        if let includes { text += " " + includes.keyword.text + " " + includes.types.map(\.canonicalText).joined(separator: ", ") }
        for flag in flags { text += " " + flag.text }
        return text
    }
}

/// One indented line under a type declaration: a field, an enum case, a patch field or a
/// union variant. All four share one shape, `name [as swiftName] [: Type] [= default] {flag}`;
/// the resolver checks which parts the declaration allows.
public struct MemberSyntax: Hashable, Sendable {
    /// The wire name: a word (`published_at`, `content-type`, `@type`) or a string (`"filter[status]"`).
    public var name: SyntaxToken
    /// `as swiftName`, for a wire name that makes a poor identifier.
    public var swiftName: KeywordClause?
    /// `: Type`.
    public var type: TypeSyntax?
    /// `= value`.
    public var defaultValue: DefaultSyntax?
    /// Words after the rest: `deprecated`, `required`, or one the resolver reports as unknown.
    public var flags: [SyntaxToken]
    /// `min-length 1`, `pattern "^[a-z]+$"`, `example 3`: what the value must be, in written order.
    public var constraints: [ConstraintSyntax] = []
    /// A `# ...` comment at the end of the line.
    public var comment: SyntaxComment?
    /// How deep the line is indented.
    public var indentation: Int

    /// Creates a member line.
    public init(
        name: SyntaxToken, swiftName: KeywordClause? = nil, type: TypeSyntax? = nil,
        defaultValue: DefaultSyntax? = nil, flags: [SyntaxToken] = [], comment: SyntaxComment? = nil, indentation: Int = 2
    ) {
        self.name = name
        self.type = type
        self.defaultValue = defaultValue
        self.flags = flags
        self.comment = comment
        self.indentation = indentation
        self.swiftName = swiftName
    }

    /// The cells the formatter aligns: name (with `as`), `: Type`, `= default`, flags, constraints.
    var canonicalCells: [String] {
        var head = name.text
        if let swiftName { head += " " + swiftName.keyword.text + " " + swiftName.name.text }
        return [
            type == nil ? head : head + ":",
            type?.canonicalText ?? "",
            defaultValue.map { "= " + $0.canonicalText } ?? "",
            flags.map(\.text).joined(separator: " "),
            ConstraintSyntax.canonicalText(constraints),
        ]
    }
}

/// A constraint or an example of a field or parameter: a keyword and its value
/// (`max-length 100`, `pattern "^[a-z]+$"`, `format email`, `example "Ada"`).
public struct ConstraintSyntax: Hashable, Sendable {
    /// The keywords, in canonical order: the formatter writes a line's constraints in this order.
    public static let keywords = [
        "minimum", "exclusive-minimum", "maximum", "exclusive-maximum", "multiple-of",
        "min-length", "max-length", "pattern", "format", "min-items", "max-items", "example",
    ]

    /// The keyword.
    public var keyword: SyntaxToken
    /// The value: a number or word, or a string.
    public var value: SyntaxToken

    /// Creates a constraint.
    public init(keyword: SyntaxToken, value: SyntaxToken) {
        self.keyword = keyword
        self.value = value
    }

    /// `constraints` in canonical order (by keyword; a keyword written twice keeps its order),
    /// joined by spaces.
    static func canonicalText(_ constraints: [ConstraintSyntax]) -> String {
        let ordered = constraints.enumerated().sorted { first, second in
            let a = keywords.firstIndex(of: first.element.keyword.text) ?? keywords.count
            let b = keywords.firstIndex(of: second.element.keyword.text) ?? keywords.count
            return a != b ? a < b : first.offset < second.offset
        }
        return ordered.map { $0.element.keyword.text + " " + $0.element.value.text }.joined(separator: " ")
    }
}

/// A keyword and the word after it: `of Book`, `by kind`, `as kind`.
public struct KeywordClause: Hashable, Sendable {
    /// The keyword.
    public var keyword: SyntaxToken
    /// The word after it.
    public var name: SyntaxToken

    /// Creates a clause.
    public init(keyword: SyntaxToken, name: SyntaxToken) {
        self.keyword = keyword
        self.name = name
    }
}

/// `includes A, B` of a model.
public struct IncludesClause: Hashable, Sendable {
    /// The `includes` keyword.
    public var keyword: SyntaxToken
    /// The included models, in order.
    public var types: [TypeSyntax]

    /// Creates a clause.
    public init(keyword: SyntaxToken, types: [TypeSyntax]) {
        self.keyword = keyword
        self.types = types
    }
}

/// A member's `= value`.
public enum DefaultSyntax: Hashable, Sendable {
    /// A word or a string: `20`, `-1`, `0.5`, `true`, `"name"`, `.fantasy`.
    case token(SyntaxToken)
    /// `[]`; the location is the `[`.
    case emptyArray(SourceLocation)
    /// `[:]`; the location is the `[`.
    case emptyDictionary(SourceLocation)

    /// Where the value starts.
    public var location: SourceLocation {
        switch self {
        case .token(let token): token.location
        case .emptyArray(let location), .emptyDictionary(let location): location
        }
    }

    /// The value as written in canonical spelling.
    public var canonicalText: String {
        switch self {
        case .token(let token): token.text
        case .emptyArray: "[]"
        case .emptyDictionary: "[:]"
        }
    }
}
