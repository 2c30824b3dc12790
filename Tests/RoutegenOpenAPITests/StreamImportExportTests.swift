import Foundation
import RoutegenCore
import RoutegenOpenAPI
import RoutegenYAML
import Testing

/// Streamed responses through `import` and `export`: `text/event-stream` and JSON Lines become
/// `-> events T` and `-> lines T`; an operation answering JSON or a stream gives two routes, the
/// stream's named `<name>Stream`; the export writes the pair back as one operation.
@Suite("routegen import and export: streamed responses")
struct StreamImportExportTests {
    static let description = #"""
        {
          "openapi": "3.1.0",
          "info": {"title": "Chat", "version": "1"},
          "security": [],
          "paths": {
            "/chat/completions": {"post": {"operationId": "createChatCompletion",
              "requestBody": {"required": true, "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Prompt"}}}},
              "responses": {"200": {"description": "ok", "content": {
                "application/json": {"schema": {"$ref": "#/components/schemas/Answer"}},
                "text/event-stream": {"schema": {"$ref": "#/components/schemas/Chunk"}}}}}}},
            "/ticker": {"get": {"operationId": "ticker",
              "responses": {"200": {"description": "ok", "content": {"text/event-stream": {"schema": {"type": "string"}}}}}}},
            "/export": {"get": {"operationId": "exportLog",
              "responses": {"200": {"description": "ok", "content": {"application/x-ndjson": {"schema": {"$ref": "#/components/schemas/Chunk"}}}}}}}
          },
          "components": {"schemas": {
            "Prompt": {"type": "object", "required": ["text"], "properties": {"text": {"type": "string"}}},
            "Answer": {"type": "object", "required": ["text"], "properties": {"text": {"type": "string"}}},
            "Chunk": {"type": "object", "required": ["delta"], "properties": {"delta": {"type": "string"}}}
          }}
        }
        """#

    @Test func streamsBecomeEventsAndLinesAndAJSONOrStreamOperationTwoRoutes() {
        let result = OpenAPIImporterTests.imported(Self.description, path: "chat.json")
        #expect(result.text == #"""
        api Chat

        group Chat public
          createChatCompletion       POST /chat/completions body Prompt -> Answer
          createChatCompletionStream POST /chat/completions body Prompt -> events Chunk

        group Ticker public
          ticker GET /ticker -> events String

        group Export public
          exportLog GET /export -> lines Chunk

        model Prompt
          text: String

        model Answer
          text: String

        model Chunk
          delta: String

        """#)
        #expect(result.diagnostics == [])
        #expect(result.summary?.hasSuffix("; 3 types declared; 1 stream route beside their operation's route") == true)
    }

    @Test func theExportWritesThePairAsOneOperationAndReadsBackTheSameFile() throws {
        let source = try #require(OpenAPIImporterTests.imported(Self.description, path: "chat.json").text)
        let model = try OpenAPIExporterTests.model(source, path: "Chat.routes")
        let document = OpenAPIExporter().document(for: model)
        let operation = try #require(document["paths"]?["/chat/completions"]?["post"])
        #expect(operation["operationId"]?.string == "createChatCompletion")
        #expect(operation["x-routegen-stream-route"]?.string == "createChatCompletionStream")
        let content = operation["responses"]?["200"]?["content"]
        #expect(content?.entries?.compactMap(\.key.string) == ["application/json", "text/event-stream"])
        #expect(content?["text/event-stream"]?["schema"]?["$ref"]?.string == "#/components/schemas/Chunk")
        #expect(document["paths"]?["/export"]?["get"]?["responses"]?["200"]?["content"]?["application/jsonl"]?["schema"]?["$ref"]?.string == "#/components/schemas/Chunk")
        // The routes read back as written (the models come back in the components' sorted order).
        let back = try #require(OpenAPIImporterTests.imported(JSONDocumentWriter().text(of: document), path: "Chat.json").text)
        #expect(back.components(separatedBy: "\nmodel ")[0] == source.components(separatedBy: "\nmodel ")[0])
    }
}
