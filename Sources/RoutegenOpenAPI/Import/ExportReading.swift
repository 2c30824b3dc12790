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

    /// The lint rules an export's `x-routegen-disable` lists: rule ids are words with hyphens
    /// (`path-style`), and anything else would not stay a comment, so it is left out.
    static func disabledRules(_ node: DocumentNode?) -> [String] {
        (node?.sequence ?? []).compactMap(\.string).filter { rule in
            !rule.isEmpty && rule.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") }
        }
    }

    /// ` # routegen:disable a, b` after a line, or nothing.
    static func disableComment(_ rules: [String]) -> String {
        rules.isEmpty ? "" : " # routegen:disable " + rules.joined(separator: ", ")
    }
}

extension RouteText {
    /// Whether `clause` reads as what follows `paginate` (`next -> ?cursor each items`): one
    /// line of words, `->`, `?name` and `link`; the resolver checks the rest.
    static func isPaginationClause(_ clause: String) -> Bool {
        !clause.isEmpty && clause.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || " _-.?>[]".contains($0)) }
    }
}
