import Foundation
import RoutegenCLI
import Testing

/// `generate` and `import` on an OpenAPI description, with the configuration and overlay beside
/// it or named on the command line.
@Suite("A description as the input")
struct DescriptionInputTests {
    private static let description = """
        openapi: 3.1.0
        info:
          title: tiny
          version: 1.0.0
        tags:
          - name: ping
          - name: admin
        paths:
          /ping:
            get:
              operationId: ping
              tags: [ping]
              summary: Answers.
              responses:
                '204':
                  description: Nothing.
          /admin/reset:
            post:
              operationId: reset
              tags: [admin]
              responses:
                '204':
                  description: Nothing.

        """
    private static let routes = "api Tiny\n\ngroup Ping public\n  /// Answers.\n  ping GET /ping -> Empty\n\ngroup Admin public\n  reset POST /admin/reset -> Empty\n"

    /// The description with a second `operationId` on line 20.
    private static let broken = description.replacingOccurrences(of: "operationId: reset", with: "operationId: reset\n      operationId: again")

    @Test func importReadsTheConfigurationBesideTheDescription() {
        let run = runInMemory(["import", "api/openapi.yaml"], files: [
            "api/openapi.yaml": Self.description, "api/routegen.json": #"{"filter": {"tags": ["ping"]}}"#,
        ])
        #expect(run.status == 0)
        #expect(run.standardOutput == "api Tiny\n\ngroup Ping public\n  /// Answers.\n  ping GET /ping -> Empty\n")
        #expect(run.standardError == """
            api/openapi.yaml:1:10: warning: the description declares no security; every route is imported as 'public'
            openapi: 3.1.0
                     ^
            imported 1 of 2 operations (1 not imported, 1 left out by the filter) and 0 of 0 component schemas (0 not used by any imported operation); 0 types declared
            1 warning

            """)
    }

    @Test func importTakesTheConfigurationAndOverlaysNamed() {
        let overlay = "overlay: 1.0.0\ninfo:\n  title: Fixes\n  version: 1.0.0\nactions:\n  - target: $.paths['/ping'].get\n    update:\n      summary: Answers at once.\n"
        let run = runInMemory(["import", "openapi.yaml", "--config", "conf/only-ping.json", "--overlay", "fix.yaml"], files: [
            "openapi.yaml": Self.description, "conf/only-ping.json": #"{"filter": {"operations": ["ping"]}}"#, "fix.yaml": overlay,
        ])
        #expect(run.status == 0)
        #expect(run.standardOutput == "api Tiny\n\ngroup Ping public\n  /// Answers at once.\n  ping GET /ping -> Empty\n")
    }

    @Test func aConfigurationErrorIsShownAtItsLineAndNothingIsImported() {
        let run = runInMemory(["import", "openapi.yaml"], files: ["openapi.yaml": Self.description, "routegen.json": "{\n  \"access\": \"open\"\n}\n"])
        #expect(run.status == 1)
        #expect(run.standardOutput == "")
        #expect(run.standardError == """
            routegen.json:2:13: error: 'access' is 'open'; write 'public', 'package' or 'internal'
              "access": "open"
                        ^
            1 error

            """)
    }

    @Test func generateWritesWhatTheImportedRouteFileWouldWithoutItsLines() throws {
        let described = InMemoryFileSystem(files: ["/work/openapi.yaml": Self.description])
        let fromDescription = runInMemory(["generate", "openapi.yaml", "--output", "Out"], fileSystem: described)
        #expect(fromDescription.status == 0)
        let routeFile = InMemoryFileSystem(files: ["/work/Tiny.routes": Self.routes])
        #expect(runInMemory(["generate", "Tiny.routes", "--output", "Out"], fileSystem: routeFile).status == 0)
        let paths = try Self.files(below: "/work/Out", in: routeFile)
        #expect(try Self.files(below: "/work/Out", in: described) == paths)
        #expect(paths.contains("/work/Out/TinyAPI/PingEndpoints.swift"))
        for path in paths {
            // The same code, its header naming the description, and no #sourceLocation: the route
            // text's lines are not the description's.
            let expected = try #require(routeFile.text(atPath: path)).split(separator: "\n", omittingEmptySubsequences: false)
                .filter { !$0.hasPrefix("#sourceLocation") }
                .joined(separator: "\n")
                .replacingOccurrences(of: "from Tiny.routes.", with: "from openapi.yaml.")
            #expect(described.text(atPath: path) == expected, "\(path)")
        }
    }

    @Test func theConfigurationsAccessApplyUnlessTheCommandLineSaysOtherwise() throws {
        let files = ["openapi.yaml": Self.description, "routegen.json": #"{"access": "internal"}"#]
        let system = InMemoryFileSystem(files: files.reduce(into: [:]) { $0["/work/" + $1.key] = $1.value })
        #expect(runInMemory(["generate", "openapi.yaml", "--output", "Out", "--no-preview", "--no-audit-tests"], fileSystem: system).status == 0)
        let internalText = try #require(system.text(atPath: "/work/Out/TinyAPI/PingEndpoints.swift"))
        #expect(internalText.hasPrefix("// Generated by routegen from openapi.yaml. Do not edit.\n// swift-format-ignore-file\n\nimport EndpointKit\nimport Foundation\n\n"))
        #expect(runInMemory(["generate", "openapi.yaml", "--output", "Out", "--no-preview", "--no-audit-tests", "--access", "public"], fileSystem: system).status == 0)
        #expect(try #require(system.text(atPath: "/work/Out/TinyAPI/PingEndpoints.swift")).hasPrefix("// Generated by routegen from openapi.yaml. Do not edit.\n// swift-format-ignore-file\n\npublic import EndpointKit\nimport Foundation\n\n"))
    }

    @Test func filesPerFolderWritesEachFolderAsExactlyThatManyFiles() throws {
        let system = InMemoryFileSystem(files: ["/work/openapi.yaml": Self.description])
        let run = runInMemory(["generate", "openapi.yaml", "--output", "Out", "--api", "Shop", "--files-per-folder", "3"], fileSystem: system)
        #expect(run.status == 0)
        #expect(try Self.files(below: "/work/Out", in: system) == [
            "/work/Out/ShopAPI/ShopAPI1.swift", "/work/Out/ShopAPI/ShopAPI2.swift", "/work/Out/ShopAPI/ShopAPI3.swift",
            "/work/Out/ShopAPIAuditTests/ShopAPIAuditTests1.swift", "/work/Out/ShopAPIAuditTests/ShopAPIAuditTests2.swift",
            "/work/Out/ShopAPIAuditTests/ShopAPIAuditTests3.swift",
            "/work/Out/ShopAPIPreview/ShopAPIPreview1.swift", "/work/Out/ShopAPIPreview/ShopAPIPreview2.swift", "/work/Out/ShopAPIPreview/ShopAPIPreview3.swift",
        ])
    }

    @Test func aDescriptionWithAnErrorWritesNothingAndShowsTheErrorAtItsLine() {
        let system = InMemoryFileSystem(files: ["/work/openapi.yaml": Self.broken])
        let run = runInMemory(["generate", "openapi.yaml", "--output", "Out"], fileSystem: system)
        #expect(run.status == 1)
        #expect(run.standardError == """
            openapi.yaml:20:7: error: duplicate key 'operationId' in one mapping; the first is at 19:7
                  operationId: again
                  ^
            1 error

            """)
        #expect(!system.fileExists(atPath: "/work/Out"))
    }

    @Test func deferredDiagnosticsSumADescriptionsErrorsInOneNote() {
        let run = runInMemory(["generate", "openapi.yaml", "--output", "Out", "--audit-tests-only", "--diagnostics", "deferred"], files: ["openapi.yaml": Self.broken])
        #expect(run.status == 0)
        #expect(run.standardError == "note: 'openapi.yaml' has 1 error, listed by the build of its endpoints; no route-audit tests generated\n")
    }

    @Test func theImportsOptionsNeedADescription() {
        let run = runInMemory(["generate", "Tiny.routes", "--api", "Shop"], files: ["Tiny.routes": Self.routes])
        #expect(run.status == 2)
        #expect(run.standardError.hasPrefix("error: --api shapes the import of an OpenAPI description; name one (.yaml, .yml or .json), or write it in the route file\n"))
    }

    /// Every file below `folder`, sorted.
    private static func files(below folder: String, in system: InMemoryFileSystem) throws -> [String] {
        var result: [String] = []
        for name in try system.contentsOfDirectory(atPath: folder) {
            let path = folder + "/" + name
            result += system.isDirectory(atPath: path) ? try files(below: path, in: system) : [path]
        }
        return result.sorted()
    }
}
