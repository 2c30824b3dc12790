import RoutegenCore

/// The doc comment lines of generated declarations.
enum RouteDocumentation {
    /// The route's own docs, a blank line, then `` `METHOD /path` · public `` or
    /// `· requires authentication`.
    static func lines(for route: Route) -> [String] {
        let summary = "`" + route.method + " " + route.pathTemplate + "` · " + accessPhrase(route.access)
        let ownDocs = trimmed(route.documentation)
        return ownDocs.isEmpty ? [summary] : ownDocs + ["", summary]
    }

    /// The group's own docs, a blank line, then which access its routes have.
    static func lines(for group: RouteGroup) -> [String] {
        let summary: String
        switch group.access {
        case .public: summary = "Routes of the " + group.name + " group. Public unless marked."
        case .authenticated: summary = "Routes of the " + group.name + " group. Require authentication unless marked."
        }
        let ownDocs = trimmed(group.documentation)
        return ownDocs.isEmpty ? [summary] : ownDocs + ["", summary]
    }

    /// How an access reads in a doc comment.
    static func accessPhrase(_ access: Access) -> String {
        switch access {
        case .public: "public"
        case .authenticated: "requires authentication"
        }
    }

    /// Doc lines without trailing spaces and without blank lines at either end.
    private static func trimmed(_ lines: [String]) -> [String] {
        var result = lines.map { line in
            String(line.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
        }
        while result.first?.isEmpty == true { result.removeFirst() }
        while result.last?.isEmpty == true { result.removeLast() }
        return result
    }
}
