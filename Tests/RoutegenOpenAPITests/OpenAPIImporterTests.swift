import RoutegenCore
import RoutegenOpenAPI
import RoutegenYAML
import Testing

/// Small descriptions in, exact route text and exact warnings out.
@Suite("routegen import: descriptions to route files")
struct OpenAPIImporterTests {
    /// The route text (nil on errors) and every diagnostic, `path:line:column: severity: message`.
    static func imported(_ json: String, path: String = "shop.json", api: String? = nil) -> (text: String?, diagnostics: [String], summary: String?) {
        let collector = DiagnosticCollector()
        let result = OpenAPIImporter(path: path, apiName: api).importDescription(Array(json.utf8), diagnostics: collector)
        let lines = collector.sorted.map { diagnostic in
            (diagnostic.location.map { "\($0): " } ?? "") + diagnostic.severity.rawValue + ": " + diagnostic.message
        }
        return (result?.text, lines, result?.summary.line)
    }

    static let shop = #"""
        {
          "openapi": "3.0.3",
          "info": {"title": "pet shop", "version": "1"},
          "security": [{"token": []}],
          "tags": [{"name": "pets"}, {"name": "store"}],
          "paths": {
            "/pets": {
              "get": {
                "tags": ["pets"], "operationId": "list-pets", "summary": "Lists the pets.",
                "parameters": [
                  {"name": "limit", "in": "query", "schema": {"type": "integer", "default": 20}},
                  {"name": "filter[status]", "in": "query", "schema": {"$ref": "#/components/schemas/Status"}},
                  {"name": "tags", "in": "query", "schema": {"type": "array", "items": {"type": "string"}}},
                  {"name": "X-Request-Id", "in": "header", "required": true, "schema": {"type": "string", "format": "uuid"}}
                ],
                "responses": {
                  "200": {"description": "ok", "content": {"application/json": {"schema": {"type": "array", "items": {"$ref": "#/components/schemas/Pet"}}}}},
                  "default": {"description": "error", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Problem"}}}}
                }
              },
              "post": {
                "tags": ["pets"], "operationId": "createPet",
                "requestBody": {"content": {"application/json": {"schema": {"$ref": "#/components/schemas/NewPet"}}}},
                "responses": {"201": {"description": "made", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Pet"}}}}}
              }
            },
            "/pets/{petId}": {
              "parameters": [{"name": "petId", "in": "path", "required": true, "schema": {"type": "integer", "format": "int64"}}],
              "patch": {
                "tags": ["pets"], "operationId": "updatePet", "summary": "Changes a pet.\nSecond line.",
                "requestBody": {"content": {"application/merge-patch+json": {"schema": {"$ref": "#/components/schemas/NewPet"}}}},
                "responses": {"200": {"description": "ok", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Pet"}}}}}
              },
              "delete": {
                "tags": ["pets"], "operationId": "deletePet", "deprecated": true,
                "responses": {"204": {"description": "gone"}}
              }
            },
            "/pets/{petId}/photo.{format}": {
              "get": {
                "tags": ["pets"], "operationId": "photo",
                "parameters": [
                  {"name": "petId", "in": "path", "required": true, "schema": {"type": "string"}},
                  {"name": "format", "in": "path", "required": true, "schema": {"type": "string", "enum": ["png", "jpg"]}}
                ],
                "responses": {"200": {"description": "bytes", "content": {"image/png": {"schema": {"type": "string", "format": "binary"}}}}}
              },
              "put": {
                "tags": ["pets"], "operationId": "uploadPhoto", "security": [{"key": []}],
                "parameters": [
                  {"name": "petId", "in": "path", "required": true, "schema": {"type": "string"}},
                  {"name": "format", "in": "path", "required": true, "schema": {"type": "string"}}
                ],
                "requestBody": {"content": {"multipart/form-data": {"schema": {"type": "object", "required": ["file"], "properties": {"file": {"type": "string", "format": "binary"}, "caption": {"type": "string"}}}}}},
                "responses": {"204": {"description": "stored"}}
              }
            },
            "/store/login": {
              "post": {
                "tags": ["store"], "operationId": "login", "security": [],
                "requestBody": {"content": {"application/x-www-form-urlencoded": {"schema": {"type": "object", "required": ["user"], "properties": {"user": {"type": "string"}, "remember": {"type": "boolean"}}}}}},
                "responses": {"200": {"description": "ok", "content": {"application/json": {"schema": {"type": "object", "properties": {"token": {"type": "string"}}}}}}}
              }
            },
            "/health": {
              "get": {"responses": {"200": {"description": "ok", "content": {"text/plain": {"schema": {"type": "string"}}}}}}
            }
          },
          "components": {
            "securitySchemes": {
              "token": {"type": "http", "scheme": "bearer"},
              "key": {"type": "apiKey", "in": "header", "name": "X-Api-Key"}
            },
            "schemas": {
              "Status": {"type": "string", "enum": ["available", "sold-out", "unknown"]},
              "Size": {"type": "integer", "enum": [1, 2, 3]},
              "Base": {"type": "object", "required": ["id"], "properties": {"id": {"type": "string", "format": "uuid"}, "created_at": {"type": "string", "format": "date-time"}}},
              "Pet": {
                "description": "A pet in the shop.",
                "allOf": [
                  {"$ref": "#/components/schemas/Base"},
                  {"type": "object", "required": ["name", "owner"], "properties": {
                    "name": {"type": "string"},
                    "status": {"$ref": "#/components/schemas/Status"},
                    "size": {"$ref": "#/components/schemas/Size"},
                    "owner": {"type": "string", "nullable": true},
                    "labels": {"type": "object", "additionalProperties": {"type": "string"}},
                    "extra": {"type": "object"},
                    "kind": {"$ref": "#/components/schemas/Kind"}
                  }}
                ]
              },
              "NewPet": {"type": "object", "required": ["name"], "properties": {"name": {"type": "string"}, "weight": {"type": "number"}, "vaccinated": {"type": "boolean", "default": false}}},
              "Kind": {
                "oneOf": [{"$ref": "#/components/schemas/Dog"}, {"$ref": "#/components/schemas/Cat"}],
                "discriminator": {"propertyName": "type", "mapping": {"dog": "#/components/schemas/Dog", "big-cat": "#/components/schemas/Cat"}}
              },
              "Dog": {"type": "object", "required": ["type"], "properties": {"type": {"type": "string"}, "barks": {"type": "boolean"}}},
              "Cat": {"type": "object", "required": ["type"], "properties": {"type": {"type": "string"}, "lives": {"type": "integer"}}},
              "Problem": {"type": "object", "properties": {"title": {"type": "string"}, "detail": {"type": "string"}}},
              "Unused": {"type": "object", "properties": {"a": {"type": "string"}}}
            }
          }
        }

        """#

    @Test func importsEveryKindOfRouteAndSchema() {
        let result = Self.imported(Self.shop)
        #expect(result.diagnostics == [
            "shop.json:88:22: warning: the schema is an object that says nothing of its fields; imported as 'JSONValue', which holds any JSON",
        ])
        #expect(result.text == #"""
        api PetShop
        auth token = bearer
        auth key = header X-Api-Key
        errors Problem

        group Pets auth token
          /// Lists the pets.
          listPets    GET    /pets ?limit: Int = 20 ?filter[status]: Status? ?tags: [String] header X-Request-Id: UUID -> [Pet]
          createPet   POST   /pets body NewPet                                                                         -> Pet status 201
          /// Changes a pet.
          updatePet   PATCH  /pets/{petId: Int64} body merge-patch NewPet                                              -> Pet
          deletePet   DELETE /pets/{petId: Int64}                                                                      -> Empty deprecated
          photo       GET    /pets/{petId: String}/photo.{format: PhotoFormat} accept image/png                        -> Data
          uploadPhoto PUT    /pets/{petId: String}/photo.{format: String} body multipart UploadPhotoRequest            -> Empty auth key

        group Store public
          login POST /store/login body form LoginRequest -> LoginResponse

        group Health auth token
          getHealth GET /health accept text/plain -> Data

        enum Status
          available
          sold-out
          unknown as unknownValue

        enum Size: Int
          value1 = 1
          value2 = 2
          value3 = 3

        model Base
          id:         UUID
          created_at: Date?

        /// A pet in the shop.
        model Pet includes Base
          name:   String
          status: Status?
          size:   Size?
          owner:  String? required
          labels: [String: String]?
          extra:  JSONValue?
          kind:   Kind?

        model NewPet
          name:       String
          weight:     Double?
          vaccinated: Bool = false

        union Kind by type
          dog:     Dog
          big-cat: Cat

        model Dog
          type:  String
          barks: Bool?

        model Cat
          type:  String
          lives: Int?

        model Problem
          title:  String?
          detail: String?

        enum PhotoFormat
          png
          jpg

        model UploadPhotoRequest
          file:    FilePart
          caption: String?

        model LoginRequest
          user:     String
          remember: Bool?

        model LoginResponse
          token: String?

        """#)
        #expect(result.summary == "imported 8 of 8 operations (0 not imported) and 9 of 10 component schemas (1 not used by any imported operation); 13 types declared")
    }

    @Test func theOutputIsCanonicalAndChecks() throws {
        let text = try #require(Self.imported(Self.shop).text)
        let collector = DiagnosticCollector()
        #expect(format(source: text, path: "PetShop.routes", diagnostics: collector) == text)
        #expect(loadAPI(source: text, path: "PetShop.routes", diagnostics: collector) != nil)
        #expect(collector.diagnostics.isEmpty)
    }

    @Test func isDeterministic() {
        #expect(Self.imported(Self.shop).text == Self.imported(Self.shop).text)
    }

    @Test func theApiNameCanBeGiven() {
        #expect(Self.imported(Self.shop, api: "Shop").text?.hasPrefix("api Shop\n") == true)
        #expect(Self.imported(Self.shop, api: "my-shop").diagnostics == ["error: api name 'my-shop' is not a valid identifier; use letters, digits and '_', such as 'MyShop'"])
    }

    static let bad = #"""
        {
          "openapi": "3.1.0",
          "info": {"title": "Bad"},
          "paths": {
            "/a": {
              "get": {
                "operationId": "a",
                "responses": {"200": {"description": "ok", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Loop"}}}}}
              }
            },
            "/b": {
              "get": {
                "operationId": "b",
                "responses": {"200": {"description": "ok", "content": {"application/json": {"schema": {"$ref": "other.json#/Thing"}}}}}
              }
            },
            "/c": {
              "get": {
                "operationId": "c",
                "responses": {"200": {"description": "ok", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Node"}}}}}
              }
            }
          },
          "components": {
            "schemas": {
              "Loop": {"$ref": "#/components/schemas/Loop2"},
              "Loop2": {"$ref": "#/components/schemas/Loop"},
              "Node": {"type": "object", "required": ["name"], "properties": {
                "name": {"type": ["string", "null"]},
                "parent": {"$ref": "#/components/schemas/Node"},
                "children": {"type": "array", "items": {"$ref": "#/components/schemas/Node"}},
                "value": {"oneOf": [{"type": "string"}, {"type": "integer"}, {"type": "object"}]}
              }}
            }
          }
        }

        """#

    @Test func warnsAtTheSourceAboutWhatItCannotSay() {
        let result = Self.imported(Self.bad, path: "bad.json")
        #expect(result.diagnostics == [
            "bad.json:2:14: warning: the description declares no security; every route is imported as 'public'",
            "bad.json:14:104: warning: '$ref' to 'other.json#/Thing' points outside this document, which is not fetched; imported as 'JSONValue'",
            "bad.json:27:25: warning: '$ref' to '#/components/schemas/Loop' refers to itself through references only; imported as 'JSONValue'",
            "bad.json:32:28: warning: 'oneOf' of 3 schemas, one of them open (any value), cannot be a union; imported as 'JSONValue'",
            "bad.json:32:70: warning: the schema is an object that says nothing of its fields; imported as 'JSONValue', which holds any JSON",
        ])
        #expect(result.text == #"""
            api Bad

            group A public
              a GET /a -> JSONValue

            group B public
              b GET /b -> JSONValue

            group C public
              c GET /c -> Node

            model Node
              name:     String? required
              parent:   Node?
              children: [Node]?
              value:    JSONValue?

            """#)
        #expect(result.summary == "imported 3 of 3 operations (0 not imported) and 3 of 3 component schemas (0 not used by any imported operation); 1 type declared")
    }

    @Test func refusesSwaggerAndWhatIsNoDocument() {
        #expect(Self.imported(#"{"swagger": "2.0"}"#, path: "old.json").diagnostics == ["old.json:1:13: error: this is a Swagger 2.0 document; routegen imports OpenAPI 3.0 and 3.1"])
        #expect(Self.imported("{\"openapi\": ", path: "cut.json").text == nil)
        #expect(Self.imported(#"{"openapi": "3.0.0", "openapi": "3.0.1", "paths": {}}"#, path: "twice.json").text == nil)
    }

    @Test func pathParametersWithADefaultSeparateRoutesOfOneShape() {
        let json = #"""
            {"openapi": "3.0.0", "info": {"title": "Vault"}, "paths": {
              "/auth/{a_mount}/login": {"post": {"operationId": "a-login", "parameters": [{"name": "a_mount", "in": "path", "required": true, "schema": {"type": "string", "default": "a"}}], "responses": {"204": {"description": ""}}}},
              "/auth/{b_mount}/login": {"post": {"operationId": "b-login", "parameters": [{"name": "b_mount", "in": "path", "required": true, "schema": {"type": "string", "default": "b"}}], "responses": {"204": {"description": ""}}}}
            }}
            """#
        let result = Self.imported(json, path: "vault.json")
        #expect(result.diagnostics.last == "vault.json:3:29: warning: route 'bLogin' has the method and path shape of route 'aLogin'; its path parameter 'b_mount' as its default 'b' is written as literal text")
        #expect(result.text?.contains("  bLogin POST /auth/b/login                 -> Empty\n") == true)
    }

    /// A route file with every type form the export writes (docs/openapi.md, "Types" and
    /// "Declarations"): what each `x-routegen-*` key and 3.1 spelling becomes.
    static let forms = """
        api Forms

        group Things public
          thing      GET   /things/{id: ID<Thing>}/{n: Int8} -> Box<Thing>
          patchThing PATCH /things/{id: ID<Thing>} body merge-patch ThingPatch -> Shape
          upload     POST  /files body multipart Upload -> Café

        /// A thing.
        ///
        /// Its second paragraph.
        model Thing deprecated
          /// Its id.
          id: ID<Thing>
          small: Int8 = 4
          ratio: Float = 0.5
          price: Decimal?
          link: URL?
          blob: Data
          nothing: Empty?
          counts: [String: Int] = [:]
          maybe: [Int?]
          when: Date? required
          "@type" as kind: String
          old: String? deprecated
          priority: Priority = .high
          size: Size = .xLarge
          nulls: [String: Int?]

        patch ThingPatch of Thing
          small
          link

        model Box<Item>
          item: Item
          inner: Inner<Item>?

        model Inner<Value>
          value: Value

        enum Priority: Int
          /// Low.
          low = 1
          high = 2 deprecated

        enum Size
          small
          "x-large" as xLarge
          unknown as unknownSize deprecated

        union Shape by kind
          /// A circle.
          circle: Circle
          "big-square" as square: Circle deprecated

        model Circle
          r: Double

        model Upload
          file: FilePart
          note: String?

        model Café
          name: String

        """

    /// `forms` exported without the carried text (`routegen export --without-source`).
    static let formsExport = #"""
        {
          "openapi": "3.1.0", "info": {"title": "Forms", "version": "0.0.0"}, "x-routegen-export": 1,
          "tags": [{"name": "Things", "x-routegen-access": "public"}],
          "paths": {
            "/files": {"post": {"operationId": "upload", "requestBody": {"content": {"multipart/form-data": {"schema": {"$ref": "#/components/schemas/Upload"}}}, "required": true}, "responses": {"200": {"content": {"application/json": {"schema": {"$ref": "#/components/schemas/Caf_E9"}}}, "description": "OK"}}, "security": [], "tags": ["Things"]}},
            "/things/{id}": {"patch": {"operationId": "patchThing", "parameters": [{"in": "path", "name": "id", "required": true, "schema": {"type": "string", "x-routegen-id": "Thing"}}], "requestBody": {"content": {"application/merge-patch+json": {"schema": {"$ref": "#/components/schemas/ThingPatch"}}}, "required": true}, "responses": {"200": {"content": {"application/json": {"schema": {"$ref": "#/components/schemas/Shape"}}}, "description": "OK"}}, "security": [], "tags": ["Things"]}},
            "/things/{id}/{n}": {"get": {"operationId": "thing", "parameters": [{"in": "path", "name": "id", "required": true, "schema": {"type": "string", "x-routegen-id": "Thing"}}, {"in": "path", "name": "n", "required": true, "schema": {"type": "integer", "x-routegen-type": "Int8"}}], "responses": {"200": {"content": {"application/json": {"schema": {"$ref": "#/components/schemas/Box_Thing"}}}, "description": "OK"}}, "security": [], "tags": ["Things"]}}
          },
          "components": {"schemas": {
            "Box": {"properties": {"item": {"x-routegen-type-parameter": "Item"}, "inner": {"anyOf": [{"x-routegen-type": "Inner<Item>"}, {"type": "null"}]}}, "required": ["item"], "type": "object", "x-routegen-generic-parameters": ["Item"]},
            "Box_Thing": {"properties": {"item": {"$ref": "#/components/schemas/Thing"}, "inner": {"anyOf": [{"$ref": "#/components/schemas/Inner_Thing"}, {"type": "null"}]}}, "required": ["item"], "type": "object", "x-routegen-instance-of": "Box", "x-routegen-type": "Box<Thing>"},
            "Caf_E9": {"properties": {"name": {"type": "string"}}, "required": ["name"], "type": "object", "x-routegen-type": "Café"},
            "Circle": {"properties": {"r": {"type": "number"}}, "required": ["r"], "type": "object"},
            "Inner": {"properties": {"value": {"x-routegen-type-parameter": "Value"}}, "required": ["value"], "type": "object", "x-routegen-generic-parameters": ["Value"]},
            "Inner_Thing": {"properties": {"value": {"$ref": "#/components/schemas/Thing"}}, "required": ["value"], "type": "object", "x-routegen-instance-of": "Inner", "x-routegen-type": "Inner<Thing>"},
            "Priority": {"enum": [1, 2], "type": "integer", "x-routegen-cases": {"1": {"description": "Low.", "swift-name": "low"}, "2": {"deprecated": true, "swift-name": "high"}}},
            "Shape": {"discriminator": {"mapping": {"big-square": "#/components/schemas/Circle", "circle": "#/components/schemas/Circle"}, "propertyName": "kind"}, "oneOf": [{"$ref": "#/components/schemas/Circle"}, {"$ref": "#/components/schemas/Circle"}], "x-routegen-variants": {"big-square": {"deprecated": true, "swift-name": "square"}, "circle": {"description": "A circle."}}},
            "Size": {"enum": ["small", "x-large", "unknown"], "type": "string", "x-routegen-cases": {"unknown": {"deprecated": true, "swift-name": "unknownSize"}}},
            "Thing": {"deprecated": true, "description": "A thing.\n\nIts second paragraph.", "properties": {"id": {"description": "Its id.", "type": "string", "x-routegen-id": "Thing"}, "small": {"default": 4, "type": "integer", "x-routegen-type": "Int8"}, "ratio": {"default": 0.5, "format": "float", "type": "number"}, "price": {"type": ["number", "null"], "x-routegen-type": "Decimal"}, "link": {"format": "uri", "type": ["string", "null"]}, "blob": {"contentEncoding": "base64", "type": "string"}, "nothing": {"type": ["object", "null"], "x-routegen-type": "Empty"}, "counts": {"additionalProperties": {"type": "integer"}, "default": {}, "type": "object"}, "maybe": {"items": {"type": ["integer", "null"]}, "type": "array"}, "when": {"format": "date-time", "type": ["string", "null"]}, "@type": {"type": "string", "x-routegen-swift-name": "kind"}, "old": {"deprecated": true, "type": ["string", "null"]}, "priority": {"$ref": "#/components/schemas/Priority", "default": 2}, "size": {"$ref": "#/components/schemas/Size", "default": "x-large"}, "nulls": {"additionalProperties": {"type": ["integer", "null"]}, "type": "object"}}, "required": ["id", "blob", "maybe", "when", "@type", "nulls"], "type": "object"},
            "ThingPatch": {"properties": {"small": {"type": ["integer", "null"], "x-routegen-type": "Int8"}, "link": {"format": "uri", "type": ["string", "null"]}}, "type": "object", "x-routegen-patch-of": "Thing"},
            "Upload": {"properties": {"file": {"contentMediaType": "application/octet-stream", "type": "string"}, "note": {"type": ["string", "null"]}}, "required": ["file"], "type": "object"}
          }}
        }

        """#

    @Test func readsTheTypesAnExportWrites() {
        let result = Self.imported(Self.formsExport, path: "forms.json")
        #expect(result.diagnostics == [])
        // The union lists Circle twice; which tag comes first is the mapping's (sorted) order.
        #expect(result.text == #"""
            api Forms

            group Things public
              upload     POST  /files body multipart Upload                        -> Café
              patchThing PATCH /things/{id: ID<Thing>} body merge-patch ThingPatch -> Shape
              thing      GET   /things/{id: ID<Thing>}/{n: Int8}                   -> Box<Thing>

            model Box<Item>
              item:  Item
              inner: Inner<Item>?

            model Café
              name: String

            model Circle
              r: Double

            model Inner<Value>
              value: Value

            enum Priority: Int
              /// Low.
              low  = 1
              high = 2 deprecated

            union Shape by kind
              big-square as square: Circle deprecated
              /// A circle.
              circle:               Circle

            enum Size
              small
              x-large
              unknown as unknownSize deprecated

            /// A thing.
            ///
            /// Its second paragraph.
            model Thing deprecated
              /// Its id.
              id:            ID<Thing>
              small:         Int8          = 4
              ratio:         Float         = 0.5
              price:         Decimal?
              link:          URL?
              blob:          Data
              nothing:       Empty?
              counts:        [String: Int] = [:]
              maybe:         [Int?]
              when:          Date?         required
              @type as kind: String
              old:           String?       deprecated
              priority:      Priority      = .high
              size:          Size          = .xLarge
              nulls:         [String: Int?]

            patch ThingPatch of Thing
              small
              link

            model Upload
              file: FilePart
              note: String?

            """#)
    }

    @Test func anExportsTypesSurviveTheImport() throws {
        let collector = DiagnosticCollector()
        let model = try #require(loadAPI(source: Self.forms, path: "Forms.routes", diagnostics: collector))
        let exported = OpenAPIExporter().document(for: model, source: nil)
        let text = try #require(Self.imported(JSONDocumentWriter().text(of: exported), path: "forms.json").text)
        let again = OpenAPIExporter().document(for: try #require(loadAPI(source: text, path: "Forms.routes", diagnostics: collector)), source: nil)
        let before = try #require(exported["components"])
        let after = try #require(again["components"])
        #expect(JSONDocumentWriter().text(of: after) == JSONDocumentWriter().text(of: before))
    }

    @Test func aWrittenTypeIsTakenInAnyDescription() {
        let json = #"""
            {"openapi": "3.0.3", "info": {"title": "Small"}, "paths": {
              "/n/{n}": {"get": {"operationId": "n", "parameters": [{"name": "n", "in": "path", "required": true, "schema": {"type": "integer", "x-routegen-type": "UInt8"}}],
                "responses": {"200": {"description": "", "content": {"application/json": {"schema": {"type": "string", "contentEncoding": "base64"}}}}}}}
            }}
            """#
        let result = Self.imported(json, path: "small.json")
        #expect(result.text?.contains("  n GET /n/{n: UInt8} -> Data\n") == true)
    }

    /// A written type that is no type is read once, warned about at its place and left aside:
    /// the parameter keeps its schema's type.
    @Test func aWrittenTypeThatIsNoTypeIsLeftAside() {
        let json = #"""
            {"openapi": "3.0.3", "info": {"title": "Small"}, "security": [], "paths": {
              "/items": {"get": {"operationId": "listItems", "tags": ["Items"], "parameters": [{"name": "q", "in": "query", "schema": {"type": "string", "x-routegen-type": "Int Int"}}],
                "responses": {"200": {"description": ""}}}}
            }}
            """#
        let result = Self.imported(json, path: "small.json")
        #expect(result.text?.contains("  listItems GET /items ?q: String? -> Empty status 200\n") == true)
        #expect(result.diagnostics == [#"small.json:2:161: warning: 'x-routegen-type' is "Int Int", not a route-language type; left aside"#])
    }
}
