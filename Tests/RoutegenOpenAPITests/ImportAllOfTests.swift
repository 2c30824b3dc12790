import RoutegenCore
import RoutegenOpenAPI
import Testing

/// What an `allOf` means beyond including models: a part that only describes another, a part
/// that narrows a property to an enum, and a `required` name no property describes.
@Suite("routegen import: allOf that describes, narrows and requires")
struct ImportAllOfTests {
    static let description = #"""
        {
          "openapi": "3.0.3",
          "info": {"title": "Refs", "version": "1"},
          "security": [],
          "paths": {
            "/refs": {"get": {"operationId": "refs",
              "responses": {"200": {"description": "ok", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Holder"}}}}}}},
            "/links": {"post": {"operationId": "makeLink",
              "requestBody": {"content": {"application/json": {"schema": {"$ref": "#/components/schemas/Link"}}}},
              "responses": {"201": {"description": "made", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Link"}}}}}}}
          },
          "components": {"schemas": {
            "Reference": {"type": "object", "required": ["id", "type"], "properties": {"id": {"type": "string"}, "type": {"type": "string"}}},
            "UserReference": {"allOf": [{"$ref": "#/components/schemas/Reference"}, {"properties": {"type": {"type": "string", "enum": ["user_reference"]}}}]},
            "TeamReference": {"allOf": [{"$ref": "#/components/schemas/Reference"}, {"properties": {"type": {"type": "string", "enum": ["team_reference"]}}}]},
            "Holder": {"type": "object", "required": ["stamp"], "properties": {
              "kind": {"allOf": [{"type": "string", "enum": ["a", "b"]}, {"description": "The kind."}]},
              "owner": {"oneOf": [{"$ref": "#/components/schemas/UserReference"}, {"$ref": "#/components/schemas/TeamReference"}]}}},
            "Link": {"type": "object", "required": ["url", "accessed"], "properties": {"url": {"type": "string"}}}
          }}
        }
        """#

    @Test func eachAllOfMeansWhatItSays() throws {
        let result = OpenAPIImporterTests.imported(Self.description, path: "refs.json")
        let text = try #require(result.text)
        // What requests send stays as described: `Link`'s `accessed` is not added.
        #expect(result.diagnostics == ["refs.json:16:47: warning: 'stamp' is required in 'Holder', but no property describes it; imported as 'JSONValue', which holds any JSON"])
        #expect(text == """
            api Refs

            group Refs public
              refs GET /refs -> Holder

            group Links public
              makeLink POST /links body Link -> Link status 201

            enum UserReferenceType
              user_reference

            model UserReference
              id:   String
              type: UserReferenceType

            enum TeamReferenceType
              team_reference

            model TeamReference
              id:   String
              type: TeamReferenceType

            enum HolderKind
              a
              b

            union HolderOwner by type
              user_reference: UserReference
              team_reference: TeamReference

            model Holder
              kind:  HolderKind?
              owner: HolderOwner?
              stamp: JSONValue

            model Link
              url: String

            """, "\(text)")
    }
}
