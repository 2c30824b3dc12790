import Testing
@testable import RoutegenCLI

/// `routegen serve`'s command line; the serving itself is tested in RoutegenServeTests.
@Suite("serve command")
struct ServeCommandTests {
    @Test func helpShowsTheUsageAndEveryOption() {
        let help = runInMemory(["serve", "--help"]).standardOutput
        #expect(help.hasPrefix("OVERVIEW: Serves every route of the API with its sample response, for work without the backend.\n"))
        #expect(help.contains("USAGE: routegen serve <file-or-folder> [--port <port>] [--host <address>] [--fixtures <dir>]\n"))
        #expect(help.contains("\n  --port <port>           The port to listen on (default 8080; 0 picks a free one).\n"))
        #expect(help.contains("\n  --host <address>        The IPv4 address to listen on (default 127.0.0.1: this machine only; 0.0.0.0: every interface).\n"))
        #expect(help.contains("\n  --fixtures <dir>        A folder of <route>.json files sent instead of the samples; checked at start.\n"))
        #expect(runInMemory(["--help"]).standardOutput.contains("\n  serve "))
    }

    @Test func aBadPortIsAUsageError() {
        let run = runInMemory(["serve", "a.routes", "--port", "99999"])
        #expect(run.status == 2)
        #expect(run.standardError == """
            error: port must be a number from 0 to 65535, not '99999'
            Usage: routegen serve <file-or-folder> [--port <port>] [--host <address>] [--fixtures <dir>]
              See 'routegen serve --help' for more information.

            """)
    }

    @Test func aFileWithErrorsServesNothingAndFails() {
        let run = runInMemory(["serve", "a.routes", "--port", "0"], files: ["a.routes": "api A\ngroup G public\n  one GET /one ->\n"])
        #expect(run.status == 1)
        #expect(run.standardOutput == "")
        #expect(run.standardError.hasPrefix("a.routes:3:16: error: '->' needs a response type"))
        #expect(run.standardError.hasSuffix("1 error\n"))
    }

    @Test func aHostThatIsNotAnIPv4AddressFailsWithTheReason() {
        let run = runInMemory(["serve", "a.routes", "--port", "0", "--host", "example.com"], files: ["a.routes": "api A\ngroup G public\n  one GET /one -> Int\n"])
        #expect(run.status == 1)
        #expect(run.standardError == "error: cannot use host 'example.com' (an IPv4 address such as 127.0.0.1 or 0.0.0.0): Invalid argument\n")
    }
}
