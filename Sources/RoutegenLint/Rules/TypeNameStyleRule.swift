import RoutegenCore

/// `type-name-style`: a declared type whose name is not UpperCamelCase.
public struct TypeNameStyleRule: LintRule {
    public static let id = LintRuleID.typeNameStyle.rawValue
    public static let defaultSeverity = RuleSeverity.warning
    public static let ruleSet = RuleSet.style
    public static let fixScope = FixScope.routeFile
    public static let exampleMessage = "model 'book_item' is not UpperCamelCase, as Swift type names are; rename it 'BookItem' here and where the file names it (the JSON stays the same)"
    public static let summary = "A model, enum, patch or union name does not start with a capital letter, or has `_`."
    public static let rationale = """
        The declared name is the generated Swift type's name, which every caller writes. Swift types are \
        UpperCamelCase (`BookItem`, `HTTPStatus`), and a `book_item` among them reads like a property \
        or a wire name copied over. The name is not on the wire: renaming it changes only Swift code.
        """
    public static let triggeringExamples = [
        """
        api Library
        model ↓book_item
          title: String
        group Books public
          items GET /items -> [book_item]
        """,
        """
        api Library
        enum ↓genre
          fantasy
        union ↓Search_Result by kind
          book: Book
        model Book
          genre: genre
        group Books public
          search GET /search -> [Search_Result]
        """,
    ]
    public static let nonTriggeringExamples = [
        """
        api Library
        model BookItem
          title: String
        enum HTTPStatusClass
          success
        group Books public
          items GET /items ?status: HTTPStatusClass -> [BookItem]
        """,
    ]

    public init() {}

    public func check(_ model: APIModel, context: LintContext) -> [LintFinding] {
        model.types.filter { !Self.isUpperCamelCase($0.name) }.map { declaration in
            LintFinding(
                message: "\(declaration.keyword) '\(declaration.name)' is not UpperCamelCase, as Swift type names are; rename it '\(SwiftNaming.upperCamelCase(declaration.name))' here and where the file names it (the JSON stays the same)",
                location: declaration.location,
                type: declaration
            )
        }
    }

    /// Starts with a capital letter and has no `_`.
    static func isUpperCamelCase(_ name: String) -> Bool {
        guard let first = name.first, first.isUppercase else { return false }
        return !name.contains("_")
    }
}
