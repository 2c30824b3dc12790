import RoutegenCore
import RoutegenOpenAPI
import Testing

/// A body is imported wherever a route can send it: on a DELETE that declares one too; a GET's is
/// left out with a warning that names the operation.
@Suite("routegen import: request bodies by method")
struct ImportBodyMethodTests {
    static let description = #"""
        {
          "openapi": "3.1.0",
          "info": {"title": "Playlists", "version": "1"},
          "security": [],
          "paths": {
            "/playlists/{id}/tracks": {
              "parameters": [{"name": "id", "in": "path", "required": true, "schema": {"type": "string"}}],
              "delete": {"operationId": "removeTracks",
                "requestBody": {"required": true, "content": {"application/json": {"schema": {"$ref": "#/components/schemas/TrackList"}}}},
                "responses": {"200": {"description": "removed", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/TrackList"}}}}}},
              "get": {"operationId": "searchTracks",
                "requestBody": {"content": {"application/json": {"schema": {"$ref": "#/components/schemas/TrackList"}}}},
                "responses": {"200": {"description": "ok", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/TrackList"}}}}}}
            },
            "/playlists/{id}": {
              "parameters": [{"name": "id", "in": "path", "required": true, "schema": {"type": "string"}}],
              "options": {
                "requestBody": {"content": {"text/plain": {"schema": {"type": "string"}}}},
                "responses": {"204": {"description": "ok"}}}
            }
          },
          "components": {"schemas": {
            "TrackList": {"type": "object", "required": ["tracks"], "properties": {"tracks": {"type": "array", "items": {"type": "string"}}}}
          }}
        }
        """#

    @Test func deleteKeepsItsBodyAndGetLosesItsWithAWarning() {
        let result = OpenAPIImporterTests.imported(Self.description, path: "playlists.json")
        #expect(result.text == #"""
        api Playlists

        group Playlists public
          removeTracks       DELETE  /playlists/{id: String}/tracks body TrackList -> TrackList
          searchTracks       GET     /playlists/{id: String}/tracks                -> TrackList
          optionsPlaylistsId OPTIONS /playlists/{id: String}                       -> Empty

        model TrackList
          tracks: [String]

        """#)
        #expect(result.diagnostics == [
            "playlists.json:12:24: warning: operation 'searchTracks' (GET /playlists/{id}/tracks) has a request body, which a route does not send with GET; left out",
            "playlists.json:18:24: warning: operation OPTIONS /playlists/{id} has a request body, which a route does not send with OPTIONS; left out",
        ])
    }
}
