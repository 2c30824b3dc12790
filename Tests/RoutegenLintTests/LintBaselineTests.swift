import RoutegenCore
import RoutegenLint
import Testing

/// The baseline file: deterministic bytes, reading back, and matching.
@Suite struct LintBaselineTests {
    static let entries = [
        LintBaseline.Entry(file: "b.routes", fingerprint: LintFingerprint(rule: "path-style", route: "G.z", subject: "Ä\"\\\n")),
        LintBaseline.Entry(file: "a.routes", fingerprint: LintFingerprint(rule: "secret-in-query", route: "G.b", subject: "token")),
        LintBaseline.Entry(file: "a.routes", fingerprint: LintFingerprint(rule: "ambiguous-path", route: "G.b", subject: "/x/{id}")),
        LintBaseline.Entry(file: "a.routes", fingerprint: LintFingerprint(rule: "secret-in-query", route: nil, subject: "file")),
    ]

    @Test func renderSortsByFileRouteRuleAndSubjectOneEntryPerLine() {
        #expect(LintBaseline(entries: Self.entries).render() == #"""
            {
              "version": 1,
              "findings": [
                {"file": "a.routes", "rule": "secret-in-query", "about": "file"},
                {"file": "a.routes", "route": "G.b", "rule": "ambiguous-path", "about": "/x/{id}"},
                {"file": "a.routes", "route": "G.b", "rule": "secret-in-query", "about": "token"},
                {"file": "b.routes", "route": "G.z", "rule": "path-style", "about": "Ä\"\\\n"}
              ]
            }

            """#)
        #expect(LintBaseline(entries: Self.entries.reversed()).render() == LintBaseline(entries: Self.entries).render())
    }

    @Test func parseReadsBackWhatRenderWrote() {
        let collector = DiagnosticCollector()
        let baseline = LintBaseline(entries: Self.entries)
        #expect(LintBaseline.parse(baseline.render(), path: "b.json", diagnostics: collector) == baseline)
        #expect(collector.diagnostics == [])
    }

    @Test func unknownTopLevelKeyIsAWarning() {
        let collector = DiagnosticCollector()
        let parsed = LintBaseline.parse(#"{"version": 1, "findings": [], "extra": true}"#, path: "b.json", diagnostics: collector)
        #expect(parsed == LintBaseline(entries: []))
        #expect(collector.diagnostics == [
            .warning("unknown key 'extra' in baseline 'b.json'; only 'version' and 'findings' are read", at: SourceLocation(file: "b.json", line: 1, column: 32)),
        ])
    }

    @Test func missingVersionIsAnError() {
        let collector = DiagnosticCollector()
        #expect(LintBaseline.parse(#"{"findings": []}"#, path: "b.json", diagnostics: collector) == nil)
        #expect(collector.diagnostics == [
            .error("baseline 'b.json' has no 'version'; rewrite it with 'routegen lint --write-baseline b.json'", at: SourceLocation(file: "b.json", line: 1, column: 1)),
        ])
    }

    @Test func matcherUsesEachEntryOnceAndListsTheUnusedOnesItWasAskedAbout() {
        var matcher = LintBaselineMatcher(LintBaseline(entries: Self.entries + [Self.entries[1]]))
        let token = Self.entries[1]
        let answers = [
            matcher.suppresses(file: token.file, fingerprint: token.fingerprint),
            matcher.suppresses(file: token.file, fingerprint: token.fingerprint),
            matcher.suppresses(file: token.file, fingerprint: token.fingerprint),
            matcher.suppresses(file: "c.routes", fingerprint: token.fingerprint),
        ]
        #expect(answers == [true, true, false, false])
        #expect(matcher.suppressedCount == 2)
        #expect(matcher.unusedEntries { $0.file == "a.routes" } == [Self.entries[3], Self.entries[2]])
    }
}
