import Foundation
import RoutegenCLI
import Testing

/// `routegen lint` with the lint rules: text, JSON and SARIF output, configuration beside the
/// route file, `--config`, `--strict`, and the Specs staying clean.
@Suite struct LintRulesCommandTests {
    static let shop = """
        api Shop
        group Session public
          login GET /login ?password: String -> Session

        """
    static let message = "query parameter 'password' of route 'login' carries a secret, and URLs end up in logs and proxies; the server decides where it reads it: once the server accepts it in a header or the body, send it there"

    @Test func textFindingEndsWithItsRuleIDAndShowsTheLineAndCaret() {
        let run = runInMemory(["lint", "Specs/Shop.routes"], files: ["Specs/Shop.routes": Self.shop])
        #expect(run.status == 0)
        #expect(run.standardError == """
            Specs/Shop.routes:3:21: warning: \(Self.message) [secret-in-query]
              login GET /login ?password: String -> Session
                                ^
            1 warning

            """)
    }

    @Test func configurationBesideTheRouteFileTurnsARuleOff() {
        let run = runInMemory(["lint", "Specs"], files: [
            "Specs/Shop.routes": Self.shop,
            "Specs/.routegen-lint.json": #"{"rules": {"secret-in-query": "off"}}"#,
        ])
        #expect(run.status == 0)
        #expect(run.standardError == "")
    }

    @Test func configurationInAnotherFolderDoesNotApply() {
        let run = runInMemory(["lint", "Specs/Shop.routes"], files: [
            "Specs/Shop.routes": Self.shop,
            ".routegen-lint.json": #"{"rules": {"secret-in-query": "off"}}"#,
        ])
        #expect(run.standardError.contains("[secret-in-query]"))
    }

    @Test func configurationSettingAnErrorFailsTheRun() {
        let run = runInMemory(["lint", "Specs/Shop.routes"], files: [
            "Specs/Shop.routes": Self.shop,
            "Specs/.routegen-lint.json": #"{"rules": {"secret-in-query": "error"}}"#,
        ])
        #expect(run.status == 1)
        #expect(run.standardError.hasPrefix("Specs/Shop.routes:3:21: error: \(Self.message) [secret-in-query]\n"))
    }

    @Test func unknownRuleInConfigurationIsReportedAgainstTheConfigurationFile() {
        let run = runInMemory(["lint", "Specs/Shop.routes"], files: [
            "Specs/Shop.routes": Self.shop,
            "Specs/.routegen-lint.json": #"{"rules": {"secret-in-querry": "off"}}"#,
        ])
        #expect(run.standardError.hasPrefix("Specs/.routegen-lint.json:1:12: warning: unknown lint rule 'secret-in-querry' in 'Specs/.routegen-lint.json'; did you mean 'secret-in-query'?\n"))
    }

    @Test func explicitConfigOptionReplacesTheFileBesideTheRouteFile() {
        let run = runInMemory(["lint", "--config", "ci/lint.json", "Specs/Shop.routes"], files: [
            "Specs/Shop.routes": Self.shop,
            "ci/lint.json": #"{"rules": {"secret-in-query": "off"}}"#,
        ])
        #expect(run.status == 0)
        #expect(run.standardError == "")
    }

    @Test func strictMakesAWarningFailTheRun() {
        let run = runInMemory(["lint", "--strict", "Specs/Shop.routes"], files: ["Specs/Shop.routes": Self.shop])
        #expect(run.status == 1)
        #expect(run.standardError.hasPrefix("Specs/Shop.routes:3:21: error: \(Self.message) [secret-in-query]\n"))
    }

    @Test func jsonFormatWritesTheFindingsToStandardOutput() {
        let run = runInMemory(["lint", "--format", "json", "Specs/Shop.routes"], files: ["Specs/Shop.routes": Self.shop])
        #expect(run.status == 0)
        #expect(run.standardError == "")
        #expect(run.standardOutput == """
            {
              "diagnostics" : [
                {
                  "column" : 21,
                  "file" : "Specs/Shop.routes",
                  "line" : 3,
                  "message" : "\(Self.message)",
                  "rule" : "secret-in-query",
                  "severity" : "warning"
                }
              ],
              "summary" : {
                "errors" : 0,
                "warnings" : 1
              }
            }

            """)
    }

    @Test func sarifFormatReportsTheFindingAtTheRelativePathGiven() throws {
        let run = runInMemory(["lint", "--format", "sarif", "Specs"], files: ["Specs/Shop.routes": Self.shop])
        #expect(run.status == 0)
        let log = try #require(try JSONSerialization.jsonObject(with: Data(run.standardOutput.utf8)) as? [String: Any])
        let result = try #require(((log["runs"] as? [[String: Any]])?.first?["results"] as? [[String: Any]])?.first)
        #expect(result["ruleId"] as? String == "secret-in-query")
        let physical = try #require((result["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any])
        #expect((physical["artifactLocation"] as? [String: Any])?["uri"] as? String == "Specs/Shop.routes")
        #expect((physical["region"] as? [String: Any])?["startLine"] as? Int == 3)
        #expect((physical["region"] as? [String: Any])?["startColumn"] as? Int == 21)
    }

    @Test func sarifFormatIncludesParserErrorsAndFailsTheRun() throws {
        let run = runInMemory(["lint", "--format", "sarif", "Broken.routes"], files: ["Broken.routes": "api Broken\ngroup Books\n"])
        #expect(run.status == 1)
        let log = try #require(try JSONSerialization.jsonObject(with: Data(run.standardOutput.utf8)) as? [String: Any])
        let results = try #require((log["runs"] as? [[String: Any]])?.first?["results"] as? [[String: Any]])
        #expect(results.map { $0["level"] as? String } == ["warning", "error"])
        #expect(results.map { $0["ruleId"] == nil } == [true, true])
    }

    @Test func unknownFormatIsAUsageError() {
        let run = runInMemory(["lint", "--format", "xml", "Specs/Shop.routes"], files: ["Specs/Shop.routes": Self.shop])
        #expect(run.status == 2)
        #expect(run.standardError.hasPrefix("error: unknown format 'xml'; use text, json, sarif or github\n"))
    }

    @Test func specsLintClean() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path
        let output = StringOutputSink(), errors = StringOutputSink()
        let context = CommandContext(standardOutput: output, standardError: errors, fileSystem: LocalFileSystem(), currentDirectory: root)
        #expect(runRoutegen(arguments: ["lint", "Specs"], context: context) == 0)
        #expect(errors.text == "")
    }
}
