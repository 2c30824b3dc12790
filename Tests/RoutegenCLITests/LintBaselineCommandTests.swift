import Foundation
import RoutegenCLI
import Testing

/// `routegen lint --write-baseline` and `--baseline`: what is written, what is suppressed,
/// matching that ignores lines, the counts printed, and every bad baseline.
@Suite struct LintBaselineCommandTests {
    static let shop = """
        api Shop
        group Session public
          login GET /login ?password: String -> Session
          token POST /tokens ?api_key: String body Credentials -> Session

        """
    static let written = """
        {
          "version": 1,
          "findings": [
            {"file": "Specs/Shop.routes", "route": "Session.login", "rule": "secret-in-query", "about": "password"},
            {"file": "Specs/Shop.routes", "route": "Session.token", "rule": "secret-in-query", "about": "api_key"},
            {"file": "Specs/Shop.routes", "route": "Session.token", "rule": "unauthenticated-write", "about": "POST"}
          ]
        }

        """

    @Test func writeBaselineRecordsEveryFindingSortedOnePerLineAndPrintsOnlyACount() throws {
        let system = InMemoryFileSystem(files: ["/work/Specs/Shop.routes": Self.shop])
        let run = runInMemory(["lint", "--write-baseline", "lint-baseline.json", "Specs"], fileSystem: system)
        #expect(run.status == 0)
        #expect(run.standardError == "wrote baseline 'lint-baseline.json': 3 findings in 1 route file\n")
        #expect(String(decoding: try system.readFile(atPath: "/work/lint-baseline.json"), as: UTF8.self) == Self.written)
    }

    @Test func writingTwiceGivesTheSameBytes() throws {
        let system = InMemoryFileSystem(files: ["/work/Specs/Shop.routes": Self.shop])
        _ = runInMemory(["lint", "--write-baseline", "b.json", "Specs/Shop.routes"], fileSystem: system)
        let first = try system.readFile(atPath: "/work/b.json")
        _ = runInMemory(["lint", "--write-baseline", "b.json", "Specs"], fileSystem: system)
        #expect(try system.readFile(atPath: "/work/b.json") == first)
    }

    @Test func baselineSuppressesItsFindingsAndSaysHowMany() {
        let run = runInMemory(["lint", "--baseline", "lint-baseline.json", "Specs"], files: [
            "Specs/Shop.routes": Self.shop, "lint-baseline.json": Self.written,
        ])
        #expect(run.status == 0)
        #expect(run.standardError == "baseline 'lint-baseline.json' suppressed 3 findings\n")
    }

    @Test func baselineMatchesByRouteAndSubjectNotByLine() {
        // Two lines above and a new route in between: every old finding moved, one is new.
        let edited = """
            api Shop
            # Sessions.

            group Session public
              login GET /login ?password: String -> Session
              reset GET /reset ?password: String -> Session
              token POST /tokens ?api_key: String body Credentials -> Session

            """
        let run = runInMemory(["lint", "--baseline", "lint-baseline.json", "Specs"], files: [
            "Specs/Shop.routes": edited, "lint-baseline.json": Self.written,
        ])
        #expect(run.standardError == """
            Specs/Shop.routes:6:21: warning: query parameter 'password' of route 'reset' carries a secret, and URLs end up in logs and proxies; the server decides where it reads it: once the server accepts it in a header or the body, send it there [secret-in-query]
              reset GET /reset ?password: String -> Session
                                ^
            1 warning
            baseline 'lint-baseline.json' suppressed 3 findings

            """)
    }

    @Test func entriesThatNoLongerOccurAreCountedWithTheCommandThatDropsThem() {
        let fixed = """
            api Shop
            group Session public
              login POST /login body Credentials -> Session   public
              token POST /tokens ?api_key: String body Credentials -> Session

            """
        let run = runInMemory(["lint", "--baseline", "lint-baseline.json", "Specs"], files: [
            "Specs/Shop.routes": fixed, "lint-baseline.json": Self.written,
        ])
        #expect(run.status == 0)
        #expect(run.standardError == "baseline 'lint-baseline.json' suppressed 2 findings; 1 of its entries no longer occurs: run 'routegen lint --write-baseline lint-baseline.json Specs' to drop it\n")
    }

    @Test func entriesOfFilesOrRulesThatDidNotRunAreNotStale() {
        let other = "api Other\ngroup Things auth\n  things GET /things -> [Thing]\n"
        let run = runInMemory(["lint", "--baseline", "lint-baseline.json", "--config", "off.json", "Specs/Other.routes"], files: [
            "Specs/Shop.routes": Self.shop, "Specs/Other.routes": other, "lint-baseline.json": Self.written,
            "off.json": #"{"rules": {"secret-in-query": "off"}}"#,
        ])
        #expect(run.standardError == "baseline 'lint-baseline.json' suppressed 0 findings\n")
    }

    @Test func baselinePathsAreRelativeToTheBaselineSoAnyCommandLineSpellingMatches() {
        let run = runInMemory(["lint", "--baseline", "/work/lint-baseline.json", "/work/Specs/../Specs/Shop.routes"], files: [
            "Specs/Shop.routes": Self.shop, "lint-baseline.json": Self.written,
        ])
        #expect(run.standardError == "baseline '/work/lint-baseline.json' suppressed 3 findings\n")
    }

    @Test func aFindingListedOnceSuppressesOneOccurrence() {
        let twice = Self.shop + "group Other public\n  login GET /login2 ?password: String -> Session\n"
        let baseline = """
            {"version": 1, "findings": [{"file": "Shop.routes", "route": "Session.login", "rule": "secret-in-query", "about": "password"}]}
            """
        let run = runInMemory(["lint", "--baseline", "b.json", "--format", "json", "Shop.routes"], files: ["Shop.routes": twice, "b.json": baseline])
        #expect(run.standardOutput.contains(#""suppressed" : 1"#))
        #expect(run.standardOutput.contains("of route 'login'"))
        #expect(run.standardOutput.contains(#""warnings" : 3"#))
    }

    @Test func jsonSummaryCarriesTheBaselineCounts() {
        let run = runInMemory(["lint", "--baseline", "lint-baseline.json", "--format", "json", "Specs"], files: [
            "Specs/Shop.routes": Self.shop, "lint-baseline.json": Self.written,
        ])
        #expect(run.status == 0)
        #expect(run.standardError == "")
        #expect(run.standardOutput == """
            {
              "diagnostics" : [

              ],
              "summary" : {
                "baseline" : {
                  "file" : "lint-baseline.json",
                  "stale" : 0,
                  "suppressed" : 3
                },
                "errors" : 0,
                "warnings" : 0
              }
            }

            """)
    }

    @Test func missingBaselineIsAnErrorNamingThePathAndTheCommandThatWritesIt() {
        let run = runInMemory(["lint", "--baseline", "lint-baseline.json", "--rule-sets", "recommended,style", "Specs"], files: ["Specs/Shop.routes": Self.shop])
        #expect(run.status == 1)
        #expect(run.standardError == """
            error: baseline 'lint-baseline.json' does not exist; write it with 'routegen lint --rule-sets recommended,style --write-baseline lint-baseline.json Specs'
            1 error

            """)
    }

    @Test func baselineThatIsNotJSONIsAnErrorAtItsStartAndNothingIsLinted() {
        let run = runInMemory(["lint", "--baseline", "b.json", "Specs"], files: ["Specs/Shop.routes": Self.shop, "b.json": "findings: []\n"])
        #expect(run.status == 1)
        #expect(run.standardError == """
            b.json:1:1: error: not JSON: expected a value, found 'f'; rewrite the baseline with 'routegen lint --write-baseline b.json'
            findings: []
            ^
            1 error

            """)
    }

    @Test func baselineFromANewerVersionIsAnErrorAtItsVersion() {
        let run = runInMemory(["lint", "--baseline", "b.json", "Specs"], files: ["Specs/Shop.routes": Self.shop, "b.json": "{\n  \"version\": 2,\n  \"findings\": []\n}\n"])
        #expect(run.status == 1)
        #expect(run.standardError == """
            b.json:2:3: error: baseline 'b.json' has format version 2, newer than this routegen reads (1); update routegen, or rewrite it with 'routegen lint --write-baseline b.json'
              "version": 2,
              ^
            1 error

            """)
    }

    @Test func malformedEntryIsAnErrorAtItsObject() {
        let text = "{\n  \"version\": 1,\n  \"findings\": [\n    {\"file\": \"Shop.routes\", \"rule\": \"secret-in-query\", \"about\": \"password\"},\n    {\"file\": \"Shop.routes\", \"rule\": 7}\n  ]\n}\n"
        let run = runInMemory(["lint", "--baseline", "b.json", "Shop.routes"], files: ["Shop.routes": Self.shop, "b.json": text])
        #expect(run.status == 1)
        #expect(run.standardError == """
            b.json:5:5: error: finding 2 in baseline 'b.json' must be an object with string 'file', 'rule' and 'about' and an optional string 'route'
                {"file": "Shop.routes", "rule": 7}
                ^
            1 error

            """)
    }

    @Test func unknownRuleInBaselineIsAWarningAtItsNameAndItsEntriesAreIgnored() {
        let text = """
            {
              "version": 1,
              "findings": [
                {"file": "Specs/Shop.routes", "route": "Session.login", "rule": "secret-in-querry", "about": "password"}
              ]
            }

            """
        let run = runInMemory(["lint", "--baseline", "b.json", "--format", "github", "Specs/Shop.routes"], files: ["Specs/Shop.routes": Self.shop, "b.json": text])
        #expect(run.status == 0)
        #expect(run.standardOutput.hasPrefix("""
            ::warning file=b.json,line=4,col=69::unknown lint rule 'secret-in-querry' in baseline 'b.json'; did you mean 'secret-in-query'?; its finding is ignored
            ::warning file=Specs/Shop.routes,line=3,col=21,title=secret-in-query::query parameter 'password' of route 'login'
            """))
        #expect(run.standardError == "baseline 'b.json' suppressed 0 findings\n")
    }

    @Test func baselineAndWriteBaselineTogetherAreAUsageError() {
        let run = runInMemory(["lint", "--baseline", "a.json", "--write-baseline", "b.json", "Specs"], files: ["Specs/Shop.routes": Self.shop])
        #expect(run.status == 2)
        #expect(run.standardError.hasPrefix("error: give either --baseline or --write-baseline, not both; --write-baseline records the findings anew\n"))
    }

    @Test func writeBaselineStillPrintsParserErrorsAndFails() {
        let system = InMemoryFileSystem(files: ["/work/Broken.routes": "api Broken\ngroup Books\n"])
        let run = runInMemory(["lint", "--write-baseline", "b.json", "Broken.routes"], fileSystem: system)
        #expect(run.status == 1)
        #expect(run.standardError.hasSuffix("1 error, 1 warning\nwrote baseline 'b.json': 0 findings in 0 route files\n"))
        #expect(String(decoding: (try? system.readFile(atPath: "/work/b.json")) ?? [], as: UTF8.self) == "{\n  \"version\": 1,\n  \"findings\": []\n}\n")
    }
}

/// `--rule-sets` and `--format github` on `routegen lint`.
@Suite struct LintRuleSetAndGitHubFormatTests {
    static let styled = """
        api Shop
        group Orders auth
          orders GET /myOrders ?token: String -> [Order]

        """

    @Test func defaultRunsOnlyTheRecommendedSet() {
        let run = runInMemory(["lint", "--format", "json", "Shop.routes"], files: ["Shop.routes": Self.styled])
        #expect(run.standardOutput.contains(#""rule" : "secret-in-query""#))
        #expect(!run.standardOutput.contains(#""rule" : "path-style""#))
    }

    @Test func ruleSetsFlagChoosesTheSetsAndBeatsTheConfiguration() {
        let files = ["Shop.routes": Self.styled, ".routegen-lint.json": #"{"ruleSets": ["recommended"]}"#]
        let run = runInMemory(["lint", "--rule-sets", "style", "--format", "github", "Shop.routes"], files: files)
        #expect(run.standardOutput == "::warning file=Shop.routes,line=3,col=15,title=path-style::path segment 'myOrders' of route 'orders' has upper-case letters, and paths are case-sensitive; the server decides its paths: rename it to 'my-orders' on the server and here together, or keep the server's spelling\n")
    }

    @Test func configurationRuleSetsTurnOnStyle() {
        let run = runInMemory(["lint", "Shop.routes"], files: ["Shop.routes": Self.styled, ".routegen-lint.json": #"{"ruleSets": ["recommended", "style"]}"#])
        #expect(run.standardError.hasSuffix("2 warnings\n"))
    }

    @Test func unknownRuleSetIsAUsageError() {
        let run = runInMemory(["lint", "--rule-sets", "recommended,pedantic", "Shop.routes"], files: ["Shop.routes": Self.styled])
        #expect(run.status == 2)
        #expect(run.standardError.hasPrefix("error: unknown rule set 'pedantic' in '--rule-sets recommended,pedantic'; use recommended, style or both: recommended,style\n"))
    }

    @Test func githubFormatWritesOneWorkflowCommandPerDiagnosticErrorsAsErrors() {
        let files = ["Specs/a,b:c.routes": Self.styled, "Specs/Broken.routes": "api Broken\ngroup Books auth\n  x GET /x -> Bok ten\n"]
        let run = runInMemory(["lint", "--format", "github", "--strict", "Specs"], files: files)
        #expect(run.status == 1)
        #expect(run.standardError == "")
        #expect(run.standardOutput == """
            ::error file=Specs/Broken.routes,line=3,col=19::unknown flag 'ten'; use 'auth', 'public' or 'deprecated'
            ::error file=Specs/a%2Cb%3Ac.routes,line=3,col=25,title=secret-in-query::query parameter 'token' of route 'orders' carries a secret, and URLs end up in logs and proxies; the server decides where it reads it: once the server accepts it in a header or the body, send it there

            """)
    }

    @Test func lintHelpShowsTheNewOptions() {
        let help = runInMemory(["lint", "--help"]).standardOutput
        #expect(help.contains("""
              --format <text|json|sarif|github>
                                      How to report: compiler-style text on standard error (default), or JSON, SARIF 2.1.0 or GitHub Actions workflow commands (annotations) on standard output.
              --config <file>         The lint configuration to use instead of the .routegen-lint.json beside each route file.
              --rule-sets <sets>      The rule sets to run, separated by commas: recommended (the default: wrong on the wire or a security risk), style (naming, shape, docs). Replaces the configuration's ruleSets.
              --baseline <file>       Report only findings not recorded in this baseline; say how many it suppressed and how many of its entries no longer occur.
              --write-baseline <file> Record every finding of this run in a baseline file instead of reporting it.
            """))
    }
}
