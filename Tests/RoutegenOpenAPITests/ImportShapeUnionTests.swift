import RoutegenCore
import RoutegenOpenAPI
import Testing

/// A `oneOf` that no discriminator and no property tells apart is a union by shape: its variants
/// most specific first, named by their titles or types, with a warning where one value fits two.
@Suite("routegen import: unions told apart by shape")
struct ImportShapeUnionTests {
    static let description = #"""
        {
          "openapi": "3.1.0",
          "info": {"title": "Chat", "version": "1"},
          "security": [],
          "paths": {
            "/messages": {
              "post": {"operationId": "send",
                "requestBody": {"required": true, "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Message"}}}},
                "responses": {"204": {"description": "sent"}}}
            }
          },
          "components": {"schemas": {
            "Message": {"type": "object", "required": ["content", "choice", "amount"], "properties": {
              "content": {"oneOf": [
                {"type": "string", "title": "Text content"},
                {"type": "array", "title": "Array of parts", "items": {"$ref": "#/components/schemas/Part"}}
              ]},
              "choice": {"oneOf": [
                {"type": "string", "enum": ["none", "auto"]},
                {"type": "string"},
                {"$ref": "#/components/schemas/Named"}
              ]},
              "amount": {"anyOf": [{"type": "number"}, {"type": "string", "format": "date-time"}, {"type": "integer"}]},
              "size": {"oneOf": [{"type": "integer"}, {"type": "number"}]}
            }},
            "Part": {"type": "object", "required": ["text"], "properties": {"text": {"type": "string"}}},
            "Named": {"type": "object", "required": ["name"], "properties": {"name": {"type": "string"}}}
          }}
        }
        """#

    @Test func variantsAreOrderedMostSpecificFirstAndNamed() {
        let result = OpenAPIImporterTests.imported(Self.description, path: "chat.json")
        #expect(result.text == #"""
        api Chat

        group Messages public
          send POST /messages body Message -> Empty

        union MessageContent by shape
          arrayOfParts: [Part]
          textContent:  String

        enum MessageChoiceOption1
          none
          auto

        union MessageChoice by shape
          named:   Named
          option1: MessageChoiceOption1

        union MessageAmount by shape
          int:    Int
          double: Double
          date:   Date

        model Message
          content: MessageContent
          choice:  MessageChoice
          amount:  MessageAmount
          size:    Double?

        model Part
          text: String

        model Named
          name: String

        """#)
        #expect(result.diagnostics == [
            "chat.json:23:27: warning: variants of this 'anyOf' can fit one value, and nothing in the description tells them apart; the decoder takes the one it tries first: 'int' before 'double'",
        ])
    }

    @Test func aFileAmongTheVariantsKeepsJSONValue() {
        let multipart = Self.description.replacingOccurrences(
            of: #"{"type": "string", "title": "Text content"}"#,
            with: #"{"type": "string", "format": "binary"}"#
        )
        let result = OpenAPIImporterTests.imported(multipart, path: "chat.json")
        #expect(result.text?.contains("content: JSONValue") == true)
        #expect(result.diagnostics.first == "chat.json:14:28: warning: 'oneOf' of 2 schemas, some of them bytes (a file), cannot be a union of JSON values; imported as 'JSONValue'")
    }

    @Test func theGeneratedUnionsCheck() throws {
        let result = OpenAPIImporterTests.imported(Self.description, path: "chat.json")
        let text = try #require(result.text)
        let diagnostics = DiagnosticCollector()
        let model = loadAPI(source: text, path: "Chat.routes", diagnostics: diagnostics)
        #expect(model != nil && diagnostics.sorted.isEmpty)
    }
}
