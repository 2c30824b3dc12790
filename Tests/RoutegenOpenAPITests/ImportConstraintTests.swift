import RoutegenCore
import RoutegenOpenAPI
import Testing

/// JSON Schema's bounds, lengths, patterns, formats and examples come into the route file as its
/// constraints, and an export writes them back as the same keywords; what cannot be kept (a
/// pattern that is no regular expression, an example that breaks its schema, bounds that
/// contradict) is left out with a warning at its place.
@Suite("routegen import: constraints and examples")
struct ImportConstraintTests {
    static let description = #"""
        {
          "openapi": "3.0.3",
          "info": {"title": "Music", "version": "1"},
          "security": [],
          "paths": {
            "/tracks": {"get": {"operationId": "tracks",
              "parameters": [{"name": "limit", "in": "query", "schema": {"type": "integer", "minimum": 1, "maximum": 100, "default": 20}},
                             {"name": "X-Trace", "in": "header", "schema": {"type": "string", "maxLength": 36}}],
              "responses": {"200": {"description": "ok", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Track"}}}}}}}
          },
          "components": {"schemas": {
            "Email": {"type": "string", "format": "email"},
            "Track": {"type": "object", "required": ["title", "signature"], "properties": {
              "title": {"type": "string", "minLength": 1, "maxLength": 100, "example": "Blue in Green"},
              "signature": {"type": "integer", "minimum": 3, "maximum": 12, "example": 1},
              "price": {"type": "number", "minimum": 0, "exclusiveMinimum": true, "multipleOf": 0.01},
              "contact": {"$ref": "#/components/schemas/Email"},
              "tags": {"type": "array", "minItems": 1, "items": {"type": "string", "pattern": "^[a-z]+\\d*$"}},
              "code": {"type": "string", "pattern": "(unclosed"},
              "rating": {"allOf": [{"type": "number", "maximum": 5}], "description": "Stars."},
              "volume": {"type": "integer", "minimum": 10, "maximum": 1},
              "released": {"type": "string", "format": "date", "nullable": true}}}
          }}
        }
        """#

    @Test func theKeywordsBecomeTheRouteFilesConstraints() throws {
        let result = OpenAPIImporterTests.imported(Self.description, path: "music.json")
        let text = try #require(result.text)
        #expect(text == #"""
            api Music

            group Tracks public
              tracks GET /tracks ?limit: Int = 20 minimum 1 maximum 100 header X-Trace: String? max-length 36 -> Track

            model Track
              title:     String    min-length 1 max-length 100 example "Blue in Green"
              signature: Int       minimum 3 maximum 12
              price:     Double?   exclusive-minimum 0 multiple-of 0.01
              contact:   String?   format email
              tags:      [String]? pattern "^[a-z]+\\d*$" min-items 1
              code:      String?
              rating:    Double?   maximum 5
              volume:    Int?
              released:  String?   format date

            """#)
        #expect(result.diagnostics == [
            "music.json:15:80: warning: the example of field 'signature' of 'Track' breaks its own schema (it is below the minimum of 3); not kept, so samples are made from the constraints",
            "music.json:19:45: warning: the 'pattern' of field 'code' of 'Track' is no valid regular expression; not kept, so neither samples nor 'serve' follow it",
            "music.json:21:17: warning: field 'volume' of 'Track' has a minimum of 10 above its maximum of 1; neither is kept",
        ])
    }

    @Test func anExportWritesTheSameKeywordsAndReadsThemBack() throws {
        let source = """
            api Music

            group Tracks public
              tracks GET /tracks ?limit: Int = 20 minimum 1 maximum 100 -> [Track]

            model Track
              title:     String   min-length 1 max-length 100 example "Blue in Green"
              signature: Int      minimum 3 maximum 12 example 4
              price:     Double   exclusive-minimum 0 multiple-of 0.01
              link:      String?  format uri
              tags:      [String] pattern "^[a-z]+$" min-items 1 max-items 5
              live:      Bool     example true

            """
        let trip = try OpenAPIRoundTripTests.roundTrip(source, path: "music.routes", format: .json, carriesSource: false)
        let track = try #require(trip.exported["components"]?["schemas"]?["Track"]?["properties"])
        #expect(track["title"] == node(#"{"examples": ["Blue in Green"], "maxLength": 100, "minLength": 1, "type": "string"}"#))
        #expect(track["signature"] == node(#"{"examples": [4], "maximum": 12, "minimum": 3, "type": "integer"}"#))
        #expect(track["price"] == node(#"{"exclusiveMinimum": 0, "multipleOf": 0.01, "type": "number"}"#))
        #expect(track["link"] == node(#"{"format": "uri", "type": ["string", "null"], "x-routegen-type": "String"}"#))
        #expect(track["tags"] == node(#"{"items": {"pattern": "^[a-z]+$", "type": "string"}, "maxItems": 5, "minItems": 1, "type": "array"}"#))
        let imported = try #require(trip.imported)
        #expect(OpenAPIRoundTripTests.firstDifference(trip.formatted, imported) == nil, "\(imported)")
    }

    /// A document node from JSON, without positions, to compare with an exported one.
    private func node(_ json: String) -> DocumentNode? {
        JSONDocumentReader(path: "expected.json").read(Array(json.utf8), diagnostics: DiagnosticCollector()).map(Self.withoutPositions)
    }

    private static func withoutPositions(_ node: DocumentNode) -> DocumentNode {
        switch node.value {
        case .mapping(let entries):
            DocumentNode(.mapping(entries.map { DocumentEntry(key: withoutPositions($0.key), value: withoutPositions($0.value)) }))
        case .sequence(let elements): DocumentNode(.sequence(elements.map(withoutPositions)))
        default: DocumentNode(node.value)
        }
    }
}
