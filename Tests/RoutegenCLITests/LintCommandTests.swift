import Testing
import RoutegenCLI

@Suite("routegen lint")
struct LintCommandTests {
    private let valid = "api A\ngroup G auth\n  r GET /r -> R\n"

    @Test func cleanFileExitsZeroAndPrintsNothing() {
        let run = runInMemory(["lint", "a.routes"], files: ["a.routes": valid])
        #expect(run.status == 0)
        #expect(run.standardOutput == "")
        #expect(run.standardError == "")
    }

    @Test func fileWithErrorsExitsOneWithDiagnosticsAndSummary() {
        let run = runInMemory(["lint", "Specs"], files: ["Specs/a.routes": "api A\ngroup G auth\n  r get /r -> R\n  s GET /s\n"])
        #expect(run.status == 1)
        #expect(run.standardError == """
            Specs/a.routes:3:5: error: method 'get' is not an upper-case token; write 'GET'
              r get /r -> R
                ^
                GET
            Specs/a.routes:4:3: error: route 's' has no response type; add '-> Type' ('-> Empty' when nothing comes back)
              s GET /s
              ^
            2 errors

            """)
    }

    @Test func warningsAloneDoNotFail() {
        let run = runInMemory(["lint", "a.routes"], files: ["a.routes": "api A\ngroup G auth\n  r GET /r -> R deprecated deprecated\n"])
        #expect(run.status == 0)
        #expect(run.standardError.contains("a.routes:3:28: warning: flag 'deprecated' is repeated on route 'r'; remove one\n"))
    }

    @Test func everyFileOfAFolderIsCheckedInPathOrder() {
        let run = runInMemory(["lint", "Specs"], files: [
            "Specs/b.routes": "api B\ngroup G auth\n  r GET /r\n",
            "Specs/a.routes": "api A\ngroup G auth\n  r GET /r\n",
        ])
        #expect(run.status == 1)
        let locations = run.standardError.split(separator: "\n").filter { $0.contains(": error: ") }.map { $0.prefix { $0 != " " } }
        #expect(locations == ["Specs/a.routes:3:3:", "Specs/b.routes:3:3:"])
    }

    @Test func missingFileIsAnError() {
        let run = runInMemory(["lint", "nope.routes"])
        #expect(run.status == 1)
        #expect(run.standardError == "error: 'nope.routes': no such file or folder\n1 error\n")
    }
}
