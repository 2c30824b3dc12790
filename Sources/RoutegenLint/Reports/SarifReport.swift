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

    /// The lint report as pretty-printed JSON with sorted keys and a final newline.
    public static func render(_ diagnostics: [Diagnostic], toolVersion: String, rules: [any LintRule.Type] = LintRules.all) -> String {
        document(
            toolName: "routegen",
            informationURI: "https://github.com/routegen/routegen/blob/main/docs/lint-rules.md",
            toolVersion: toolVersion,
            rules: rules.map { rule in
                Rule(
                    id: rule.id,
                    shortDescription: rule.summary,
                    fullDescription: rule.rationale,
                    help: rule.summary + " " + rule.rationale,
                    defaultConfiguration: Configuration(
                        level: level(rule.defaultSeverity),
                        enabled: rule.defaultSeverity != .off && RuleSet.defaults.contains(rule.ruleSet)
                    ),
                    tags: [rule.ruleSet.rawValue]
                )
            },
            results: diagnostics.map { diagnostic in
                Finding(ruleID: diagnostic.ruleID, level: level(diagnostic.severity), message: diagnostic.message, location: diagnostic.location)
            }
        )
    }

    /// A rule the run's tool declares; results name it by id.
    public struct Rule: Sendable {
        /// The id results refer to; also the rule's name.
        public var id: String
        /// One line on what it finds.
        public var shortDescription: String
        /// Why it matters, when there is more to say.
        public var fullDescription: String?
        /// What to do, when given.
        public var help: String?
        /// The level and whether it runs by default, when the tool has such settings.
        public var defaultConfiguration: Configuration?
        /// Tags such as the rule's set.
        public var tags: [String]?

        /// Creates a rule.
        public init(id: String, shortDescription: String, fullDescription: String? = nil, help: String? = nil, defaultConfiguration: Configuration? = nil, tags: [String]? = nil) {
            self.id = id
            self.shortDescription = shortDescription
            self.fullDescription = fullDescription
            self.help = help
            self.defaultConfiguration = defaultConfiguration
            self.tags = tags
        }
    }

    /// A rule's default level and whether it is enabled.
    public struct Configuration: Encodable, Sendable {
        /// `error`, `warning` or `note`.
        public var level: String
        /// Whether the rule runs by default.
        public var enabled: Bool
    }

    /// One result of the run.
    public struct Finding: Sendable {
        /// The rule it belongs to; nil for problems no rule found (parser errors).
        public var ruleID: String?
        /// `error`, `warning` or `note`.
        public var level: String
        /// What is wrong.
        public var message: String
        /// Where; nil for problems that belong to no file.
        public var location: SourceLocation?

        /// Creates a result.
        public init(ruleID: String?, level: String, message: String, location: SourceLocation?) {
            self.ruleID = ruleID
            self.level = level
            self.message = message
            self.location = location
        }
    }

    /// A SARIF 2.1.0 log of one run of one tool: what `lint` and `diff` both write.
    public static func document(toolName: String, informationURI: String, toolVersion: String?, rules: [Rule], results: [Finding]) -> String {
        let ruleIndexes = Dictionary(rules.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { first, _ in first })
        let log = Log(
            schema: schema,
            version: version,
            runs: [Run(
                tool: Tool(driver: Driver(
                    name: toolName,
                    informationUri: informationURI,
                    version: toolVersion,
                    rules: rules.map { rule in
                        RuleDescriptor(
                            id: rule.id,
                            name: rule.id,
                            shortDescription: Text(text: rule.shortDescription),
                            fullDescription: rule.fullDescription.map { Text(text: $0) },
                            help: rule.help.map { Text(text: $0) },
                            defaultConfiguration: rule.defaultConfiguration,
                            properties: rule.tags.map { RuleProperties(tags: $0) }
                        )
                    }
                )),
                columnKind: "unicodeCodePoints",
                results: results.map { result in
                    Result(
                        ruleId: result.ruleID,
                        ruleIndex: result.ruleID.flatMap { ruleIndexes[$0] },
                        level: result.level,
                        message: Text(text: result.message),
                        locations: result.location.map { location in
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
        var version: String?
        var rules: [RuleDescriptor]
    }

    private struct RuleDescriptor: Encodable {
        var id: String
        var name: String
        var shortDescription: Text
        var fullDescription: Text?
        var help: Text?
        var defaultConfiguration: Configuration?
        var properties: RuleProperties?
    }

    private struct RuleProperties: Encodable {
        var tags: [String]
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
