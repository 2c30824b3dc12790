/// Every lint rule, in the order docs and SARIF list them. Add a new rule here and to docs/lint-rules.md.
public enum LintRules {
    /// All rules, the eight the issue names first, then the reviewer extras.
    public static let all: [any LintRule.Type] = [
        UserIDInAuthenticatedPathRule.self,
        SecretInQueryRule.self,
        UnauthenticatedWriteRule.self,
        AmbiguousPathRule.self,
        PatchWithoutMergePatchRule.self,
        TrailingSlashRule.self,
        PathStyleRule.self,
        EmptyResponseOnGetRule.self,
        PublicUserDataRule.self,
        AuthorizationHeaderParameterRule.self,
        InconsistentIDTypeRule.self,
        DeprecatedWithoutDocsRule.self,
        MissingDocsRule.self,
    ]

    /// The rule with `id`, nil when there is none.
    public static func rule(withID id: String) -> (any LintRule.Type)? {
        all.first { $0.id == id }
    }

    /// The known id closest to a misspelt one (`path-styles` → `path-style`), for "did you mean".
    public static func suggestion(for unknownID: String) -> String? {
        let scored = all.map { (id: $0.id, distance: editDistance(Array(unknownID.unicodeScalars), Array($0.id.unicodeScalars))) }
        guard let best = scored.min(by: { $0.distance < $1.distance }), best.distance <= 3 else { return nil }
        return best.id
    }

    private static func editDistance(_ lhs: [Unicode.Scalar], _ rhs: [Unicode.Scalar]) -> Int {
        var previous = Array(0...rhs.count)
        for (i, left) in lhs.enumerated() {
            var current = [i + 1]
            for (j, right) in rhs.enumerated() {
                current.append(min(previous[j + 1] + 1, current[j] + 1, previous[j] + (left == right ? 0 : 1)))
            }
            previous = current
        }
        return previous[rhs.count]
    }
}
