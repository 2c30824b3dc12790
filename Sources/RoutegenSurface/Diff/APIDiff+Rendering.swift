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
            changes: changes.map { Entry(column: $0.location.column, file: $0.location.file, kind: $0.kind.rawValue, line: $0.location.line, message: $0.message, route: $0.route) },
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
        struct Text: Encodable { var text: String }
        struct Rule: Encodable { var id: String; var name: String; var shortDescription: Text }
        struct Driver: Encodable { var name: String; var informationUri: String; var version: String?; var rules: [Rule] }
        struct Tool: Encodable { var driver: Driver }
        struct Region: Encodable { var startLine: Int; var startColumn: Int }
        struct Artifact: Encodable { var uri: String }
        struct Physical: Encodable { var artifactLocation: Artifact; var region: Region }
        struct Location: Encodable { var physicalLocation: Physical }
        struct Result: Encodable { var ruleId: String; var ruleIndex: Int; var level: String; var message: Text; var locations: [Location] }
        struct Run: Encodable { var tool: Tool; var columnKind: String; var results: [Result] }
        struct Log: Encodable {
            var schema: String
            var version: String
            var runs: [Run]
            enum CodingKeys: String, CodingKey { case schema = "$schema", version, runs }
        }
        let kinds = APIChange.Kind.allCases
        let descriptions: [APIChange.Kind: String] = [
            .breaking: "Existing clients break: they no longer compile, or send requests the server no longer accepts.",
            .securityReview: "A route became public: it is sent without a token; check it exposes nothing private.",
            .nonBreaking: "Existing clients keep working.",
        ]
        let log = Log(
            schema: SarifReport.schema,
            version: SarifReport.version,
            runs: [Run(
                tool: Tool(driver: Driver(
                    name: "routegen diff",
                    informationUri: "https://github.com/routegen/routegen/blob/main/docs/lint-rules.md#routegen-diff",
                    version: toolVersion,
                    rules: kinds.map { Rule(id: $0.rawValue, name: $0.rawValue, shortDescription: Text(text: descriptions[$0] ?? "")) }
                )),
                columnKind: "unicodeCodePoints",
                results: changes.map { change in
                    Result(
                        ruleId: change.kind.rawValue,
                        ruleIndex: kinds.firstIndex(of: change.kind) ?? 0,
                        level: Self.level(of: change.kind).sarif,
                        message: Text(text: change.message),
                        locations: [Location(physicalLocation: Physical(
                            artifactLocation: Artifact(uri: SarifReport.uri(forPath: change.location.file)),
                            region: Region(startLine: change.location.line, startColumn: change.location.column)
                        ))]
                    )
                }
            )]
        )
        return ReportEncoding.encode(log)
    }
}
