import RoutegenCore
import RoutegenServe
import Testing

/// `routegen serve` answers a streamed route with its sample's elements as events or lines, and
/// tells a stream from a route of one value on the same method and path by the request's Accept.
@Suite struct ServedStreamTests {
    static let source = """
        api Chat
        group Chat public
          complete       POST /chat body Prompt -> Answer
          completeStream POST /chat body Prompt -> events Chunk
          log            GET  /log              -> lines Chunk

        model Prompt
          text: String

        model Answer
          text: String

        model Chunk
          delta: String
        """

    private static func text(_ answer: ServedAPI.Answer) -> String { String(decoding: answer.response.body, as: UTF8.self) }

    @Test func eventsAreTheSamplesElementsEachAsOneEvent() throws {
        let api = ServedAPI(models: [try ServeTestSupport.model(Self.source)])
        let answer = api.answer(ServeRequest(method: "POST", target: "/chat", headers: [("Accept", "text/event-stream")], body: Array(#"{"text":"Hi"}"#.utf8)))
        #expect(answer.routeName == "completeStream")
        #expect(answer.response.status == 200)
        #expect(answer.response.headers == [HTTPHeaderField("Content-Type", "text/event-stream")])
        #expect(Self.text(answer) == "data: {\"delta\":\"Delta 1\"}\n\ndata: {\"delta\":\"Delta 2\"}\n\n")
    }

    @Test func withoutAStreamsAcceptTheRouteOfOneValueAnswers() throws {
        let api = ServedAPI(models: [try ServeTestSupport.model(Self.source)])
        let answer = api.answer(ServeRequest(method: "POST", target: "/chat", headers: [("Accept", "application/json")], body: Array(#"{"text":"Hi"}"#.utf8)))
        #expect(answer.routeName == "complete")
        #expect(Self.text(answer) == #"{"text":"Text 1"}"#)
    }

    @Test func linesAreTheSamplesElementsEachOnItsLine() throws {
        let api = ServedAPI(models: [try ServeTestSupport.model(Self.source)])
        let answer = api.answer(ServeRequest(method: "GET", target: "/log"))
        #expect(answer.response.headers == [HTTPHeaderField("Content-Type", "application/jsonl")])
        #expect(Self.text(answer) == "{\"delta\":\"Delta 1\"}\n{\"delta\":\"Delta 2\"}\n")
    }
}
