import RoutegenCore
import RoutegenOpenAPI
import Testing

/// A `const` on a value that stays a plain type (a boolean, a number, a text): the route file
/// keeps it as the field's example, so the samples `serve` sends and the previews show carry it.
@Suite("routegen import: constants kept as examples")
struct ImportConstantTests {
    @Test func aConstantBooleanNumberOrTextIsTheFieldsExample() throws {
        let description = #"""
            {
              "openapi": "3.1.0",
              "info": {"title": "Files", "version": "1"},
              "security": [],
              "paths": {"/files": {"get": {"operationId": "files",
                "responses": {"200": {"description": "ok", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/FileList"}}}}}}}},
              "components": {"schemas": {
                "FileList": {"type": "object", "required": ["error", "object", "version"], "properties": {
                  "error": {"type": "boolean", "const": false},
                  "object": {"type": "string", "const": "list"},
                  "version": {"type": "integer", "enum": [3]},
                  "status": {"type": "integer", "example": 200}}}
              }}
            }
            """#
        let result = OpenAPIImporterTests.imported(description, path: "files.json")
        #expect(result.diagnostics.isEmpty)
        let text = try #require(result.text)
        #expect(text.hasSuffix("""
            enum FileListVersion: Int
              value3 = 3

            model FileList
              error:   Bool   example false
              object:  String example "list"
              version: FileListVersion
              status:  Int?   example 200

            """))
    }
}
