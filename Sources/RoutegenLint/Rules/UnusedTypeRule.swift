import RoutegenCore

/// `unused-type`: a declared type that nothing a route uses names.
public struct UnusedTypeRule: LintRule {
    public static let id = LintRuleID.unusedType.rawValue
    public static let defaultSeverity = RuleSeverity.warning
    public static let ruleSet = RuleSet.style
    public static let fixScope = FixScope.routeFile
    public static let exampleMessage = "model 'Review' is declared but no route, field, variant, patch or include uses it; remove it, or if hand-written code needs it (a webhook payload), keep it with '# routegen:disable unused-type'"
    public static let summary = "A declared type is named by no route, and by no type that a route uses."
    public static let rationale = """
        Every declared type becomes public API of the generated module, with its documentation and \
        its tests to keep up. A type no route reaches is usually left over from a removed route, or \
        misspelt where it is used (and the route names an imported type instead). A type counts as used \
        when a route names it (a parameter, the body or the response, `ID<Book>` included) or a used \
        type does (a field, a variant, a patch's `of`, an `includes`); a type that only names itself \
        does not count. A type that hand-written code needs, such as a webhook payload no route returns, \
        keeps its finding off with `# routegen:disable unused-type`, and the types it uses count as used.
        """
    public static let triggeringExamples = [
        """
        api Library
        model Book
          id: ID<Book>
        model ↓Review
          stars: Int
        group Books public
          book GET /books/{id: ID<Book>} -> Book
        """,
        """
        api Library
        model Book
          id: ID<Book>
        model ↓Draft
          genre: Genre
          replies: [Draft]
        enum ↓Genre
          fantasy
        group Books public
          book GET /books/{id: ID<Book>} -> Book
        """,
    ]
    public static let nonTriggeringExamples = [
        """
        api Library
        model Book
          id: ID<Book>
          genre: Genre
        enum Genre
          fantasy
        model Author
          name: String
        patch BookPatch of Book
          genre
        group Books public
          books GET /books ?genre: Genre? -> [Book]
          updateBook PATCH /books/{id: ID<Book>} body merge-patch BookPatch -> Book   auth
          authorOf GET /authors/{id: ID<Author>} -> String
        """,
        """
        api Library
        # Sent to our webhook, not returned by a route.
        # routegen:disable unused-type
        model BookEvent
          book: Book
        model Book
          id: ID<Book>
        """,
    ]

    public init() {}

    public func check(_ model: APIModel, context: LintContext) -> [LintFinding] {
        let usage = TypeUsage(model)
        let kept = model.types.filter { $0.disabledRules.contains(Self.id) }.map(\.name)
        let used = Set(usage.namedFromRoutes(orFrom: kept))
        return model.types.filter { !used.contains($0.name) }.map { declaration in
            let users = usage.users(of: declaration.name).compactMap { user -> String? in
                if case .type(let name) = user { return name }
                return nil
            }
            let what = "\(declaration.keyword) '\(declaration.name)'"
            let message = users.isEmpty
                ? "\(what) is declared but no route, field, variant, patch or include uses it; remove it, or if hand-written code needs it (a webhook payload), keep it with '# routegen:disable unused-type'"
                : "\(what) is used only by \(Self.list(users)), which no route uses; remove \(users.count == 1 ? "both" : "them all"), or keep the type hand-written code needs with '# routegen:disable unused-type'"
            return LintFinding(message: message, location: declaration.location, type: declaration)
        }
    }

    /// `'A'`, `'A' and 'B'`, `'A', 'B' and 'C'`.
    static func list(_ names: [String]) -> String {
        let quoted = names.map { "'" + $0 + "'" }
        guard quoted.count > 1 else { return quoted.first ?? "" }
        return quoted.dropLast().joined(separator: ", ") + " and " + (quoted.last ?? "")
    }
}
