import Foundation
import RoutegenCLI
import RoutegenServe
import Testing

/// `routegen serve` says which server it stands in for, and names the routes a client sends elsewhere.
@Suite("routegen serve: servers")
struct ServeServersTests {
    @Test func theStartUpLineNamesTheServerServeStandsIn() async throws {
        let folder = try ServeTestSupport.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let source = """
            api T
            server production https://api.t.example/v1
            server uploads https://uploads.t.example
            group G public
              one GET  /one -> Int
              put POST /put -> Empty server uploads

            """
        try source.write(to: folder.appendingPathComponent("api.routes"), atomically: true, encoding: .utf8)
        let output = LockedStringSink()
        let context = CommandContext(standardOutput: output, standardError: LockedStringSink(), fileSystem: LocalFileSystem(), currentDirectory: folder.path)
        let session = try #require(ServeSession.start(ServeSession.Options(paths: ["api.routes"], port: 0), context: context))
        defer { session.stop() }
        #expect(output.text == """
            routegen serve: T (api.routes; stands in for production https://api.t.example/v1) on \(session.baseURL)
              GET   /one  one
              POST  /put  put (server uploads)
            Served here too, though a client sends them to their own server: 'put'; set 'usesEndpointServers' of the app's APIConfiguration to false to send them here.
            Reloads when a route file changes; Ctrl-C stops.

            """)
        let port = try #require(UInt16(session.baseURL.split(separator: ":").last ?? ""))
        #expect(try RawClient(port: port).get("/one")?.status == 200)
    }

    @Test func anAPIWithoutServersSaysNothingOfThem() throws {
        let model = try ServeTestSupport.model("api T\ngroup G public\n  one GET /one -> Int\n")
        #expect(ServedAPI.standIn(for: model) == nil)
        #expect(ServedAPI.ownServerNote(of: [model]) == "")
    }
}
