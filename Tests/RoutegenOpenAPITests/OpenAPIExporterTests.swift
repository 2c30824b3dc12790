import Foundation
import RoutegenCore
import RoutegenOpenAPI
import RoutegenYAML
import SyntheticRoutes
import Testing

/// The exporter: small route files in, exact documents out, and the carried route text.
@Suite("Exporting a route file as OpenAPI 3.1")
struct OpenAPIExporterTests {
    static func model(_ source: String, path: String = "Shop.routes") throws -> APIModel {
        let collector = DiagnosticCollector()
        let model = loadAPI(source: source, path: path, diagnostics: collector)
        #expect(collector.diagnostics.map(\.message) == [])
        return try #require(model)
    }

    static let tiny = """
        api Tiny
        group Pets public
          pet GET /pets/{id: Int} -> Pet
        model Pet
          name: String

        """

    @Test func aSmallFileIsThisJSONWithItsTextCarried() throws {
        let document = OpenAPIExporter().document(for: try Self.model(Self.tiny), source: Self.tiny)
        #expect(JSONDocumentWriter().text(of: document) == #"""
            {
              "components": {
                "schemas": {
                  "Pet": {
                    "properties": {
                      "name": {
                        "type": "string"
                      }
                    },
                    "required": [
                      "name"
                    ],
                    "type": "object"
                  }
                }
              },
              "info": {
                "title": "Tiny",
                "version": "0.0.0"
              },
              "openapi": "3.1.0",
              "paths": {
                "/pets/{id}": {
                  "get": {
                    "operationId": "pet",
                    "parameters": [
                      {
                        "in": "path",
                        "name": "id",
                        "required": true,
                        "schema": {
                          "type": "integer"
                        }
                      }
                    ],
                    "responses": {
                      "200": {
                        "content": {
                          "application/json": {
                            "schema": {
                              "$ref": "#/components/schemas/Pet"
                            }
                          }
                        },
                        "description": "OK"
                      }
                    },
                    "security": [],
                    "tags": [
                      "Pets"
                    ]
                  }
                }
              },
              "tags": [
                {
                  "name": "Pets",
                  "x-routegen-access": "public"
                }
              ],
              "x-routegen-export": 1,
              "x-routegen-source": "api Tiny\ngroup Pets public\n  pet GET /pets/{id: Int} -> Pet\nmodel Pet\n  name: String\n"
            }

            """#)
    }

    /// Every form the exporter maps: schemes (prefix, named), an API error body and a group's,
    /// docs, every parameter kind, joined segments, accept, raw bodies and Data, Empty, a method
    /// OpenAPI has no field for, repeated route names, pagination, every field presence, `as`,
    /// enum defaults, Decimal, a generic model and its instance, includes, patches and unions.
    static let shop = """
        api Shop
        auth header Authorization prefix "Token token="
        auth key = query key
        errors Problem

        /// Things for sale.
        group Items public
          /// Lists items.
          /// A second line.
          items  GET   /items ?q: String ?page: Int? ?limit: Int = 20 ?tags: [String] ?meta: [String: String] deep header X-Trace: String? -> Page<Item> paginate page ?page each items
          item   GET   /items/{id: ID<Item>}.json accept application/vnd.shop+json -> Item deprecated
          image  GET   /items/{id: ID<Item>}/image accept image/* -> Data
          upload PUT   /items/{id: ID<Item>}/image body raw "image/png" -> Empty auth key
          purge  PURGE /items -> Empty auth

        group Orders auth errors OrderProblem
          place  POST /orders body NewOrder -> Order
          items  GET  /orders/{id: Int}/items -> [Item] public

        model Problem
          title: String

        model OrderProblem
          detail: String

        /// An item.
        model Item
          id:   ID<Item>
          "@type" as kind: String
          note: String? required
          size: Size = .large
          price: Decimal?

        enum Size
          small
          "x-large" as large

        model Page<Entry>
          items: [Entry]

        model Order
          id: Int64
          pay: Payment

        model NewOrder includes Order
          coupon: String?

        patch OrderPatch of NewOrder
          coupon

        union Payment by method
          card: Card

        model Card
          last4: String

        """

    @Test func everyFormMapsAsDocumented() throws {
        let document = OpenAPIExporter().document(for: try Self.model(Self.shop))
        #expect(YAMLDocumentWriter().text(of: document) == #"""
            components:
              schemas:
                Card:
                  properties:
                    last4:
                      type: string
                  required:
                    - last4
                  type: object
                Item:
                  description: An item.
                  properties:
                    id:
                      type: string
                      x-routegen-id: Item
                    "@type":
                      type: string
                      x-routegen-swift-name: kind
                    note:
                      type:
                        - string
                        - "null"
                    size:
                      $ref: "#/components/schemas/Size"
                      default: x-large
                    price:
                      type:
                        - number
                        - "null"
                      x-routegen-type: Decimal
                  required:
                    - id
                    - "@type"
                    - note
                  type: object
                NewOrder:
                  allOf:
                    - $ref: "#/components/schemas/Order"
                    - properties:
                        coupon:
                          type:
                            - string
                            - "null"
                      type: object
                Order:
                  properties:
                    id:
                      format: int64
                      type: integer
                    pay:
                      $ref: "#/components/schemas/Payment"
                  required:
                    - id
                    - pay
                  type: object
                OrderPatch:
                  properties:
                    coupon:
                      type:
                        - string
                        - "null"
                  type: object
                  x-routegen-patch-of: NewOrder
                OrderProblem:
                  properties:
                    detail:
                      type: string
                  required:
                    - detail
                  type: object
                Page:
                  properties:
                    items:
                      items:
                        x-routegen-type-parameter: Entry
                      type: array
                  required:
                    - items
                  type: object
                  x-routegen-generic-parameters:
                    - Entry
                Page_Item:
                  properties:
                    items:
                      items:
                        $ref: "#/components/schemas/Item"
                      type: array
                  required:
                    - items
                  type: object
                  x-routegen-instance-of: Page
                  x-routegen-type: Page<Item>
                Payment:
                  discriminator:
                    mapping:
                      card: "#/components/schemas/Card"
                    propertyName: method
                  oneOf:
                    - $ref: "#/components/schemas/Card"
                Problem:
                  properties:
                    title:
                      type: string
                  required:
                    - title
                  type: object
                Size:
                  enum:
                    - small
                    - x-large
                  type: string
                  x-routegen-cases:
                    x-large:
                      swift-name: large
              securitySchemes:
                header:
                  in: header
                  name: Authorization
                  type: apiKey
                  x-routegen-prefix: Token token=
                  x-routegen-unnamed: true
                key:
                  in: query
                  name: key
                  type: apiKey
            info:
              title: Shop
              version: "0.0.0"
            openapi: "3.1.0"
            paths:
              /items:
                get:
                  description: "Lists items.\nA second line."
                  operationId: Items.items
                  parameters:
                    - in: query
                      name: q
                      required: true
                      schema:
                        type: string
                    - in: query
                      name: page
                      required: false
                      schema:
                        type: integer
                      x-routegen-optional: true
                    - in: query
                      name: limit
                      required: false
                      schema:
                        default: 20
                        type: integer
                    - in: query
                      name: tags
                      required: false
                      schema:
                        items:
                          type: string
                        type: array
                    - explode: true
                      in: query
                      name: meta
                      required: true
                      schema:
                        additionalProperties:
                          type: string
                        type: object
                      style: deepObject
                    - in: header
                      name: X-Trace
                      required: false
                      schema:
                        type: string
                      x-routegen-optional: true
                  responses:
                    "200":
                      content:
                        application/json:
                          schema:
                            $ref: "#/components/schemas/Page_Item"
                      description: OK
                    default:
                      content:
                        application/json:
                          schema:
                            $ref: "#/components/schemas/Problem"
                      description: Error
                  security: []
                  summary: Lists items.
                  tags:
                    - Items
                  x-routegen-errors: Problem
                  x-routegen-name: items
                  x-routegen-paginate: page ?page each items
                x-routegen-methods:
                  PURGE:
                    operationId: purge
                    responses:
                      "204":
                        description: No Content
                      default:
                        content:
                          application/json:
                            schema:
                              $ref: "#/components/schemas/Problem"
                        description: Error
                    security:
                      - header: []
                    tags:
                      - Items
                    x-routegen-access: auth
                    x-routegen-errors: Problem
              /items/{id}.json:
                get:
                  deprecated: true
                  operationId: item
                  parameters:
                    - in: path
                      name: id
                      required: true
                      schema:
                        type: string
                        x-routegen-id: Item
                  responses:
                    "200":
                      content:
                        application/vnd.shop+json:
                          schema:
                            $ref: "#/components/schemas/Item"
                      description: OK
                    default:
                      content:
                        application/json:
                          schema:
                            $ref: "#/components/schemas/Problem"
                      description: Error
                  security: []
                  tags:
                    - Items
                  x-routegen-errors: Problem
              /items/{id}/image:
                get:
                  operationId: image
                  parameters:
                    - in: path
                      name: id
                      required: true
                      schema:
                        type: string
                        x-routegen-id: Item
                  responses:
                    "200":
                      content:
                        image/*:
                          schema:
                            contentMediaType: image/*
                            type: string
                      description: OK
                    default:
                      content:
                        application/json:
                          schema:
                            $ref: "#/components/schemas/Problem"
                      description: Error
                  security: []
                  tags:
                    - Items
                  x-routegen-errors: Problem
                put:
                  operationId: upload
                  parameters:
                    - in: path
                      name: id
                      required: true
                      schema:
                        type: string
                        x-routegen-id: Item
                  requestBody:
                    content:
                      image/png:
                        schema:
                          contentMediaType: image/png
                          type: string
                    required: true
                  responses:
                    "204":
                      description: No Content
                    default:
                      content:
                        application/json:
                          schema:
                            $ref: "#/components/schemas/Problem"
                      description: Error
                  security:
                    - key: []
                  tags:
                    - Items
                  x-routegen-access: auth
                  x-routegen-errors: Problem
              /orders:
                post:
                  operationId: place
                  requestBody:
                    content:
                      application/json:
                        schema:
                          $ref: "#/components/schemas/NewOrder"
                    required: true
                  responses:
                    "200":
                      content:
                        application/json:
                          schema:
                            $ref: "#/components/schemas/Order"
                      description: OK
                    default:
                      content:
                        application/json:
                          schema:
                            $ref: "#/components/schemas/OrderProblem"
                      description: Error
                  security:
                    - header: []
                  tags:
                    - Orders
              /orders/{id}/items:
                get:
                  operationId: Orders.items
                  parameters:
                    - in: path
                      name: id
                      required: true
                      schema:
                        type: integer
                  responses:
                    "200":
                      content:
                        application/json:
                          schema:
                            items:
                              $ref: "#/components/schemas/Item"
                            type: array
                      description: OK
                    default:
                      content:
                        application/json:
                          schema:
                            $ref: "#/components/schemas/OrderProblem"
                      description: Error
                  security: []
                  tags:
                    - Orders
                  x-routegen-access: public
                  x-routegen-name: items
            tags:
              - description: Things for sale.
                name: Items
                x-routegen-access: public
              - name: Orders
                x-routegen-access: auth
                x-routegen-errors: OrderProblem
            x-routegen-export: 1

            """#)
    }

    @Test func theSameFileGivesTheSameBytes() throws {
        let first = JSONDocumentWriter().text(of: OpenAPIExporter().document(for: try Self.model(Self.shop)))
        let second = JSONDocumentWriter().text(of: OpenAPIExporter().document(for: try Self.model(Self.shop)))
        #expect(first == second)
    }

    @Test func theCarriedTextIsGivenBackOnlyWhileTheDocumentIsUnchanged() throws {
        let document = OpenAPIExporter().document(for: try Self.model(Self.tiny), source: Self.tiny)
        #expect(OpenAPIExporter.preservedSource(in: document) == Self.tiny)
        // Read back from the written JSON: positions and all, still the same document.
        let read = try #require(JSONDocumentReader(path: "t.json").read(JSONDocumentWriter().bytes(of: document), diagnostics: DiagnosticCollector()))
        #expect(OpenAPIExporter.preservedSource(in: read) == Self.tiny)
        // An edit (the schema's field renamed) makes the text stale.
        let edited = JSONDocumentWriter().text(of: document).replacingOccurrences(of: "\"name\"", with: "\"title\"")
        let editedRead = try #require(JSONDocumentReader(path: "t.json").read(Array(edited.utf8), diagnostics: DiagnosticCollector()))
        #expect(OpenAPIExporter.preservedSource(in: editedRead) == nil)
        // No text: nothing to give back.
        #expect(OpenAPIExporter.preservedSource(in: OpenAPIExporter().document(for: try Self.model(Self.tiny))) == nil)
    }

    private static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    @Test(arguments: ["Library", "Pizzeria"])
    func aSpecsExportReadsBackAsTheSameTreeFromJSONAndYAML(name: String) throws {
        let path = "Specs/" + name + ".routes"
        let source = try String(contentsOf: Self.packageRoot.appendingPathComponent(path), encoding: .utf8)
        let document = OpenAPIExporter().document(for: try Self.model(source, path: path), source: source)
        let collector = DiagnosticCollector()
        let json = try #require(JSONDocumentReader(path: "a.json").read(JSONDocumentWriter().bytes(of: document), diagnostics: collector))
        let yaml = try #require(YAMLDocumentReader(path: "a.yaml").read(YAMLDocumentWriter().bytes(of: document), diagnostics: collector))
        #expect(collector.diagnostics.isEmpty)
        #expect(OpenAPIExporter.preservedSource(in: json) == source)
        #expect(OpenAPIExporter.preservedSource(in: yaml) == source)
    }

    /// The compile check's random files (seed 1), every form of the language: each export
    /// reads back from JSON and from YAML as a document that gives its text back.
    @Test func randomFilesExportAndReadBackFromJSONAndYAML() throws {
        var failures: [String] = []
        for index in 0..<20 {
            let file = RandomRouteFile.make(index: index, seed: 1)
            let path = file.apiName + ".routes"
            let formatted = try #require(format(source: file.text, path: path, diagnostics: DiagnosticCollector()))
            let document = OpenAPIExporter().document(for: try Self.model(file.text, path: path), source: formatted)
            let collector = DiagnosticCollector()
            let json = JSONDocumentReader(path: "a.json").read(JSONDocumentWriter().bytes(of: document), diagnostics: collector)
            let yaml = YAMLDocumentReader(path: "a.yaml").read(YAMLDocumentWriter().bytes(of: document), diagnostics: collector)
            if !collector.diagnostics.isEmpty { failures.append(path + ": \(collector.diagnostics.map(\.message))") }
            if json.flatMap(OpenAPIExporter.preservedSource(in:)) != formatted { failures.append(path + ": JSON") }
            if yaml.flatMap(OpenAPIExporter.preservedSource(in:)) != formatted { failures.append(path + ": YAML") }
        }
        #expect(failures == [])
    }

    @Test func nonASCIINamesBecomeValidKeysAndKeepTheirName() throws {
        let source = "api A\ngroup G public\n  r GET /r -> Café\nmodel Café\n  a: Int\n"
        let document = OpenAPIExporter().document(for: try Self.model(source))
        let schema = try #require(document["components"]?["schemas"]?["Caf_E9"])
        #expect(schema["x-routegen-type"]?.string == "Café")
        #expect(document["paths"]?["/r"]?["get"]?["responses"]?["200"]?["content"]?["application/json"]?["schema"]?["$ref"]?.string == "#/components/schemas/Caf_E9")
    }
}
