import RoutegenCore

/// `trailing-slash`: a path written with a `/` at its end.
public struct TrailingSlashRule: LintRule {
    public static let id = "trailing-slash"
    public static let defaultSeverity = RuleSeverity.warning
    public static let summary = "A path ends with `/`."
    public static let rationale = """
        `/books/` and `/books` are different URLs. Many servers redirect one to the other, which costs a \
        round trip and drops the body and the Authorization header of a POST on some clients; others \
        answer 404. Write paths without a trailing slash unless the server really needs it.
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
    ]
    public static let nonTriggeringExamples = [
        """
        api Library
        group Books public
          books GET /books -> [Book]
          root GET / -> Index
        """,
    ]

    public init() {}

    public func check(_ model: APIModel, context: LintContext) -> [LintFinding] {
        model.routes.compactMap { route in
            guard let column = Self.trailingSlashColumn(route: route, context: context) else { return nil }
            var location = route.pathLocation
            location.column = column
            return LintFinding(
                message: "path '\(route.pathTemplate)/' of route '\(route.name)' ends with '/'; remove the trailing slash",
                location: location,
                route: route
            )
        }
    }

    /// The column of the path's final `/`, read from the text because the model keeps segments, not slashes.
    static func trailingSlashColumn(route: Route, context: LintContext) -> Int? {
        let scalars = context.scalars(ofLine: route.pathLocation.line)
        var index = route.pathLocation.column - 1
        guard index >= 0, index < scalars.count, scalars[index] == "/" else { return nil }
        var braceDepth = 0
        var last = index
        while index < scalars.count {
            let scalar = scalars[index]
            if scalar == "{" { braceDepth += 1 }
            if scalar == "}" { braceDepth -= 1 }
            if braceDepth == 0 && (scalar == " " || scalar == "\t" || scalar == "?" || scalar == "#") { break }
            last = index
            index += 1
        }
        let length = last - (route.pathLocation.column - 1) + 1
        guard length > 1, scalars[last] == "/" else { return nil }
        return last + 1
    }
}
