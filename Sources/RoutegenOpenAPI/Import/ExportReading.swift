import RoutegenCore
import RoutegenYAML

/// Reading what `routegen export` writes beyond OpenAPI's own fields (docs/openapi.md,
/// "Extensions the importer reads"): the pieces of route text the route side takes from them.
extension RouteText {
    /// Every line of a description, as `///` documentation keeps them (an export joins a
    /// declaration's or route's documentation lines with `\n`; one empty `///` line is `""`).
    static func documentationLines(_ text: String?) -> [String] {
        guard let text else { return [] }
        return text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            String(line.hasSuffix("\r") ? line.dropLast() : line)
        }
    }

    /// A `///` line for one documentation line: `///` alone for an empty one.
    static func docCommentLine(_ line: String, indent: String = "") -> String {
        line.isEmpty ? indent + "///" : indent + "/// " + line
    }

    /// Whether `text` can stand as a type in route text: one line, no comment, and its
    /// brackets balanced. What it names is checked when the imported file is resolved.
    static func isTypeText(_ text: String) -> Bool {
        guard !text.isEmpty, !text.contains(where: { $0 == "\n" || $0 == "\r" || $0 == "#" || $0 == "\"" }) else { return false }
        var depth = 0
        for character in text {
            if character == "<" || character == "[" { depth += 1 }
            if character == ">" || character == "]" { depth -= 1 }
            if depth < 0 { return false }
        }
        return depth == 0
    }

    /// `# routegen:disable a, b` for the rule identifiers an export lists; nil when none is one.
    static func disableComment(_ node: DocumentNode?) -> String? {
        let rules = (node?.sequence ?? []).compactMap(\.string).filter { rule in
            !rule.isEmpty && rule.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") }
        }
        return rules.isEmpty ? nil : "# routegen:disable " + rules.joined(separator: ", ")
    }
}

extension RouteText {
    /// Whether `clause` reads as what follows `paginate` (`next -> ?cursor each items`): one
    /// line of words, `->`, `?name` and `link`; the resolver checks the rest.
    static func isPaginationClause(_ clause: String) -> Bool {
        !clause.isEmpty && clause.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || " _-.?>[]".contains($0)) }
    }
}
