import Foundation
import RoutegenCore

/// `routegen lint --format sarif`: SARIF 2.1.0, which GitHub code scanning and other CI tools
/// show inline on the route file.
///
/// One run; `tool.driver.rules` lists every rule (id, name, short and full description, help,
/// default level); each result has `ruleId` and `ruleIndex` (absent for parser errors), `level`,
/// `message.text` and one physical location: the route file's path exactly as given (relative
/// paths stay relative, resolved against the checkout by the consumer) and the 1-based
/// `startLine`/`startColumn`. Columns count Unicode code points (`columnKind`).
public enum SarifReport {
    /// The SARIF version written.
    public static let version = "2.1.0"
    /// The schema the output follows.
    public static let schema = "https://json.schemastore.org/sarif-2.1.0.json"

    /// The report as pretty-printed JSON with sorted keys and a final newline.
    public static func render(_ diagnostics: [Diagnostic], toolVersion: String, rules: [any LintRule.Type] = LintRules.all) -> String {
        let ruleIndexes = Dictionary(rules.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { first, _ in first })
        let log = Log(
            schema: schema,
            version: version,
            runs: [Run(
                tool: Tool(driver: Driver(
                    name: "routegen",
                    informationUri: "https://github.com/routegen/routegen/blob/main/docs/lint-rules.md",
                    version: toolVersion,
                    rules: rules.map { rule in
                        RuleDescriptor(
                            id: rule.id,
                            name: rule.id,
                            shortDescription: Text(text: rule.summary),
                            fullDescription: Text(text: rule.rationale),
                            help: Text(text: rule.summary + " " + rule.rationale),
                            defaultConfiguration: Configuration(
                                level: level(rule.defaultSeverity),
                                enabled: rule.defaultSeverity != .off && RuleSet.defaults.contains(rule.ruleSet)
                            ),
                            properties: RuleProperties(tags: [rule.ruleSet.rawValue])
                        )
                    }
                )),
                columnKind: "unicodeCodePoints",
                results: diagnostics.map { diagnostic in
                    Result(
                        ruleId: diagnostic.ruleID,
                        ruleIndex: diagnostic.ruleID.flatMap { ruleIndexes[$0] },
                        level: level(diagnostic.severity),
                        message: Text(text: diagnostic.message),
                        locations: diagnostic.location.map { location in
                            [ResultLocation(physicalLocation: PhysicalLocation(
                                artifactLocation: ArtifactLocation(uri: uri(forPath: location.file)),
                                region: Region(startLine: location.line, startColumn: location.column)
                            ))]
                        } ?? []
                    )
                }
            )]
        )
        return ReportEncoding.encode(log)
    }

    /// The artifact URI of a path: relative paths as given (with `/` separators), absolute ones as `file://` URLs.
    public static func uri(forPath path: String) -> String {
        let slashed = path.replacingOccurrences(of: "\\", with: "/")
        let encoded = slashed.addingPercentEncoding(withAllowedCharacters: uriPathCharacters) ?? slashed
        return slashed.hasPrefix("/") ? "file://" + encoded : encoded
    }

    private static let uriPathCharacters: CharacterSet = {
        var allowed = CharacterSet(charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789")
        allowed.insert(charactersIn: "-._~/!$&'()*+,;=:@")
        return allowed
    }()

    private static func level(_ severity: Severity) -> String {
        switch severity {
        case .error: "error"
        case .warning: "warning"
        case .note: "note"
        }
    }

    private static func level(_ severity: RuleSeverity) -> String {
        switch severity {
        case .off, .warning: "warning"
        case .error: "error"
        }
    }

    private struct Log: Encodable {
        var schema: String
        var version: String
        var runs: [Run]

        enum CodingKeys: String, CodingKey {
            case schema = "$schema"
            case version
            case runs
        }
    }

    private struct Run: Encodable {
        var tool: Tool
        var columnKind: String
        var results: [Result]
    }

    private struct Tool: Encodable {
        var driver: Driver
    }

    private struct Driver: Encodable {
        var name: String
        var informationUri: String
        var version: String
        var rules: [RuleDescriptor]
    }

    private struct RuleDescriptor: Encodable {
        var id: String
        var name: String
        var shortDescription: Text
        var fullDescription: Text
        var help: Text
        var defaultConfiguration: Configuration
        var properties: RuleProperties
    }

    private struct RuleProperties: Encodable {
        var tags: [String]
    }

    private struct Configuration: Encodable {
        var level: String
        var enabled: Bool
    }

    private struct Text: Encodable {
        var text: String
    }

    private struct Result: Encodable {
        var ruleId: String?
        var ruleIndex: Int?
        var level: String
        var message: Text
        var locations: [ResultLocation]
    }

    private struct ResultLocation: Encodable {
        var physicalLocation: PhysicalLocation
    }

    private struct PhysicalLocation: Encodable {
        var artifactLocation: ArtifactLocation
        var region: Region
    }

    private struct ArtifactLocation: Encodable {
        var uri: String
    }

    private struct Region: Encodable {
        var startLine: Int
        var startColumn: Int
    }
}
