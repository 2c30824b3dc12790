import RoutegenCore
import Testing

/// `-> events T` and `-> lines T`: a response that streams, one `T` per event or line.
@Suite("Streamed responses")
struct StreamedResponseTests {
    @Test func eventsAndLinesAreAnEventStreamOfTheTypeWithTheirMediaType() throws {
        let (model, diagnostics) = load(spec("""
              chat   POST /chat body Prompt -> events Chunk
              log    GET  /log              -> lines [LogEntry]
              ticker GET  /ticker           -> events String accept "text/event-stream; charset=utf-8"
            """))
        #expect(diagnostics == [])
        let routes = try #require(model?.routes)
        #expect(routes.map(\.response) == [
            .named("EventStream", arguments: [.named("Chunk")]),
            .named("EventStream", arguments: [.array(.named("LogEntry"))]),
            .named("EventStream", arguments: [.named("String")]),
        ])
        #expect(routes.map(\.streaming) == [.events, .lines, .events])
        #expect(routes.map(\.streamElement) == [.named("Chunk"), .array(.named("LogEntry")), .named("String")])
        #expect(routes.map(\.acceptedMediaType) == ["text/event-stream", "application/jsonl", "text/event-stream; charset=utf-8"])
    }

    @Test func aTypeNamedEventsIsStillAType() throws {
        let route = try #require(onlyRoute(spec("  r GET /r -> events")))
        #expect(route.response == .named("events"))
        #expect(route.streaming == nil)
    }

    @Test func aStreamMayShareItsMethodAndPathWithARouteOfOneValue() {
        #expect(load(spec("  chat POST /chat body P -> Answer\n  chatStream POST /chat body P -> events Chunk")).diagnostics == [])
        #expect(load(spec("  a POST /chat -> events A\n  b POST /chat -> events B")).diagnostics == [
            .error(
                "routes 'a' and 'b' have the same method and path shape (POST /chat accept text/event-stream); a server cannot tell them apart",
                at: at(5, 10), note: "'a' is declared at line 4"
            ),
        ])
    }

    @Test func aStreamOfNothingAndAPagedStreamAreErrors() {
        #expect(load(spec("  r GET /r -> events Empty")).diagnostics == [
            .error("'-> events Empty' streams nothing a client can read; name the type of one event's data", at: at(4, 22)),
        ])
        #expect(load(spec("  r GET /r -> lines Data")).diagnostics == [
            .error("'-> lines Data' streams nothing a client can read; name the type of one line", at: at(4, 21)),
        ])
        #expect(load(spec("  r GET /r ?cursor: String? -> events Item paginate next -> ?cursor")).diagnostics == [
            .error("route 'r' streams its response (events), which has no pages; remove 'paginate'", at: at(4, 44)),
        ])
    }

    @Test func theFormatterKeepsTheKeyword() {
        let input = "api A\ngroup G public\n  chat POST /chat  ->   events   Chunk\n  log GET /log -> lines Entry deprecated\n"
        let formatted = formattedTwice(input)
        #expect(formatted.once == "api A\ngroup G public\n  chat POST /chat -> events Chunk\n  log  GET  /log  -> lines Entry deprecated\n")
        #expect(formatted.twice == formatted.once)
    }
}
