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

    /// A body offered as JSON and as a multipart form is sent as JSON, unless its schema holds a
    /// file, which JSON cannot carry; a field of one file or several is `[FilePart]`.
    @Test func aBodyWithFilesIsSentAsItsMultipartForm() {
        let description = #"""
            {
              "openapi": "3.1.0",
              "info": {"title": "Skills", "version": "1"},
              "security": [],
              "paths": {
                "/skills": {"post": {"operationId": "createSkill",
                  "requestBody": {"required": true, "content": {
                    "application/json": {"schema": {"$ref": "#/components/schemas/NewSkill"}},
                    "multipart/form-data": {"schema": {"$ref": "#/components/schemas/NewSkill"}}}},
                  "responses": {"204": {"description": "made"}}}},
                "/notes": {"post": {"operationId": "createNote",
                  "requestBody": {"required": true, "content": {
                    "application/json": {"schema": {"type": "object", "properties": {"text": {"type": "string"}}}},
                    "multipart/form-data": {"schema": {"type": "object", "properties": {"file": {"type": "string", "format": "binary"}}}}}},
                  "responses": {"204": {"description": "made"}}}}
              },
              "components": {"schemas": {
                "NewSkill": {"type": "object", "required": ["files"], "properties": {
                  "files": {"oneOf": [
                    {"type": "array", "items": {"type": "string", "format": "binary"}},
                    {"type": "string", "format": "binary"}
                  ]}
                }}
              }}
            }
            """#
        let result = OpenAPIImporterTests.imported(description, path: "skills.json")
        #expect(result.text == #"""
        api Skills

        group Skills public
          createSkill POST /skills body multipart NewSkill -> Empty

        group Notes public
          createNote POST /notes body CreateNoteRequest -> Empty

        model NewSkill
          files: [FilePart]

        model CreateNoteRequest
          text: String?

        """#)
        #expect(result.diagnostics == [
            "skills.json:9:9: warning: the request body is also accepted as 'application/json'; imported as 'multipart/form-data', since its schema holds a file, which JSON cannot carry",
            "skills.json:13:9: warning: the request body is also accepted as 'multipart/form-data'; imported as 'application/json'",
        ])
    }
}
