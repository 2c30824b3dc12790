import RoutegenCore
import RoutegenLint

extension APIDiff {
    /// The diff in `format`, ending with a newline; `toolVersion` is the SARIF driver's version.
    public func render(_ format: Format, toolVersion: String? = nil) -> String {
        switch format {
        case .text: renderText()
        case .json: renderJSON()
        case .sarif: renderSarif(toolVersion: toolVersion)
        case .github: renderGitHub()
        }
    }

    /// `2 breaking, 1 for security review, 3 non-breaking`, or `no changes`.
    public var summary: String {
        guard !changes.isEmpty else { return "no changes" }
        return "\(count(of: .breaking)) breaking, \(count(of: .securityReview)) for security review, \(count(of: .nonBreaking)) non-breaking"
    }

    private func renderText() -> String {
        changes.map { "\($0.location): \($0.kind.rawValue): \($0.message)\n" }.joined() + summary + "\n"
    }

    private func renderJSON() -> String {
        struct Entry: Encodable {
            var column: Int
            var file: String
            var kind: String
            var line: Int
            var message: String
            var route: String?
            var type: String?
        }
        struct Summary: Encodable {
            var breaking: Int
            var nonBreaking: Int
            var securityReview: Int
        }
        struct Report: Encodable {
            var changes: [Entry]
            var summary: Summary
        }
        return ReportEncoding.encode(Report(
            changes: changes.map { Entry(column: $0.location.column, file: $0.location.file, kind: $0.kind.rawValue, line: $0.location.line, message: $0.message, route: $0.route, type: $0.type) },
            summary: Summary(breaking: count(of: .breaking), nonBreaking: count(of: .nonBreaking), securityReview: count(of: .securityReview))
        ))
    }

    /// The annotation level of a kind: breaking fails a check, security review asks for a look.
    private static func level(of kind: APIChange.Kind) -> (github: String, sarif: String) {
        switch kind {
        case .breaking: ("error", "error")
        case .securityReview: ("warning", "warning")
        case .nonBreaking: ("notice", "note")
        }
    }

    private func renderGitHub() -> String {
        changes.map { change in
            GitHubAnnotations.command(
                Self.level(of: change.kind).github,
                file: change.location.file,
                line: change.location.line,
                column: change.location.column,
                title: change.kind.rawValue,
                message: change.message
            )
        }.joined()
    }

    private func renderSarif(toolVersion: String?) -> String {
        let descriptions: [APIChange.Kind: String] = [
            .breaking: "Existing clients break: they no longer compile, or send requests the server no longer accepts.",
            .securityReview: "A route became public: it is sent without a token; check it exposes nothing private.",
            .nonBreaking: "Existing clients keep working.",
        ]
        return SarifReport.document(
            toolName: "routegen diff",
            informationURI: "https://github.com/routegen/routegen/blob/main/docs/lint-rules.md#routegen-diff",
            toolVersion: toolVersion,
            rules: APIChange.Kind.allCases.map { SarifReport.Rule(id: $0.rawValue, shortDescription: descriptions[$0] ?? "") },
            results: changes.map { change in
                SarifReport.Finding(ruleID: change.kind.rawValue, level: Self.level(of: change.kind).sarif, message: change.message, location: change.location)
            }
        )
    }
}
