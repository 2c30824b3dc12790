import EndpointKit
import EndpointKitTesting
import Foundation
import OpenaiImportedAPI
import OpenaiImportedAPIPreview
import Testing

/// The code generated from OpenAI's own description streams a chat answer from a local server
/// that writes Server-Sent Events as OpenAI does, in pieces of seven bytes.
@Suite struct ChatStreamingTests {
    static let chunks = [
        #"{"id":"chatcmpl-1","object":"chat.completion.chunk","created":1733000000,"model":"gpt-4o","choices":[{"index":0,"delta":{"role":"assistant","content":""},"finish_reason":null}]}"#,
        #"{"id":"chatcmpl-1","object":"chat.completion.chunk","created":1733000000,"model":"gpt-4o","choices":[{"index":0,"delta":{"content":"Hel"},"finish_reason":null}]}"#,
        #"{"id":"chatcmpl-1","object":"chat.completion.chunk","created":1733000000,"model":"gpt-4o","choices":[{"index":0,"delta":{"content":"lo!"},"finish_reason":"stop"}]}"#,
    ]

    @Test func createChatCompletionStreamYieldsEachChunkAsItArrives() async throws {
        let bytes = Data((Self.chunks.map { "data: " + $0 + "\n\n" }.joined() + "data: [DONE]\n\n").utf8)
        let pieces = stride(from: 0, to: bytes.count, by: 7).map { Data(bytes[$0..<min($0 + 7, bytes.count)]) }
        let server = try await LocalServer.start { _ in .pieces(pieces, headers: [("Content-Type", "text/event-stream")]) }
        defer { server.stop() }
        let client = URLSessionHTTPClient(
            configuration: APIConfiguration(baseURL: server.baseURL), tokenProvider: FixedTokenProvider("sk-test"), logger: .silent
        )
        let request = try JSONCoding.decoder.decode(
            CreateChatCompletionRequest.self,
            from: Data(#"{"model":"gpt-4o","messages":[{"role":"user","content":"Say hello"}],"stream":true}"#.utf8)
        )

        var answer = ""
        var finishReasons: [String] = []
        for try await chunk in try await client.send(ChatEndpoints.createChatCompletionStream(body: request)) {
            answer += chunk.choices.first?.delta.content ?? ""
            if let reason = chunk.choices.first?.finishReason { finishReasons.append(reason.rawValue) }
        }

        #expect(answer == "Hello!")
        #expect(finishReasons == ["stop"])
        let sent = try #require(server.requests.first)
        #expect(sent.method == "POST")
        #expect(sent.target == "/chat/completions")
        #expect(sent.header("Accept") == "text/event-stream")
        #expect(sent.header("Authorization") == "Bearer sk-test")
        let body = try JSONSerialization.jsonObject(with: sent.body) as? [String: Any]
        #expect(body?["model"] as? String == "gpt-4o")
        #expect(body?["stream"] as? Bool == true)
    }

    @Test func thePreviewClientYieldsTheStreamsSamples() async throws {
        let request = try JSONCoding.decoder.decode(
            CreateChatCompletionRequest.self, from: Data(#"{"model":"gpt-4o","messages":[{"role":"user","content":"Hi"}]}"#.utf8)
        )
        var count = 0
        for try await chunk in try await OpenaiImportedPreviewClient().send(ChatEndpoints.createChatCompletionStream(body: request)) {
            #expect(chunk.object.rawValue == "chat.completion.chunk")
            count += 1
        }
        #expect(count == 2)
    }
}
