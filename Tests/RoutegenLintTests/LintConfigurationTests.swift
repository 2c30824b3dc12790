import RoutegenCore
import RoutegenLint
import Testing

/// Reading `.routegen-lint.json`.
@Suite struct LintConfigurationTests {
    func parse(_ text: String) -> (LintConfiguration, [Diagnostic]) {
        let collector = DiagnosticCollector()
        let configuration = LintConfiguration.parse(text, path: "Specs/.routegen-lint.json", diagnostics: collector)
        return (configuration, collector.diagnostics)
    }

    @Test func readsEachRuleSeverity() {
        let (configuration, diagnostics) = parse(#"{"rules": {"path-style": "off", "secret-in-query": "error", "missing-docs": "warning"}}"#)
        #expect(diagnostics == [])
        #expect(configuration == LintConfiguration(severities: ["path-style": .off, "secret-in-query": .error, "missing-docs": .warning]))
    }

    @Test func ruleNotNamedKeepsItsDefaultSeverity() {
        let (configuration, _) = parse(#"{"rules": {"path-style": "off"}}"#)
        #expect(configuration.severity(of: SecretInQueryRule.self) == .warning)
        #expect(configuration.severity(of: MissingDocsRule.self) == .off)
    }

    @Test func unknownRuleIDIsAWarningAtItsKeyWithASuggestion() {
        let (configuration, diagnostics) = parse("{\n  \"rules\": {\n    \"secret-in-querry\": \"off\"\n  }\n}\n")
        #expect(configuration == LintConfiguration())
        #expect(diagnostics == [
            .warning("unknown lint rule 'secret-in-querry' in 'Specs/.routegen-lint.json'; did you mean 'secret-in-query'?", at: SourceLocation(file: "Specs/.routegen-lint.json", line: 3, column: 5)),
        ])
    }

    @Test func severityOtherThanOffWarningOrErrorIsAnError() {
        let (_, diagnostics) = parse(#"{"rules": {"path-style": "loud"}}"#)
        #expect(diagnostics == [
            .error("rule 'path-style' in 'Specs/.routegen-lint.json' must be set to 'off', 'warning' or 'error'", at: SourceLocation(file: "Specs/.routegen-lint.json", line: 1, column: 12)),
        ])
    }

    @Test func textThatIsNotJSONIsAnError() {
        let (_, diagnostics) = parse("rules: path-style off")
        #expect(diagnostics == [
            .error(#"not JSON: expected a value, found 'r'; write {"rules": {"rule-id": "off"}}"#, at: SourceLocation(file: "Specs/.routegen-lint.json", line: 1, column: 1)),
        ])
    }

    @Test func syntaxErrorIsAnErrorWhereTheReadingStops() {
        let (configuration, diagnostics) = parse("{\n  \"rules\": {\"path-style\": \"off\",}\n}\n")
        #expect(configuration == LintConfiguration())
        #expect(diagnostics == [
            .error(#"not JSON: expected a string key, found '}'; write {"rules": {"rule-id": "off"}}"#, at: SourceLocation(file: "Specs/.routegen-lint.json", line: 2, column: 33)),
        ])
    }

    @Test func repeatedKeyIsAnErrorAtTheRepeatAndTheFirstIsRead() {
        let (configuration, diagnostics) = parse("{\"rules\": {\"path-style\": \"off\"},\n \"rules\": {}}")
        #expect(configuration == LintConfiguration(severities: ["path-style": .off]))
        #expect(diagnostics == [
            .error("duplicate key 'rules' in one object; the first is at 1:2", at: SourceLocation(file: "Specs/.routegen-lint.json", line: 2, column: 2)),
        ])
    }

    @Test func unknownTopLevelKeyIsAWarning() {
        let (_, diagnostics) = parse(#"{"rule": {}}"#)
        #expect(diagnostics == [
            .warning("unknown key 'rule' in 'Specs/.routegen-lint.json'; only 'ruleSets' and 'rules' are read", at: SourceLocation(file: "Specs/.routegen-lint.json", line: 1, column: 2)),
        ])
    }

    @Test func ruleSetsChooseWhichSetsRun() {
        let (configuration, diagnostics) = parse(#"{"ruleSets": ["style", "recommended"]}"#)
        #expect(diagnostics == [])
        #expect(configuration.ruleSets == [.recommended, .style])
        #expect(configuration.severity(of: PathStyleRule.self) == .warning)
        #expect(LintConfiguration().severity(of: PathStyleRule.self) == .off)
        #expect(LintConfiguration().severity(of: SecretInQueryRule.self) == .warning)
    }

    @Test func unknownRuleSetIsAWarningAtItsName() {
        let (configuration, diagnostics) = parse("{\n  \"ruleSets\": [\"recommended\", \"pedantic\"]\n}\n")
        #expect(configuration.ruleSets == [.recommended])
        #expect(diagnostics == [
            .warning("unknown rule set 'pedantic' in 'Specs/.routegen-lint.json'; use recommended or style", at: SourceLocation(file: "Specs/.routegen-lint.json", line: 2, column: 31)),
        ])
    }

    @Test func ruleSetsThatAreNotAListAreAnError() {
        let (_, diagnostics) = parse(#"{"ruleSets": "style"}"#)
        #expect(diagnostics == [
            .error(#"'ruleSets' in 'Specs/.routegen-lint.json' must be a list of rule sets, such as ["recommended", "style"]"#, at: SourceLocation(file: "Specs/.routegen-lint.json", line: 1, column: 2)),
        ])
    }
}
