import Testing
import RoutegenCLI

@Suite("routegen format")
struct FormatCommandTests {
    private let unformatted = "api A\ngroup G auth\n  a GET /a -> A\n  bbb   GET /bbb -> B\n"
    private let formatted = "api A\ngroup G auth\n  a   GET /a   -> A\n  bbb GET /bbb -> B\n"

    @Test func printsTheCanonicalFormToStandardOutput() {
        let run = runInMemory(["format", "a.routes"], files: ["a.routes": unformatted])
        #expect(run.status == 0)
        #expect(run.standardOutput == formatted)
        #expect(run.standardError == "")
    }

    @Test func checkNamesAnUnformattedFileAndExitsOne() {
        let run = runInMemory(["format", "--check", "a.routes"], files: ["a.routes": unformatted])
        #expect(run.status == 1)
        #expect(run.standardOutput == "")
        #expect(run.standardError == """
            a.routes:3:1: error: 'a.routes' is not formatted; run 'routegen format --in-place a.routes'
              a GET /a -> A
            ^
            1 error

            """)
    }

    @Test func checkPassesOnAFormattedFile() {
        let run = runInMemory(["format", "--check", "a.routes"], files: ["a.routes": formatted])
        #expect(run.status == 0)
        #expect(run.standardError == "")
    }

    @Test func inPlaceRewritesTheFile() {
        let system = InMemoryFileSystem(files: ["/work/a.routes": unformatted])
        let run = runInMemory(["format", "--in-place", "a.routes"], fileSystem: system)
        #expect(run.status == 0)
        #expect(run.standardOutput == "")
        #expect(system.text(atPath: "/work/a.routes") == formatted)
    }

    @Test func fileWithSyntaxErrorsIsReportedAndLeftAlone() {
        let broken = "api A\ngroup G auth\n  a GET /a//b -> A\n"
        let system = InMemoryFileSystem(files: ["/work/a.routes": broken])
        let run = runInMemory(["format", "--in-place", "a.routes"], fileSystem: system)
        #expect(run.status == 1)
        #expect(run.standardError.hasPrefix("a.routes:3:12: error: empty path segment in '/a//b'; remove the extra '/'\n"))
        #expect(system.text(atPath: "/work/a.routes") == broken)
    }

    @Test func checkAndInPlaceTogetherIsAUsageError() {
        let run = runInMemory(["format", "--check", "--in-place", "a.routes"], files: ["a.routes": formatted])
        #expect(run.status == 2)
        #expect(run.standardError.hasPrefix("error: '--check' and '--in-place' cannot be used together\nUsage: routegen format <file> ... [--check] [--in-place]\n"))
    }
}
