import RoutegenCore
import RoutegenLint
import Testing

/// A type used only as an error body (`errors Problem`) is used: the client receives it.
@Suite struct ErrorBodyLintTests {
    @Test func errorBodyTypeIsNotUnused() throws {
        let source = "api Shop\nmodel Problem\n  title: String\nmodel Spare\n  x: Int\ngroup Orders public errors Problem\n  order GET /orders -> Empty\n"
        let model = try #require(parseWithoutErrors(source, path: "Shop.routes"))
        let unused = Linter(configuration: LintConfiguration(severities: ["unused-type": .warning])).lint(model, source: source).filter { $0.ruleID == "unused-type" }
        #expect(unused.map { $0.location?.line } == [4])
    }
}
