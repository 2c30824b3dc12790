import RoutegenCore
import RoutegenOpenAPI
import RoutegenYAML
import Testing

/// `security` with several requirements: every alternative is kept, in the description's order,
/// as `auth a or b`; the export writes them back as alternatives.
@Suite("routegen import: security alternatives")
struct ImportSecurityAlternativesTests {
    static let description = #"""
        {
          "openapi": "3.0.3",
          "info": {"title": "Music", "version": "1"},
          "security": [{"ApiKey": []}, {"Basic": []}],
          "paths": {
            "/playlists": {"get": {"operationId": "listPlaylists", "tags": ["Playlists"],
              "responses": {"200": {"description": "ok", "content": {"application/json": {"schema": {"type": "array", "items": {"type": "string"}}}}}}}},
            "/me": {"get": {"operationId": "me", "tags": ["Playlists"], "security": [{"Basic": []}, {"OAuth": ["read"], "ApiKey": []}],
              "responses": {"200": {"description": "ok", "content": {"application/json": {"schema": {"type": "string"}}}}}}}
          },
          "components": {"securitySchemes": {
            "ApiKey": {"type": "apiKey", "in": "header", "name": "X-Api-Key"},
            "Basic": {"type": "http", "scheme": "basic"},
            "OAuth": {"type": "oauth2", "flows": {}}
          }}
        }
        """#

    @Test func everyAlternativeIsKeptInOrder() throws {
        let result = OpenAPIImporterTests.imported(Self.description, path: "music.json")
        #expect(result.text == """
            api Music
            auth apiKey = header X-Api-Key
            auth basic = basic
            auth oAuth = bearer

            group Playlists auth apiKey or basic
              listPlaylists GET /playlists -> [String]
              me            GET /me        -> String auth basic or oAuth

            """)
        #expect(result.diagnostics == [
            "music.json:8:77: warning: this operation needs the schemes 'OAuth' and 'ApiKey' together; a route carries one credential, so it is imported with 'OAuth'",
        ])
    }

    @Test func theExportWritesEachAlternativeAsARequirement() throws {
        let source = try #require(OpenAPIImporterTests.imported(Self.description, path: "music.json").text)
        let model = try #require(loadAPI(source: source, path: "Music.routes", diagnostics: DiagnosticCollector()))
        let document = OpenAPIExporter().document(for: model)
        let me = try #require(document["paths"]?["/me"]?["get"]?["security"])
        #expect(me.sequence?.map { $0.entries?.compactMap(\.key.string) ?? [] } == [["basic"], ["oAuth"]])
        try OpenAPIRoundTripTests.expectModelSurvives(source, path: "Music.routes")
    }
}
