import RoutegenCore
import RoutegenLint
import Testing

/// How the path rules read a joined segment (`{sid}.json`): as its shape, `{}.json`.
@Suite struct JoinedSegmentLintTests {
    func ambiguities(_ routes: String) throws -> [String] {
        let source = "api Twilio\ngroup Calls public\n" + routes
        let model = try #require(parseWithoutErrors(source, path: "Twilio.routes"))
        return Linter().lint(model, source: source).filter { $0.ruleID == "ambiguous-path" }.map { "\($0.location?.line ?? 0):\($0.location?.column ?? 0)" }
    }

    @Test func suffixSegmentsWithDifferentSuffixesDoNotOverlap() throws {
        #expect(try ambiguities("  json GET /Calls/{sid: String}.json -> Empty\n  xml GET /Calls/{sid: String}.xml -> Empty\n") == [])
    }

    @Test func suffixSegmentOverlapsAPlainParameterAtItsSegment() throws {
        #expect(try ambiguities("  plain GET /Calls/{sid: String} -> Empty\n  json GET /Calls/{sid: String}.json -> Empty\n") == ["4:19"])
    }

    @Test func suffixSegmentAndALiteralAreNotCompared() throws {
        #expect(try ambiguities("  json GET /Calls/{sid: String}.json -> Empty\n  active GET /Calls/active -> Empty\n") == [])
    }
}
