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

    /// Whether `text` can be a type in route text: names (letters, digits, `_`, `.`), `< > [ ] : , ?`
    /// and spaces, the brackets balanced. The route file's check says the rest.
    static func isTypeText(_ text: String) -> Bool {
        var open: [Unicode.Scalar] = []
        for scalar in text.unicodeScalars {
            switch scalar {
            case "<", "[": open.append(scalar)
            case ">": guard open.popLast() == "<" else { return false }
            case "]": guard open.popLast() == "[" else { return false }
            case ":", ",", "?", " ", ".", "_", "0"..."9", "a"..."z", "A"..."Z": continue
            default: if !(scalar.value > 0x7F && scalar.properties.isAlphabetic) { return false }
            }
        }
        return open.isEmpty && text.unicodeScalars.contains { $0.properties.isAlphabetic || $0 == "_" }
    }
}

extension RouteText {
    /// Whether `clause` reads as what follows `paginate` (`next -> ?cursor each items`): one
    /// line of words, `->`, `?name` and `link`; the resolver checks the rest.
    static func isPaginationClause(_ clause: String) -> Bool {
        !clause.isEmpty && clause.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || " _-.?>[]".contains($0)) }
    }
}
