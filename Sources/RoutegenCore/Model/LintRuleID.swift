/// The id of every lint rule, in the order docs and SARIF list the rules: shared by the lint
/// rules that own them (`RoutegenLint`), `# routegen:disable` comments, the configuration and
/// baseline files, and the emitters that honour a disabled rule (the audit tests' user check).
public enum LintRuleID: String, Hashable, Sendable, CaseIterable {
    case userIDInAuthenticatedPath = "user-id-in-authenticated-path"
    case secretInQuery = "secret-in-query"
    case unauthenticatedWrite = "unauthenticated-write"
    case ambiguousPath = "ambiguous-path"
    case patchWithoutMergePatch = "patch-without-merge-patch"
    case trailingSlash = "trailing-slash"
    case pathStyle = "path-style"
    case emptyResponseOnGet = "empty-response-on-get"
    case publicUserData = "public-user-data"
    case authorizationHeaderParameter = "authorization-header-parameter"
    case credentialInQuery = "credential-in-query"
    case deleteBody = "delete-body"
    case inconsistentIDType = "inconsistent-id-type"
    case deprecatedWithoutDocs = "deprecated-without-docs"
    case missingDocs = "missing-docs"
    // Rules about the types declared in the route file (`model`, `enum`, `patch`, `union`).
    case untypedIDField = "untyped-id-field"
    case patchListsID = "patch-lists-id"
    case floatingPointMoney = "floating-point-money"
    case unusedType = "unused-type"
    case typeNameStyle = "type-name-style"
    case wireNameStyle = "wire-name-style"
    case unreachableUnionVariant = "unreachable-union-variant"
}
