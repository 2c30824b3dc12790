/// The rules section of docs/lint-rules.md, built from the rule types so the documentation
/// cannot drift from the rules: a test checks that the file contains exactly this text.
public enum LintRuleDocumentation {
    /// One `###` section per rule: id, default severity, summary, rationale and every example.
    public static func markdown(for rules: [any LintRule.Type] = LintRules.all) -> String {
        var lines: [String] = ["| Rule | Default | Finds |", "|---|---|---|"]
        for rule in rules {
            lines.append("| [`\(rule.id)`](#\(rule.id)) | \(rule.defaultSeverity.rawValue) | \(rule.summary) |")
        }
        for rule in rules {
            lines += ["", "### \(rule.id)", "", "Default: **\(rule.defaultSeverity.rawValue)**. \(rule.summary)", "", rule.rationale, ""]
            lines.append("Triggers (`↓` marks where the finding points):")
            for example in rule.triggeringExamples {
                lines += ["", "```", example, "```"]
            }
            lines += ["", "Does not trigger:"]
            for example in rule.nonTriggeringExamples {
                lines += ["", "```", example, "```"]
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
