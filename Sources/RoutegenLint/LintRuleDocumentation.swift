/// The rules section of docs/lint-rules.md, built from the rule types so the documentation
/// cannot drift from the rules: a test checks that the file contains exactly this text.
public enum LintRuleDocumentation {
    /// One `###` section per rule: id, set, default severity, summary, rationale, who fixes it,
    /// the wording of its first example's finding, and every example.
    public static func markdown(for rules: [any LintRule.Type] = LintRules.all) -> String {
        var lines: [String] = ["| Rule | Set | Default | Fix changes | Finds |", "|---|---|---|---|---|"]
        for rule in rules {
            lines.append("| [`\(rule.id)`](#\(rule.id)) | \(rule.ruleSet.rawValue) | \(rule.defaultSeverity.rawValue) | \(rule.fixScope.rawValue) | \(rule.summary) |")
        }
        for rule in rules {
            lines += [
                "", "### \(rule.id)", "",
                "Set: **\(rule.ruleSet.rawValue)**. Default: **\(rule.defaultSeverity.rawValue)**. \(rule.summary)", "",
                rule.rationale, "",
                rule.fixScope.documentation, "",
                "The first example below is reported as:", "",
                "> " + rule.exampleMessage, "",
            ]
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
