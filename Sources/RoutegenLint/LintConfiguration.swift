import Foundation
import RoutegenCore

/// Per-rule severities, read from `.routegen-lint.json` beside the route file:
///
/// ```json
/// { "rules": { "path-style": "off", "secret-in-query": "error", "missing-docs": "warning" } }
/// ```
///
/// Each value is `off`, `warning` or `error`; rules not named keep their default severity.
public struct LintConfiguration: Hashable, Sendable {
    /// The file name looked for in the route file's folder.
    public static let fileName = ".routegen-lint.json"

    /// Severities the file sets, by rule id.
    public var severities: [String: RuleSeverity]

    /// A configuration that sets `severities` (empty: every rule at its default).
    public init(severities: [String: RuleSeverity] = [:]) {
        self.severities = severities
    }

    /// The severity `rule` runs with.
    public func severity(of rule: any LintRule.Type) -> RuleSeverity {
        severities[rule.id] ?? rule.defaultSeverity
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
        for key in root.keys.sorted(by: TextOrder.precedes) where key != "rules" {
            diagnostics.emit(.warning("unknown key '\(key)' in '\(path)'; only 'rules' is read", at: locator.location(ofKey: key)))
        }
        guard let rulesValue = root["rules"] else { return LintConfiguration() }
        guard let rules = rulesValue as? [String: Any] else {
            diagnostics.emit(.error("'rules' in '\(path)' must be an object of rule ids to 'off', 'warning' or 'error'", at: locator.location(ofKey: "rules")))
            return LintConfiguration()
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
        return LintConfiguration(severities: severities)
    }
}

/// Finds where a key is written in JSON text, so configuration problems point at their line.
private struct JSONTextLocator {
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
}
