import RoutegenCore
import RoutegenOpenAPI
import RoutegenYAML
import Testing

/// A description's `servers` (root, path item, operation) come in as `server` lines and a
/// route's `server` clause; an export writes them back.
@Suite("routegen import and export: servers")
struct ImportServerTests {
    static let description = #"""
        {
          "openapi": "3.1.0",
          "info": {"title": "Files", "version": "1"},
          "security": [],
          "servers": [
            {"url": "https://api.files.example/v1", "description": "Production"},
            {"url": "https://{region}.files.example/{version}", "description": "The regional copy, nearest to you.",
             "variables": {
               "region": {"default": "eu", "enum": ["eu", "us"], "description": "Where it runs."},
               "version": {"default": "v1"},
               "unused": {"default": "x"}
             }},
            {"url": "http://localhost:{port}", "x-name": "local", "variables": {"port": {"default": 8080}}},
            {"url": "/v1"}
          ],
          "paths": {
            "/files": {
              "get": {"operationId": "files", "responses": {"204": {"description": "done"}}},
              "post": {"operationId": "upload",
                "servers": [{"url": "https://upload.files.example/v1", "description": "Server for file uploads."},
                            {"url": "https://upload-eu.files.example/v1"}],
                "responses": {"204": {"description": "done"}}}
            },
            "/chunks": {
              "servers": [{"url": "https://upload.files.example/v1"}],
              "put": {"operationId": "chunk", "responses": {"204": {"description": "done"}}}
            },
            "/mirror": {
              "get": {"operationId": "mirror", "servers": [{"url": "https://{zone}.mirror.example"}], "responses": {"204": {"description": "done"}}}
            },
            "/again": {
              "get": {"operationId": "again", "servers": [{"url": "https://api.files.example/v1"}], "responses": {"204": {"description": "done"}}}
            }
          }
        }
        """#

    @Test func serversBecomeServerLinesAndTheirRoutesNameThem() throws {
        let imported = OpenAPIImporterTests.imported(Self.description, path: "files.json")
        #expect(imported.text == """
            api Files
            /// Production
            server production https://api.files.example/v1
            /// The regional copy, nearest to you.
            server server2 https://{region}.files.example/{version}
              /// Where it runs.
              region  = "eu" in "eu", "us"
              version = "v1"
            server local http://localhost:{port}
              port = "8080"
            /// Server for file uploads.
            server serverForFileUploads https://upload.files.example/v1
            server server5 https://upload-eu.files.example/v1

            group Files public
              files  GET  /files -> Empty
              upload POST /files -> Empty server serverForFileUploads

            group Chunks public
              chunk PUT /chunks -> Empty server serverForFileUploads

            group Mirror public
              mirror GET /mirror -> Empty

            group Again public
              again GET /again -> Empty

            """)
        #expect(imported.diagnostics == [
            "files.json:11:8: warning: server variable 'unused' is not in the URL 'https://{region}.files.example/{version}'; left out",
            "files.json:14:5: warning: server URL '/v1' is relative to where the description is served, which a route file cannot say; not imported: write the whole URL in the client's base URL",
            "files.json:21:21: warning: operation 'upload' lists 2 servers, and a route has one: it is sent to the first, 'serverForFileUploads'; 'server5' is declared for the app to choose",
            "files.json:29:52: warning: server URL 'https://{zone}.mirror.example' uses '{zone}', which its 'variables' do not declare with a name a route file can write; not imported",
        ])
    }

    @Test func aDescriptionWithoutRootServersTakesTheCommonestAsTheDefault() throws {
        let json = #"""
            {"openapi": "3.0.3", "info": {"title": "T", "version": "1"}, "security": [],
             "paths": {
               "/a": {"servers": [{"url": "https://api.t.example"}], "get": {"operationId": "a", "responses": {"204": {"description": "done"}}}},
               "/b": {"servers": [{"url": "https://upload.t.example"}], "get": {"operationId": "b", "responses": {"204": {"description": "done"}}}},
               "/c": {"servers": [{"url": "https://api.t.example"}], "get": {"operationId": "c", "responses": {"204": {"description": "done"}}}}
             }}
            """#
        let imported = OpenAPIImporterTests.imported(json, path: "t.json")
        #expect(imported.diagnostics == [])
        #expect(imported.text?.hasPrefix("api T\nserver server1 https://api.t.example\nserver server2 https://upload.t.example\n\n") == true)
        #expect(imported.text?.contains("  b GET /b -> Empty server server2\n") == true)
        #expect(imported.text?.contains("server server1\n") == false)
    }

    @Test func aVariableWithoutADefaultTakesItsFirstValueOrIsLeftOut() throws {
        let json = #"""
            {"openapi": "3.0.3", "info": {"title": "T", "version": "1"}, "security": [],
             "servers": [
               {"url": "https://{a}.t.example", "variables": {"a": {"enum": ["x", "y"]}}},
               {"url": "https://{b}.u.example", "variables": {"b": {"description": "none"}}},
               {"url": "https://{c}.v.example", "variables": {"c": {"default": "z", "enum": ["x", "y"]}}}
             ],
             "paths": {"/a": {"get": {"operationId": "a", "responses": {"204": {"description": "done"}}}}}}
            """#
        let imported = OpenAPIImporterTests.imported(json, path: "t.json")
        #expect(imported.diagnostics == [
            "t.json:3:51: warning: server variable 'a' has no 'default'; its first value 'x' is",
            "t.json:4:51: warning: server variable 'b' has no 'default'; its server is not imported",
            "t.json:5:51: warning: the default 'z' of server variable 'c' is not among its 'enum' values; the values are left out, so any text is taken",
        ])
        #expect(imported.text?.hasPrefix("api T\nserver server1 https://{a}.t.example\n  a = \"x\" in \"x\", \"y\"\nserver server2 https://{c}.v.example\n  c = \"z\"\n\n") == true)
    }

    static let routeFile = """
        api Files
        /// The catalogue.
        server production https://api.files.example/v1
        server regional https://{region}.files.example/v1
          /// Where it runs.
          region = "eu" in "eu", "us"
        server uploads https://upload.files.example/v1

        group Files public
          files  GET  /files                     -> Empty
          upload POST /files body raw "image/png" -> Empty server uploads
          pinned GET  /pinned                    -> Empty server production

        """

    @Test func theExportWritesTheRootServersAndEachRoutesOwn() throws {
        let trip = try OpenAPIRoundTripTests.roundTrip(Self.routeFile, path: "files.routes", format: .yaml, carriesSource: false)
        let servers = try #require(trip.exported["servers"]?.sequence)
        #expect(servers.map { $0["x-routegen-name"]?.string } == ["production", "regional"])
        #expect(servers.map { $0["url"]?.string } == ["https://api.files.example/v1", "https://{region}.files.example/v1"])
        #expect(servers[0]["description"]?.string == "The catalogue.")
        let region = try #require(servers[1]["variables"]?["region"])
        #expect(region["default"]?.string == "eu")
        #expect(region["enum"]?.sequence?.compactMap(\.string) == ["eu", "us"])
        #expect(region["description"]?.string == "Where it runs.")
        let upload = try #require(trip.exported["paths"]?["/files"]?["post"]?["servers"]?.sequence)
        #expect(upload.map { $0["url"]?.string } == ["https://upload.files.example/v1"])
        #expect(trip.exported["paths"]?["/pinned"]?["get"]?["servers"]?.sequence?.first?["x-routegen-name"]?.string == "production")
        #expect(trip.exported["paths"]?["/files"]?["get"]?["servers"] == nil)
    }

    @Test func anExportComesBackWithItsServers() throws {
        let trip = try OpenAPIRoundTripTests.roundTrip(Self.routeFile, path: "files.routes", format: .json, carriesSource: true)
        #expect(trip.imported == trip.formatted)
        try OpenAPIRoundTripTests.expectModelSurvives(Self.routeFile, path: "files.routes")
        let bare = try OpenAPIRoundTripTests.roundTrip(Self.routeFile, path: "files.routes", format: .json, carriesSource: false)
        #expect(bare.imported == trip.formatted)
    }
}
