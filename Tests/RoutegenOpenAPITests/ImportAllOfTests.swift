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

/// An `allOf` that only wraps a reference, and one part beside a `required` of its own.
@Suite("routegen import: allOf wrappers and the required beside them")
struct ImportAllOfRequiredTests {
    static let description = #"""
        {
          "openapi": "3.0.3",
          "info": {"title": "Fields", "version": "1"},
          "security": [],
          "paths": {
            "/fields": {"get": {"operationId": "field",
              "responses": {"200": {"description": "ok", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Holder"}}}}}}}
          },
          "components": {"schemas": {
            "Body": {"type": "object", "required": ["type"], "properties": {"details": {"type": "object"}}},
            "Field": {"allOf": [{"type": "object", "properties": {"id": {"type": "string"}, "name": {"type": "string"}}}], "required": ["id", "namespace"]},
            "Holder": {"type": "object", "properties": {
              "body": {"description": "Only with include[]=body.", "allOf": [{"$ref": "#/components/schemas/Body"}]},
              "field": {"$ref": "#/components/schemas/Field"}}}
          }}
        }
        """#

    @Test func aWrapperKeepsTheTargetsRequiredNamesAndARequiredBesideOnePartMakesAModel() throws {
        let result = OpenAPIImporterTests.imported(Self.description, path: "fields.json")
        let text = try #require(result.text)
        // `Body` is only wrapped (described), so nothing else could describe its `type`; `Field`'s
        // own `required` asks for more than its one part, so it is a model with those fields required.
        #expect(result.diagnostics == [
            "fields.json:10:45: warning: 'type' is required in 'Body', but no property describes it; imported as 'JSONValue', which holds any JSON",
            "fields.json:10:80: warning: the schema is an object that says nothing of its fields; imported as 'JSONValue', which holds any JSON",
            "fields.json:11:135: warning: 'namespace' is required in 'Field', but no property describes it; imported as 'JSONValue', which holds any JSON",
        ], "\(result.diagnostics)")
        #expect(text.hasSuffix("""
            model Body
              details: JSONValue?
              type:    JSONValue

            model Field
              id:        String
              name:      String?
              namespace: JSONValue

            model Holder
              body:  Body?
              field: Field?

            """), "\(text)")
    }
}

/// A later `allOf` part that refines a nested object of an earlier one (PagerDuty's orchestration
/// paths narrow `parent.type` to one reference kind, and `sets` to one item) gives the field a
/// model of both.
@Suite("routegen import: allOf parts that refine a nested object")
struct ImportAllOfRefinementTests {
    static let description = #"""
        {
          "openapi": "3.0.3",
          "info": {"title": "Paths", "version": "1"},
          "security": [],
          "paths": {
            "/router": {"get": {"operationId": "router",
              "responses": {"200": {"description": "ok", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Router"}}}}}}}
          },
          "components": {"schemas": {
            "Base": {"type": "object", "properties": {"path": {"type": "object", "properties": {
              "parent": {"type": "object", "properties": {"id": {"type": "string"}, "type": {"type": "string"}}},
              "version": {"type": "string"}, "sets": {"type": "array", "items": {"type": "string"}}}}}},
            "Router": {"allOf": [{"$ref": "#/components/schemas/Base"},
              {"type": "object", "properties": {"path": {"properties": {"parent": {"properties": {"type": {"enum": ["router_reference"]}}}, "sets": {"maxItems": 1}}}}}]}
          }}
        }
        """#

    @Test func theRefinedFieldIsAModelOfBothParts() throws {
        let result = OpenAPIImporterTests.imported(Self.description, path: "paths.json")
        let text = try #require(result.text)
        // The refining part read alone, as its own model, says nothing of `sets`.
        #expect(result.diagnostics == [
            "paths.json:14:141: warning: the schema says nothing of its value (no 'type', 'properties' or 'items'); imported as 'JSONValue', which holds any JSON",
        ], "\(result.diagnostics)")
        #expect(text.contains("""
            model RouterPath2Parent
              id:   String?
              type: RouterPathParentType?

            model RouterPath2
              parent:  RouterPath2Parent?
              version: String?
              sets:    [String]? max-items 1

            model Router
              path: RouterPath2?

            """), "\(text)")
    }

    @Test func aLaterPartsExampleOfAnotherTypeIsNotKeptOnAnEnumField() throws {
        let description = #"""
            {
              "openapi": "3.0.3",
              "info": {"title": "Tasks", "version": "1"},
              "security": [],
              "paths": {"/attachment": {"get": {"operationId": "attachment",
                "responses": {"200": {"description": "ok", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Attachment"}}}}}}}},
              "components": {"schemas": {
                "Task": {"type": "object", "properties": {"subtype": {"type": "string", "enum": ["default_task", "milestone"]}}},
                "Attachment": {"type": "object", "properties": {"parent": {"allOf": [{"$ref": "#/components/schemas/Task"},
                  {"type": "object", "properties": {"subtype": {"type": "string", "example": "default_task", "nullable": true}}}]}}}
              }}
            }
            """#
        let result = OpenAPIImporterTests.imported(description, path: "tasks.json")
        let text = try #require(result.text)
        #expect(result.diagnostics.isEmpty)
        #expect(text.contains("subtype: TaskSubtype?\n"))
        #expect(!text.contains("example"))
    }
}
