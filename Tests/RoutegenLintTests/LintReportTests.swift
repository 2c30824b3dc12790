import Foundation
import RoutegenCore
import RoutegenLint
import Testing

/// `--format json` and `--format sarif`.
@Suite struct LintReportTests {
    static let finding = Diagnostic(
        severity: .warning,
        message: "query parameter 'password' of route 'login' carries a secret, and URLs end up in logs and proxies; the server decides where it reads it: once the server accepts it in a header or the body, send it there",
        location: SourceLocation(file: "Specs/Shop.routes", line: 3, column: 21),
        ruleID: "secret-in-query"
    )
    static let parserError = Diagnostic.error("route 'book' is declared twice in group 'Books'; rename one", at: SourceLocation(file: "Specs/Library.routes", line: 7, column: 3))

    @Test func jsonReportListsEveryDiagnosticWithSortedKeysAndASummary() {
        #expect(LintJSONReport.render([Self.finding, Self.parserError]) == """
            {
              "diagnostics" : [
                {
                  "column" : 21,
                  "file" : "Specs/Shop.routes",
                  "line" : 3,
                  "message" : "query parameter 'password' of route 'login' carries a secret, and URLs end up in logs and proxies; the server decides where it reads it: once the server accepts it in a header or the body, send it there",
                  "rule" : "secret-in-query",
                  "severity" : "warning"
                },
                {
                  "column" : 3,
                  "file" : "Specs/Library.routes",
                  "line" : 7,
                  "message" : "route 'book' is declared twice in group 'Books'; rename one",
                  "severity" : "error"
                }
              ],
              "summary" : {
                "errors" : 1,
                "warnings" : 1
              }
            }

            """)
    }

    func sarif(_ diagnostics: [Diagnostic]) throws -> [String: Any] {
        let text = SarifReport.render(diagnostics, toolVersion: "1.2.3")
        return try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    func firstRun(_ log: [String: Any]) throws -> [String: Any] {
        let runs = try #require(log["runs"] as? [[String: Any]])
        #expect(runs.count == 1)
        return try #require(runs.first)
    }

    @Test func sarifNamesItsVersionAndSchema() throws {
        let log = try sarif([])
        #expect(log["version"] as? String == "2.1.0")
        #expect(log["$schema"] as? String == "https://json.schemastore.org/sarif-2.1.0.json")
    }

    @Test func sarifDriverDescribesEveryRuleWithItsHelp() throws {
        let run = try firstRun(try sarif([]))
        let driver = try #require((run["tool"] as? [String: Any])?["driver"] as? [String: Any])
        #expect(driver["name"] as? String == "routegen")
        #expect(driver["version"] as? String == "1.2.3")
        let rules = try #require(driver["rules"] as? [[String: Any]])
        #expect(rules.map { $0["id"] as? String } == LintRules.all.map { $0.id })
        let secret = try #require(rules.first { $0["id"] as? String == "secret-in-query" })
        #expect((secret["shortDescription"] as? [String: Any])?["text"] as? String == SecretInQueryRule.summary)
        #expect((secret["fullDescription"] as? [String: Any])?["text"] as? String == SecretInQueryRule.rationale)
        #expect((secret["help"] as? [String: Any])?["text"] as? String == SecretInQueryRule.summary + " " + SecretInQueryRule.rationale)
        #expect((secret["defaultConfiguration"] as? [String: Any])?["level"] as? String == "warning")
    }

    @Test func sarifResultCarriesRuleLevelMessageAndPhysicalLocation() throws {
        let run = try firstRun(try sarif([Self.finding]))
        #expect(run["columnKind"] as? String == "unicodeCodePoints")
        let results = try #require(run["results"] as? [[String: Any]])
        #expect(results.count == 1)
        let result = try #require(results.first)
        #expect(result["ruleId"] as? String == "secret-in-query")
        #expect(result["ruleIndex"] as? Int == LintRules.all.firstIndex { $0.id == "secret-in-query" })
        #expect(result["level"] as? String == "warning")
        #expect((result["message"] as? [String: Any])?["text"] as? String == Self.finding.message)
        let locations = try #require(result["locations"] as? [[String: Any]])
        let physical = try #require(locations.first?["physicalLocation"] as? [String: Any])
        #expect((physical["artifactLocation"] as? [String: Any])?["uri"] as? String == "Specs/Shop.routes")
        let region = try #require(physical["region"] as? [String: Any])
        #expect(region["startLine"] as? Int == 3)
        #expect(region["startColumn"] as? Int == 21)
    }

    @Test func sarifResultOfAParserErrorHasNoRuleID() throws {
        let results = try #require(try firstRun(try sarif([Self.parserError]))["results"] as? [[String: Any]])
        #expect(results.first?["ruleId"] == nil)
        #expect(results.first?["level"] as? String == "error")
    }

    @Test func sarifURIOfAnAbsolutePathIsAFileURL() {
        #expect(SarifReport.uri(forPath: "/work/My Specs/Shop.routes") == "file:///work/My%20Specs/Shop.routes")
    }

    @Test func githubAnnotationEscapesMessageAndPropertiesAsTheRunnerExpects() {
        let diagnostic = Diagnostic(
            severity: .warning,
            message: "100% of\r\nroutes: a, b",
            location: SourceLocation(file: "My Specs/a:b,c%.routes", line: 3, column: 21),
            note: "see docs",
            ruleID: "secret-in-query"
        )
        #expect(GitHubAnnotations.render([diagnostic, Self.parserError, .error("cannot read 'x'", at: nil)]) == """
            ::warning file=My Specs/a%3Ab%2Cc%25.routes,line=3,col=21,title=secret-in-query::100%25 of%0D%0Aroutes: a, b%0Anote: see docs
            ::error file=Specs/Library.routes,line=7,col=3::route 'book' is declared twice in group 'Books'; rename one
            ::error::cannot read 'x'

            """)
    }

    @Test func sarifRuleCarriesItsSetAsATagAndIsEnabledOnlyInTheDefaultSets() throws {
        let run = try firstRun(try sarif([]))
        let driver = try #require((run["tool"] as? [String: Any])?["driver"] as? [String: Any])
        let rules = try #require(driver["rules"] as? [[String: Any]])
        let pathStyle = try #require(rules.first { $0["id"] as? String == "path-style" })
        #expect((pathStyle["properties"] as? [String: Any])?["tags"] as? [String] == ["style"])
        #expect((pathStyle["defaultConfiguration"] as? [String: Any])?["enabled"] as? Bool == false)
        let secret = try #require(rules.first { $0["id"] as? String == "secret-in-query" })
        #expect((secret["properties"] as? [String: Any])?["tags"] as? [String] == ["recommended"])
        #expect((secret["defaultConfiguration"] as? [String: Any])?["enabled"] as? Bool == true)
    }
}
