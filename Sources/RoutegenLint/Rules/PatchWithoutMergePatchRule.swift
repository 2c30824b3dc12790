import RoutegenCore

/// `patch-without-merge-patch`: a PATCH whose body is plain JSON.
public struct PatchWithoutMergePatchRule: LintRule {
    public static let id = LintRuleID.patchWithoutMergePatch.rawValue
    public static let defaultSeverity = RuleSeverity.warning
    public static let ruleSet = RuleSet.recommended
    public static let fixScope = FixScope.server
    public static let exampleMessage = "PATCH route 'updateBook' sends plain JSON, where a missing field and null look alike; the server decides the media types it reads: once it accepts application/merge-patch+json, write 'body merge-patch BookPatch'"
    public static let summary = "A PATCH sends plain JSON instead of a JSON Merge Patch."
    public static let rationale = """
        A partial update must tell "leave this field alone" from "clear this field". Plain JSON cannot: \
        a missing key and `null` decode alike on many servers. `body merge-patch Type` sends \
        `application/merge-patch+json` (RFC 7396), and a type built from `PatchField` encodes the three \
        states exactly.
        """
    public static let triggeringExamples = [
        """
        api Library
        group Books auth
          updateBook PATCH /books/{id: ID<Book>}  ↓body BookPatch -> Book
        """,
    ]
    public static let nonTriggeringExamples = [
        """
        api Library
        group Books auth
          updateBook PATCH /books/{id: ID<Book>}  body merge-patch BookPatch -> Book
        """,
        """
        api Library
        group Books auth
          replaceBook PUT /books/{id: ID<Book>}  body Book -> Book
        """,
    ]

    public init() {}

    public func check(_ model: APIModel, context: LintContext) -> [LintFinding] {
        model.routes.compactMap { route in
            guard route.method == "PATCH", let body = route.body, case .json(let type) = body.kind else { return nil }
            return LintFinding(
                message: "PATCH route '\(route.name)' sends plain JSON, where a missing field and null look alike; the server decides the media types it reads: once it accepts application/merge-patch+json, write 'body merge-patch \(type)'",
                location: body.location,
                route: route,
                about: type.description
            )
        }
    }
}
