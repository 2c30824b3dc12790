import Foundation
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

    /// Reads a configuration file's text. Problems go to `diagnostics` with the file's `path`:
    /// invalid JSON or an invalid severity is an error, an unknown rule id or key a warning
    /// (so a configuration written for a newer routegen still works). What could be read is kept.
    public static func parse(_ text: String, path: String, diagnostics: DiagnosticSink) -> LintConfiguration {
        let locator = JSONTextLocator(text: text, path: path)
        let object: Any
        do {
            object = try JSONSerialization.jsonObject(with: Data(text.utf8))
        } catch {
            diagnostics.emit(.error("'\(path)' is not valid JSON; write {\"rules\": {\"rule-id\": \"off\"}}", at: locator.start))
            return LintConfiguration()
        }
        guard let root = object as? [String: Any] else {
            diagnostics.emit(.error("'\(path)' must hold a JSON object; write {\"rules\": {\"rule-id\": \"off\"}}", at: locator.start))
            return LintConfiguration()
        }
        for key in root.keys.sorted(by: TextOrder.precedes) where key != "rules" && key != "ruleSets" {
            diagnostics.emit(.warning("unknown key '\(key)' in '\(path)'; only 'ruleSets' and 'rules' are read", at: locator.location(ofKey: key)))
        }
        let ruleSets = root["ruleSets"].flatMap { parseRuleSets($0, path: path, locator: locator, diagnostics: diagnostics) }
        guard let rulesValue = root["rules"] else { return LintConfiguration(ruleSets: ruleSets) }
        guard let rules = rulesValue as? [String: Any] else {
            diagnostics.emit(.error("'rules' in '\(path)' must be an object of rule ids to 'off', 'warning' or 'error'", at: locator.location(ofKey: "rules")))
            return LintConfiguration(ruleSets: ruleSets)
        }
        var severities: [String: RuleSeverity] = [:]
        for id in rules.keys.sorted(by: TextOrder.precedes) {
            let location = locator.location(ofKey: id)
            guard LintRules.rule(withID: id) != nil else {
                var message = "unknown lint rule '\(id)' in '\(path)'"
                if let suggestion = LintRules.suggestion(for: id) { message += "; did you mean '\(suggestion)'?" }
                diagnostics.emit(.warning(message, at: location))
                continue
            }
            guard let word = rules[id] as? String, let severity = RuleSeverity(rawValue: word) else {
                diagnostics.emit(.error("rule '\(id)' in '\(path)' must be set to 'off', 'warning' or 'error'", at: location))
                continue
            }
            severities[id] = severity
        }
        return LintConfiguration(severities: severities, ruleSets: ruleSets)
    }

    /// `"ruleSets": ["recommended", "style"]`: an unknown name is a warning at its place and is skipped.
    private static func parseRuleSets(_ value: Any, path: String, locator: JSONTextLocator, diagnostics: DiagnosticSink) -> [RuleSet]? {
        guard let names = value as? [Any] else {
            diagnostics.emit(.error("'ruleSets' in '\(path)' must be a list of rule sets, such as [\"recommended\", \"style\"]", at: locator.location(ofKey: "ruleSets")))
            return nil
        }
        var chosen: [RuleSet] = []
        for name in names {
            guard let text = name as? String, let set = RuleSet(rawValue: text) else {
                let spelled = (name as? String).map { "'\($0)'" } ?? "a value that is not a string"
                let location = (name as? String).map { locator.location(ofKey: $0) } ?? locator.location(ofKey: "ruleSets")
                diagnostics.emit(.warning("unknown rule set \(spelled) in '\(path)'; use \(RuleSet.spelledChoices)", at: location))
                continue
            }
            chosen.append(set)
        }
        return RuleSet.allCases.filter(chosen.contains)
    }
}

/// Finds where a key (or any quoted string) is written in JSON text, so problems in the
/// configuration and the baseline point at their line.
struct JSONTextLocator {
    let text: String
    let path: String

    var start: SourceLocation { SourceLocation(file: path, line: 1, column: 1) }

    /// The location of the first `"key"` in the text; the file's start when it is written with escapes.
    func location(ofKey key: String) -> SourceLocation {
        let needle = Array(("\"" + key + "\"").unicodeScalars)
        let scalars = Array(text.unicodeScalars)
        var line = 1, column = 1
        var index = 0
        while index + needle.count <= scalars.count {
            if scalars[index] == needle[0] && Array(scalars[index..<(index + needle.count)]) == needle {
                return SourceLocation(file: path, line: line, column: column)
            }
            if scalars[index] == "\n" {
                line += 1
                column = 1
            } else {
                column += 1
            }
            index += 1
        }
        return start
    }

    /// The location of the `number`th (1-based) `{` after the first `"key"`, not counting braces
    /// inside strings: where an entry of a list of objects starts. The key's location when there are fewer.
    func location(ofObject number: Int, afterKey key: String) -> SourceLocation {
        let keyLocation = location(ofKey: key)
        var line = 1, column = 1
        var seen = 0
        var inString = false, escaped = false, pastKey = false
        for scalar in text.unicodeScalars {
            if !pastKey && line == keyLocation.line && column == keyLocation.column { pastKey = true }
            if inString {
                if escaped { escaped = false } else if scalar == "\\" { escaped = true } else if scalar == "\"" { inString = false }
            } else if scalar == "\"" {
                inString = true
            } else if scalar == "{" && pastKey {
                seen += 1
                if seen == number { return SourceLocation(file: path, line: line, column: column) }
            }
            if scalar == "\n" {
                line += 1
                column = 1
            } else {
                column += 1
            }
        }
        return keyLocation
    }
}
