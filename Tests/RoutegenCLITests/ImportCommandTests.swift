import Foundation
import Testing
import RoutegenCLI

@Suite("routegen import")
struct ImportCommandTests {
    private let description = #"{"openapi": "3.0.0", "info": {"title": "tiny"}, "security": [{"k": []}], "components": {"securitySchemes": {"k": {"type": "http", "scheme": "basic"}}}, "paths": {"/ping": {"get": {"operationId": "ping", "summary": "Answers.", "responses": {"204": {"description": ""}}}}}}"#
    private let routes = "api Tiny\nauth basic\n\ngroup Ping auth\n  /// Answers.\n  ping GET /ping -> Empty\n"
    private let summary = "imported 1 of 1 operations (0 not imported) and 0 of 0 component schemas (0 not used by any imported operation); 0 types declared\n"

    @Test func printsTheRouteFileAndTheSummary() {
        let run = runInMemory(["import", "api.json"], files: ["api.json": description])
        #expect(run.status == 0)
        #expect(run.standardOutput == routes)
        #expect(run.standardError == summary)
    }

    @Test func writesTheFileWithOutputAndNamesTheAPI() {
        let system = InMemoryFileSystem(files: ["/work/api.json": description])
        let run = runInMemory(["import", "api.json", "-o", "Tiny.routes", "--api", "Ping"], fileSystem: system)
        #expect(run.status == 0)
        #expect(run.standardOutput == "")
        #expect(system.text(atPath: "/work/Tiny.routes") == routes.replacingOccurrences(of: "api Tiny", with: "api Ping"))
    }

    @Test func neverReplacesAFileWithoutForce() {
        let system = InMemoryFileSystem(files: ["/work/api.json": description, "/work/Tiny.routes": "# my edits\n"])
        let refused = runInMemory(["import", "api.json", "-o", "Tiny.routes"], fileSystem: system)
        #expect(refused.status == 1)
        #expect(refused.standardError == "error: 'Tiny.routes' exists; a route file may hold edits, so 'routegen import' replaces it only with --force\n1 error\n")
        #expect(system.text(atPath: "/work/Tiny.routes") == "# my edits\n")
        let forced = runInMemory(["import", "api.json", "-o", "Tiny.routes", "--force"], fileSystem: system)
        #expect(forced.status == 0)
        #expect(system.text(atPath: "/work/Tiny.routes") == routes)
    }

    @Test func writesNothingWhenThereAreErrors() {
        let system = InMemoryFileSystem(files: ["/work/api.json": "{\n  \"swagger\": \"2.0\"\n}\n"])
        let run = runInMemory(["import", "api.json", "-o", "Api.routes"], fileSystem: system)
        #expect(run.status == 1)
        #expect(run.standardError.hasPrefix("api.json:2:14: error: this is a Swagger 2.0 document; routegen imports OpenAPI 3.0 and 3.1\n  \"swagger\": \"2.0\"\n             ^\n"))
        #expect(!system.fileExists(atPath: "/work/Api.routes"))
    }

    @Test func helpListsIt() {
        let run = runInMemory(["--help"])
        #expect(run.standardOutput.contains("import"))
    }
}
