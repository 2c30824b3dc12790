import RoutegenCore

/// `trailing-slash`: a path written with a `/` at its end.
public struct TrailingSlashRule: LintRule {
    public static let id = LintRuleID.trailingSlash.rawValue
    public static let defaultSeverity = RuleSeverity.warning
    public static let ruleSet = RuleSet.style
    public static let fixScope = FixScope.server
    public static let exampleMessage = "path '/books/' of route 'books' ends with '/'; the server decides its paths: remove the slash only where the server answers the same without it, else keep it with '# routegen:disable trailing-slash'"
    public static let summary = "A path ends with `/`."
    public static let rationale = """
        `/books/` and `/books` are different URLs, and the generated endpoint sends the path exactly as \
        written. Many servers redirect one to the other, which costs a round trip and drops the body and \
        the Authorization header of a POST on some clients; others answer 404. Write paths without a \
        trailing slash unless the server really needs one (Django's default URL patterns end with `/`); \
        then keep it and say so with `# routegen:disable trailing-slash` on the route.
        """
    public static let triggeringExamples = [
        """
        api Library
        group Books public
          books GET /books↓/ -> [Book]
        """,
        """
        api Library
        group Books public
          book GET /books/{id: ID<Book>}↓/ ?expand: Bool = false -> Book
        """,
        """
        api Library
        group Books public
          search GET /books/search↓/?q: String -> [Book]
        """,
    ]
    public static let nonTriggeringExamples = [
        """
        api Library
        group Books public
          books GET /books -> [Book]
          book GET /books/{id: ID<Book>} -> Book
          root GET / -> Index
        """,
    ]

    public init() {}

    public func check(_ model: APIModel, context: LintContext) -> [LintFinding] {
        model.routes.compactMap { route in
            guard route.hasTrailingSlash else { return nil }
            var location = route.spans.path
            var text = route.pathTemplate
            if let written = Self.writtenPath(of: route, context: context), written.text.hasSuffix("/") {
                location.column = written.lastColumn
                text = written.text
            }
            return LintFinding(
                message: "path '\(text)' of route '\(route.name)' ends with '/'; the server decides its paths: remove the slash only "
                    + "where the server answers the same without it, else keep it with '# routegen:disable trailing-slash'",
                location: location,
                route: route,
                about: route.pathTemplate
            )
        }
    }

    /// The path as written on the route line and the column of its last character: the model
    /// says whether there is a trailing slash, the text says where it stands.
    static func writtenPath(of route: Route, context: LintContext) -> (text: String, lastColumn: Int)? {
        let scalars = context.scalars(ofLine: route.spans.path.line)
        let start = route.spans.path.column - 1
        guard start >= 0, start < scalars.count, scalars[start] == "/" else { return nil }
        var braceDepth = 0
        var end = start
        while end < scalars.count {
            let scalar = scalars[end]
            if scalar == "{" { braceDepth += 1 }
            if scalar == "}" { braceDepth -= 1 }
            if braceDepth == 0 && (scalar == " " || scalar == "\t" || scalar == "?" || scalar == "#") { break }
            end += 1
        }
        return (String(String.UnicodeScalarView(scalars[start..<end])), end)
    }
}
