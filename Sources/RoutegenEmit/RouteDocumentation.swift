import RoutegenCore

/// The doc comment lines of generated declarations.
enum RouteDocumentation {
    /// The route's own docs, a blank line, then `` `METHOD /path` · public `` or
    /// `· requires authentication` (with its scheme, `` (`auth key = query key`) ``, unless it is the
    /// default bearer token), then `` · server `uploads` (`https://uploads.example.com`) `` when
    /// the route has a server of its own, then `` · errors: `error.body(as: ProblemDetails.self)` ``
    /// when the route declares an error body.
    static func lines(for route: Route) -> [String] {
        var summary = "`" + route.method + " " + route.pathTemplate + "` · " + accessPhrase(route.access)
        if let scheme = route.authScheme, !scheme.isDefaultBearer || !route.alternativeAuthSchemes.isEmpty {
            summary += " (" + ([scheme] + route.alternativeAuthSchemes).map { "`auth " + $0.displayText + "`" }.joined(separator: " or ") + ")"
        }
        if let server = route.server { summary += " · server `" + server.name + "` (`" + server.url + "`)" }
        // Where to find a failure's typed body: `catch let error as APIError`, then this call.
        if let errorBody = route.errorBody { summary += " · errors: `error.body(as: " + errorBody.description + ".self)`" }
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
        var result = lines.map(withoutTrailingBlanks)
        while result.first?.isEmpty == true { result.removeFirst() }
        while result.last?.isEmpty == true { result.removeLast() }
        return result
    }

    /// `line` without trailing spaces and tabs, compared by `Character` as the text reads.
    /// ASCII lines are trimmed on bytes (each byte is one character there), which avoids
    /// grapheme breaking for the common case; other lines take the character path, where a
    /// space can belong to the character before it.
    private static func withoutTrailingBlanks(_ line: String) -> String {
        let bytes = line.utf8
        guard bytes.allSatisfy({ $0 < 0x80 }) else {
            return String(line.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
        }
        var end = bytes.endIndex
        while end > bytes.startIndex {
            let before = bytes.index(before: end)
            guard bytes[before] == UInt8(ascii: " ") || bytes[before] == UInt8(ascii: "\t") else { break }
            end = before
        }
        return end == bytes.endIndex ? line : String(line[..<end])
    }
}
