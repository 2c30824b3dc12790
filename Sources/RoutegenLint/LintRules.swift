import RoutegenCore

/// Every lint rule, in the order docs and SARIF list them. Add a new rule here and to docs/lint-rules.md.
public enum LintRules {
    /// All rules: those about routes first, then those about the declared types.
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
        CredentialInQueryRule.self,
        DeleteBodyRule.self,
        InconsistentIDTypeRule.self,
        DeprecatedWithoutDocsRule.self,
        MissingDocsRule.self,
        // About the declared types.
        UntypedIDFieldRule.self,
        PatchListsIDRule.self,
        FloatingPointMoneyRule.self,
        UnusedTypeRule.self,
        TypeNameStyleRule.self,
        WireNameStyleRule.self,
        UnreachableUnionVariantRule.self,
    ]

    /// The rule with `id`, nil when there is none.
    public static func rule(withID id: String) -> (any LintRule.Type)? {
        all.first { $0.id == id }
    }

    /// The known id closest to a misspelt one (`path-styles` → `path-style`), for "did you mean".
    public static func suggestion(for unknownID: String) -> String? {
        Suggestion.closest(to: unknownID, among: all.map { $0.id })
    }
}
