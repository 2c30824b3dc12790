import RoutegenCore

/// Rule sets and per-rule severities, read from `.routegen-lint.json` beside the route file:
///
/// ```json
/// { "ruleSets": ["recommended", "style"], "rules": { "path-style": "off", "secret-in-query": "error" } }
/// ```
///
/// `ruleSets` chooses the sets that run (`recommended` when absent); each rule value is `off`,
/// `warning` or `error` and applies whatever the sets, so a rule of a set that does not run can be
/// turned on alone. Rules not named run at their default severity when their set runs.
public struct LintConfiguration: Hashable, Sendable {
    /// The file name looked for in the route file's folder.
    public static let fileName = ".routegen-lint.json"

    /// Severities the file sets, by rule id.
    public var severities: [String: RuleSeverity]
    /// The rule sets chosen, in `RuleSet.allCases` order; nil when the file does not say (`RuleSet.defaults` run).
    public var ruleSets: [RuleSet]?

    /// A configuration that sets `severities` (empty: every rule at its default) and `ruleSets`.
    public init(severities: [String: RuleSeverity] = [:], ruleSets: [RuleSet]? = nil) {
        self.severities = severities
        self.ruleSets = ruleSets
    }

    /// The sets that run: `ruleSets`, or `RuleSet.defaults`.
    public var effectiveRuleSets: [RuleSet] { ruleSets ?? RuleSet.defaults }

    /// The severity `rule` runs with: the configured one, else its default when its set runs, else off.
    public func severity(of rule: any LintRule.Type) -> RuleSeverity {
        if let configured = severities[rule.id] { return configured }
        return effectiveRuleSets.contains(rule.ruleSet) ? rule.defaultSeverity : .off
    }

    /// Reads a configuration file's text with the located JSON reader. Problems go to
    /// `diagnostics` at their line and column in `path`: text that is not JSON (where the reading
    /// stops), a repeated key or an invalid severity is an error, an unknown rule id or key a
    /// warning (so a configuration written for a newer routegen still works). What could be read is kept.
    public static func parse(_ text: String, path: String, diagnostics: DiagnosticSink) -> LintConfiguration {
        let hint = #"write {"rules": {"rule-id": "off"}}"#
        guard let root = UserJSONFile.read(text, path: path, hint: hint, diagnostics: diagnostics).root else { return LintConfiguration() }
        guard let members = root.entries else {
            diagnostics.emit(.error("'\(path)' must hold a JSON object; \(hint)", at: root.position.location(in: path)))
            return LintConfiguration()
        }
        for member in members where member.key.string != "rules" && member.key.string != "ruleSets" {
            let key = member.key.string ?? ""
            diagnostics.emit(.warning("unknown key '\(key)' in '\(path)'; only 'ruleSets' and 'rules' are read", at: member.key.position.location(in: path)))
        }
        let ruleSets = root.entry("ruleSets").flatMap { parseRuleSets($0, path: path, diagnostics: diagnostics) }
        guard let rulesEntry = root.entry("rules") else { return LintConfiguration(ruleSets: ruleSets) }
        guard let rules = rulesEntry.value.entries else {
            diagnostics.emit(.error(
                "'rules' in '\(path)' must be an object of rule ids to 'off', 'warning' or 'error'",
                at: rulesEntry.key.position.location(in: path)
            ))
            return LintConfiguration(ruleSets: ruleSets)
        }
        var severities: [String: RuleSeverity] = [:]
        for rule in rules {
            let id = rule.key.string ?? ""
            let location = rule.key.position.location(in: path)
            guard LintRules.rule(withID: id) != nil else {
                var message = "unknown lint rule '\(id)' in '\(path)'"
                if let suggestion = LintRules.suggestion(for: id) { message += "; did you mean '\(suggestion)'?" }
                diagnostics.emit(.warning(message, at: location))
                continue
            }
            guard let word = rule.value.string, let severity = RuleSeverity(rawValue: word) else {
                diagnostics.emit(.error("rule '\(id)' in '\(path)' must be set to 'off', 'warning' or 'error'", at: location))
                continue
            }
            severities[id] = severity
        }
        return LintConfiguration(severities: severities, ruleSets: ruleSets)
    }

    /// `"ruleSets": ["recommended", "style"]`: an unknown name is a warning at its place and is skipped.
    private static func parseRuleSets(_ entry: DocumentEntry, path: String, diagnostics: DiagnosticSink) -> [RuleSet]? {
        guard let names = entry.value.sequence else {
            diagnostics.emit(.error(
                "'ruleSets' in '\(path)' must be a list of rule sets, such as [\"recommended\", \"style\"]",
                at: entry.key.position.location(in: path)
            ))
            return nil
        }
        var chosen: [RuleSet] = []
        for name in names {
            guard let text = name.string, let set = RuleSet(rawValue: text) else {
                let spelled = name.string.map { "'\($0)'" } ?? "a value that is not a string"
                diagnostics.emit(.warning("unknown rule set \(spelled) in '\(path)'; use \(RuleSet.spelledChoices)", at: name.position.location(in: path)))
                continue
            }
            chosen.append(set)
        }
        return RuleSet.allCases.filter(chosen.contains)
    }
}

/// A JSON file a user wrote (the lint configuration, the baseline), read by the located reader.
enum UserJSONFile {
    /// The tree of `text`, nil when it is no JSON, and whether the reader found errors (a
    /// repeated key leaves a tree). Every error goes to `diagnostics` at its line and column; the
    /// one that stops the reading ends with `hint`, what the file should hold.
    static func read(_ text: String, path: String, hint: String, diagnostics: DiagnosticSink) -> (root: DocumentNode?, hasErrors: Bool) {
        let found = DiagnosticCollector()
        let root = JSONDocumentReader(path: path).read(Array(text.utf8), diagnostics: found)
        for (index, diagnostic) in found.diagnostics.enumerated() {
            var diagnostic = diagnostic
            if root == nil && index == found.diagnostics.count - 1 { diagnostic.message += "; " + hint }
            diagnostics.emit(diagnostic)
        }
        return (root, found.hasErrors)
    }
}
