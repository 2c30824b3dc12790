import Foundation
import RoutegenLint
import Testing

/// docs/lint-rules.md lists every rule exactly as the rule types describe themselves.
@Suite struct LintRuleDocumentationTests {
    static let documentPath = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("docs/lint-rules.md").path
    static let begin = "<!-- rules:begin -->\n"
    static let end = "<!-- rules:end -->"

    /// Set `ROUTEGEN_UPDATE_LINT_DOCS=1` to rewrite the section from the rules instead of checking it.
    @Test func documentationListsEveryRuleWithItsRationaleAndExamples() throws {
        let document = try String(contentsOfFile: Self.documentPath, encoding: .utf8)
        let start = try #require(document.range(of: Self.begin), "docs/lint-rules.md has no '\(Self.begin)' marker")
        let stop = try #require(document.range(of: Self.end, range: start.upperBound..<document.endIndex))
        let expected = LintRuleDocumentation.markdown()
        if ProcessInfo.processInfo.environment["ROUTEGEN_UPDATE_LINT_DOCS"] != nil {
            let updated = String(document[..<start.upperBound]) + expected + String(document[stop.lowerBound...])
            try updated.write(toFile: Self.documentPath, atomically: true, encoding: .utf8)
            return
        }
        #expect(String(document[start.upperBound..<stop.lowerBound]) == expected,
                "docs/lint-rules.md is out of date; run: ROUTEGEN_UPDATE_LINT_DOCS=1 swift test --filter LintRuleDocumentationTests")
    }
}
