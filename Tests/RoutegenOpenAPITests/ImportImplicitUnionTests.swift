import RoutegenCore
import RoutegenOpenAPI
import Testing

/// A `oneOf` without a `discriminator` whose variants one property tells apart (a `const`, an
/// `enum` of strings or a single `default`, no value in two variants) is a union by it.
@Suite("routegen import: unions without a discriminator")
struct ImportImplicitUnionTests {
    static let description = #"""
        {
          "openapi": "3.1.0",
          "info": {"title": "Pay", "version": "1"},
          "security": [],
          "paths": {
            "/payments": {
              "post": {"operationId": "pay",
                "requestBody": {"required": true, "content": {"application/json": {"schema": {"$ref": "#/components/schemas/PaymentRequest"}}}},
                "responses": {"204": {"description": "paid"}}}
            }
          },
          "components": {"schemas": {
            "PaymentRequest": {"type": "object", "required": ["method", "note"], "properties": {
              "method": {"oneOf": [
                {"$ref": "#/components/schemas/Card"},
                {"$ref": "#/components/schemas/Ideal"},
                {"type": "object", "required": ["type"], "properties": {"type": {"const": "cash"}, "tendered": {"type": "integer"}}}
              ]},
              "note": {"oneOf": [
                {"type": "object", "properties": {"kind": {"type": "string", "enum": ["a"]}}},
                {"type": "object", "properties": {"kind": {"type": "string", "enum": ["a", "b"]}}}
              ]}
            }},
            "Card": {"type": "object", "properties": {
              "type": {"type": "string", "enum": ["scheme", "bcmc"], "default": "scheme"},
              "number": {"type": "string"}}},
            "Ideal": {"allOf": [{"$ref": "#/components/schemas/Base"}, {"type": "object", "properties": {"issuer": {"type": "string"}}}]},
            "Base": {"type": "object", "properties": {"type": {"type": "string", "default": "ideal"}}}
          }}
        }
        """#

    @Test func variantsToldApartByOnePropertyBecomeAUnion() {
        let result = OpenAPIImporterTests.imported(Self.description, path: "pay.json")
        #expect(result.text == #"""
        api Pay

        group Payments public
          pay POST /payments body PaymentRequest -> Empty

        model PaymentRequestMethodCash
          type:     String example "cash"
          tendered: Int?

        union PaymentRequestMethod by type
          scheme: Card
          bcmc:   Card
          ideal:  Ideal
          cash:   PaymentRequestMethodCash

        enum PaymentRequestNoteOption1Kind
          a

        model PaymentRequestNoteOption1
          kind: PaymentRequestNoteOption1Kind?

        enum PaymentRequestNoteOption2Kind
          a
          b

        model PaymentRequestNoteOption2
          kind: PaymentRequestNoteOption2Kind?

        union PaymentRequestNote by shape
          option1: PaymentRequestNoteOption1
          option2: PaymentRequestNoteOption2

        model PaymentRequest
          method: PaymentRequestMethod
          note:   PaymentRequestNote

        enum CardType
          scheme
          bcmc

        model Card
          type:   CardType = .scheme
          number: String?

        model Ideal includes Base
          issuer: String?

        model Base
          type: String = "ideal"

        """#)
        #expect(result.diagnostics == [
            "pay.json:19:25: warning: variants of this 'oneOf' can fit one value, and nothing in the description tells them apart; the decoder takes the one it tries first: 'option1' before 'option2'",
        ])
    }

    /// A `discriminator` whose variants are inline (or a `$ref` with siblings) is still a union by
    /// its property when their values tell them apart, else a union by shape with a warning;
    /// `$recursiveRef: "#"` is the component it stands in.
    static let inlineDiscriminated = #"""
        {
          "openapi": "3.1.0",
          "info": {"title": "Search", "version": "1"},
          "security": [],
          "paths": {
            "/search": {
              "post": {"operationId": "search",
                "requestBody": {"required": true, "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Query"}}}},
                "responses": {"204": {"description": "done"}}}
            }
          },
          "components": {"schemas": {
            "Query": {"type": "object", "required": ["filter", "detection"], "properties": {
              "filter": {"$ref": "#/components/schemas/AnyFilter"},
              "detection": {"oneOf": [
                {"type": "object", "required": ["type"], "properties": {"type": {"const": "server_vad"}, "threshold": {"type": "number"}}},
                {"type": "object", "required": ["type"], "properties": {"type": {"const": "semantic_vad"}}}
              ], "discriminator": {"propertyName": "type"}}
            }},
            "AnyFilter": {"type": "object", "required": ["filters"], "properties": {
              "filters": {"type": "array", "items": {"oneOf": [
                {"$ref": "#/components/schemas/Match"},
                {"$recursiveRef": "#"}
              ], "discriminator": {"propertyName": "type"}}}
            }},
            "Match": {"type": "object", "required": ["key"], "properties": {"key": {"type": "string"}}}
          }}
        }
        """#

    @Test func aDiscriminatorOverInlineVariantsStillTypesThem() {
        let result = OpenAPIImporterTests.imported(Self.inlineDiscriminated, path: "search.json")
        #expect(result.text == #"""
        api Search

        group Search public
          search POST /search body Query -> Empty

        model QueryDetectionServerVad
          type:      String example "server_vad"
          threshold: Double?

        model QueryDetectionSemanticVad
          type: String example "semantic_vad"

        union QueryDetection by type
          server_vad:   QueryDetectionServerVad
          semantic_vad: QueryDetectionSemanticVad

        model Query
          filter:    AnyFilter
          detection: QueryDetection

        union AnyFilterFiltersItem by shape
          match:     Match
          anyFilter: AnyFilter

        model AnyFilter
          filters: [AnyFilterFiltersItem]

        model Match
          key: String

        """#)
        #expect(result.diagnostics == [
            "search.json:21:55: warning: 'oneOf' with a discriminator whose variants are not all '$ref's to object schemas with 'type' values of their own; imported as a union told apart by shape",
            "search.json:21:55: warning: variants of this 'oneOf' can fit one value, and nothing in the description tells them apart; the decoder takes the one it tries first: 'match' before 'anyFilter'",
        ])
    }

    /// A discriminator without a mapping names a variant by its schema's name, unless the
    /// variant allows only other values (OpenAI's `{"object": {"enum": ["bucket.result"]}}`):
    /// those values are then its tags, as a value its own schema forbids never arrives.
    @Test func aDiscriminatorWithoutAMappingTakesTheValuesEachVariantAllows() throws {
        let description = #"""
            {
              "openapi": "3.0.3",
              "info": {"title": "Usage", "version": "1"},
              "security": [],
              "paths": {"/usage": {"get": {"operationId": "usage",
                "responses": {"200": {"description": "ok", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Result"}}}}}}}},
              "components": {"schemas": {
                "Result": {"oneOf": [{"$ref": "#/components/schemas/Costs"}, {"$ref": "#/components/schemas/Images"}, {"$ref": "#/components/schemas/Plain"}],
                  "discriminator": {"propertyName": "object"}},
                "Costs": {"type": "object", "required": ["object"], "properties": {"object": {"type": "string", "enum": ["costs.result", "costs.total"]}}},
                "Images": {"type": "object", "required": ["object"], "properties": {"object": {"type": "string", "enum": ["images.result"]}}},
                "Plain": {"type": "object", "required": ["object"], "properties": {"object": {"type": "string"}}},
                "Runner": {"oneOf": [{"$ref": "#/components/schemas/SidecarBody"}, {"$ref": "#/components/schemas/RunbookBody"}],
                  "discriminator": {"propertyName": "kind"}},
                "SidecarBody": {"type": "object", "properties": {"kind": {"$ref": "#/components/schemas/Kind"}, "host": {"type": "string"}}},
                "RunbookBody": {"type": "object", "properties": {"kind": {"$ref": "#/components/schemas/Kind"}, "uri": {"type": "string"}}},
                "Kind": {"type": "string", "enum": ["sidecar", "runbook"]}
              }}
            }
            """#
        let result = OpenAPIImporterTests.imported(description, path: "usage.json")
        let text = try #require(result.text)
        #expect(result.diagnostics == [])
        #expect(text.contains("""
            union Result by object
              costs.result:  Costs
              costs.total:   Costs
              images.result: Images
              Plain:         Plain

            """), "\(text)")
        // A value both variants allow goes to the one whose name holds it, with a warning.
        let runners = OpenAPIImporterTests.imported(description.replacingOccurrences(of: "#/components/schemas/Result\"", with: "#/components/schemas/Runner\""), path: "usage.json")
        #expect(runners.diagnostics == [
            "usage.json:14:24: warning: 'sidecar' of 'kind' is allowed by 'SidecarBody' and 'RunbookBody'; it chooses 'SidecarBody'",
            "usage.json:14:24: warning: 'runbook' of 'kind' is allowed by 'SidecarBody' and 'RunbookBody'; it chooses 'RunbookBody'",
        ], "\(runners.diagnostics)")
        #expect(try #require(runners.text).contains("""
            union Runner by kind
              sidecar: SidecarBody
              runbook: RunbookBody

            """), "\(runners.text ?? "")")
    }
}
