@testable import EndpointKit
import EndpointKitTesting
import Foundation
import Testing

/// Server-Sent Events and JSON Lines: the parsers by the WHATWG rules, and live streams from the loopback server.
@Suite struct EventStreamTests {
    struct Chunk: Codable, Sendable, Equatable { var delta: String }

    /// Every event of `text`, fed at once and one byte at a time: both must agree.
    private func events(_ text: String) -> [ServerSentEvent] {
        var whole = ServerSentEventParser()
        let atOnce = whole.feed(Data(text.utf8))
        var bytewise = ServerSentEventParser()
        let byByte = Data(text.utf8).flatMap { bytewise.feed(Data([$0])) }
        #expect(atOnce == byByte)
        return atOnce
    }

    // MARK: Server-Sent Events, by the standard

    @Test func dataLinesAreJoinedByLineFeedsAndAnEmptyLineDispatches() {
        #expect(events("data: YHOO\ndata: +2\ndata: 10\n\n") == [ServerSentEvent(type: "message", data: "YHOO\n+2\n10", lastEventID: "")])
    }

    @Test func commentsAreSkippedAndEventIdAndRetryAreFields() {
        let text = ": keep-alive\n\nevent: add\nid: 7\nretry: 3000\ndata: 73857293\n\nevent: remove\ndata: 2153\n\n"
        var parser = ServerSentEventParser()
        #expect(parser.feed(Data(text.utf8)) == [
            ServerSentEvent(type: "add", data: "73857293", lastEventID: "7"),
            ServerSentEvent(type: "remove", data: "2153", lastEventID: "7"),
        ])
        #expect(parser.retry == 3000)
    }

    @Test func onlyOneSpaceAfterTheColonIsDroppedAndAFieldWithoutColonIsEmpty() {
        #expect(events("data:test\n\ndata:  two\n\ndata\ndata\n\n").map(\.data) == ["test", " two", "\n"])
    }

    @Test(arguments: ["\r\n", "\r", "\n"])
    func everyLineEndEndsALine(end: String) {
        let text = ["data: a", "data: b", "", "data: c", "", ""].joined(separator: end)
        #expect(events(text).map(\.data) == ["a\nb", "c"])
    }

    @Test func anEventWithoutDataAndAnUnfinishedLastEventAreNotDispatched() {
        #expect(events("event: ping\n\nid: 3\n\ndata: cut off").isEmpty)
    }

    @Test func aByteOrderMarkAndACharacterSplitBetweenReadsSurvive() {
        #expect(events("\u{FEFF}data: Grüße 👋\n\n").map(\.data) == ["Grüße 👋"])
    }

    @Test func jsonLinesSplitAtLineEndsSkipBlankLinesAndKeepALastLine() {
        var parser = JSONLinesParser()
        let text = Data("{\"delta\":\"a\"}\r\n\n{\"delta\":\"b\"}\n{\"delta\":\"c\"}".utf8)
        let lines = text.flatMap { parser.feed(Data([$0])) } + parser.finish()
        #expect(lines == [#"{"delta":"a"}"#, #"{"delta":"b"}"#, #"{"delta":"c"}"#])
    }

    // MARK: Buffered bodies, as a stub or preview client holds them

    @Test func aWholeBodyIsReadByItsMediaType() async throws {
        let events = try EventStream<Chunk>(body: Data("data: {\"delta\":\"Hi\"}\n\ndata: [DONE]\n\n".utf8), contentType: "text/event-stream")
        let lines = try EventStream<Chunk>(body: Data("{\"delta\":\"Hi\"}\n".utf8), contentType: "application/x-ndjson; charset=utf-8")
        let array = try EventStream<Chunk>(body: Data(#"[{"delta":"Hi"}]"#.utf8), contentType: "application/json")
        for stream in [events, lines, array] {
            #expect(try await stream.reduce(into: []) { $0.append($1) } == [Chunk(delta: "Hi")])
        }
    }

    // MARK: Live, from the loopback server

    private func client(_ server: LocalServer) -> URLSessionHTTPClient {
        URLSessionHTTPClient(configuration: APIConfiguration(baseURL: server.baseURL, requestTimeout: 10), logger: .silent)
    }

    private let chat = Endpoint<EventStream<Chunk>>(method: .post, path: ["chat"], body: .json(["prompt": "Hi"]), accept: "text/event-stream")

    private static let sse = ": hello\r\ndata: {\"delta\":\"Hel\"}\r\n\r\nevent: message\ndata: {\"delta\":\ndata: \"lo\"}\n\ndata: [DONE]\n\ndata: {\"delta\":\"never\"}\n\n"

    @Test(arguments: [1, 3, 7, 64])
    func eventsWrittenInPiecesOfAnySizeArriveWhole(size: Int) async throws {
        let bytes = Data(Self.sse.utf8)
        let pieces = stride(from: 0, to: bytes.count, by: size).map { bytes[$0..<min($0 + size, bytes.count)] }
        let server = try await LocalServer.start { _ in .pieces(pieces.map { Data($0) }, headers: [("Content-Type", "text/event-stream")]) }
        defer { server.stop() }
        var received: [Chunk] = []
        for try await chunk in try await client(server).send(chat) { received.append(chunk) }
        #expect(received == [Chunk(delta: "Hel"), Chunk(delta: "lo")])
        #expect(server.requests.first?.header("Accept") == "text/event-stream")
    }

    @Test func anEndpointNamesItsOwnEndOfStreamOrNone() async throws {
        let text = "data: a\n\ndata: [DONE]\n\ndata: END\n\ndata: b\n\n"
        let server = try await LocalServer.start { _ in .pieces([Data(text.utf8)], headers: [("Content-Type", "text/event-stream")]) }
        defer { server.stop() }
        var endpoint = Endpoint<EventStream<String>>(method: .get, path: ["ticker"], accept: "text/event-stream")
        #expect(try await client(server).send(endpoint).reduce(into: [String]()) { $0.append($1) } == ["a"])
        endpoint.endOfStream = "END"
        #expect(try await client(server).send(endpoint).reduce(into: [String]()) { $0.append($1) } == ["a", "[DONE]"])
        endpoint.endOfStream = nil
        #expect(try await client(server).send(endpoint).reduce(into: [String]()) { $0.append($1) } == ["a", "[DONE]", "END", "b"])
    }

    @Test func jsonLinesArriveAsTheyAreWritten() async throws {
        let server = try await LocalServer.start { _ in
            .pieces(["{\"delta\":\"a\"}\n{\"del", "ta\":\"b\"}\n", "{\"delta\":\"c\"}"].map { Data($0.utf8) }, headers: [("Content-Type", "application/jsonl")])
        }
        defer { server.stop() }
        let endpoint = Endpoint<EventStream<Chunk>>(method: .get, path: ["export"], accept: "application/jsonl")
        let received = try await client(server).send(endpoint).reduce(into: [Chunk]()) { $0.append($1) }
        #expect(received == [Chunk(delta: "a"), Chunk(delta: "b"), Chunk(delta: "c")])
    }

    @Test func anErrorStatusBeforeTheStreamThrowsTheAPIErrorWithItsBody() async throws {
        let server = try await LocalServer.start { _ in .json(#"{"error":{"message":"bad key"},"message":"Incorrect API key."}"#, status: 401) }
        defer { server.stop() }
        await #expect(throws: APIError.api(status: 401, message: "Incorrect API key.", body: APIErrorBody(message: "Incorrect API key."))) {
            try await client(server).send(chat)
        }
    }

    @Test func anEventNamedErrorThrowsTheAPIError() async throws {
        let server = try await LocalServer.start { _ in
            .pieces([Data("data: {\"delta\":\"a\"}\n\nevent: error\ndata: {\"message\":\"Overloaded.\"}\n\n".utf8)], headers: [("Content-Type", "text/event-stream")])
        }
        defer { server.stop() }
        var received: [Chunk] = []
        await #expect(throws: APIError.api(status: 200, message: "Overloaded.", body: APIErrorBody(message: "Overloaded."))) {
            for try await chunk in try await client(server).send(chat) { received.append(chunk) }
        }
        #expect(received == [Chunk(delta: "a")])
    }

    @Test func aConnectionLostMidwayThrowsTheTransportErrorAfterTheEventsThatArrived() async throws {
        let head = "HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nContent-Length: 1000\r\n\r\n"
        let server = try await LocalServer.start { _ in .raw(Data((head + "data: {\"delta\":\"a\"}\n\ndata: {\"del").utf8)) }
        defer { server.stop() }
        var received: [Chunk] = []
        await #expect(throws: APIError.self) {
            for try await chunk in try await client(server).send(chat) { received.append(chunk) }
        }
        #expect(received == [Chunk(delta: "a")])
    }

    @Test func aStreamOfTextTakesEachDataAsItIs() async throws {
        let server = try await LocalServer.start { _ in
            .pieces([Data("data: plain words\n\ndata: \"quoted\"\n\n".utf8)], headers: [("Content-Type", "text/event-stream")])
        }
        defer { server.stop() }
        let endpoint = Endpoint<EventStream<String>>(method: .get, path: ["ticker"], accept: "text/event-stream")
        #expect(try await client(server).send(endpoint).reduce(into: [String]()) { $0.append($1) } == ["plain words", "quoted"])
    }

    @Test func cancellingTheReadingTaskClosesTheConnectionWithinASecond() async throws {
        let head = "HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nConnection: close\r\n\r\n"
        let server = try await LocalServer.start { _ in
            .rawThenTrickle(Data(head.utf8), repeating: Data("data: {\"delta\":\"x\"}\n\n".utf8), every: 0.02)
        }
        defer { server.stop() }
        let client = client(server)
        let chat = chat
        let seen = AsyncStream<Void>.makeStream()
        let reading = Task {
            for try await _ in try await client.send(chat) { seen.continuation.yield() }
        }
        var arrivals = seen.stream.makeAsyncIterator()
        for _ in 0..<3 { await arrivals.next() }
        reading.cancel()
        _ = await reading.result
        for _ in 0..<100 where server.closedConnections == 0 { try await Task.sleep(for: .milliseconds(10)) }
        #expect(server.closedConnections == 1)
    }

    @Test func leavingTheLoopEarlyClosesTheConnection() async throws {
        let head = "HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nConnection: close\r\n\r\n"
        let server = try await LocalServer.start { _ in
            .rawThenTrickle(Data(head.utf8), repeating: Data("data: {\"delta\":\"x\"}\n\n".utf8), every: 0.02)
        }
        defer { server.stop() }
        for try await _ in try await client(server).send(chat) { break }
        for _ in 0..<100 where server.closedConnections == 0 { try await Task.sleep(for: .milliseconds(10)) }
        #expect(server.closedConnections == 1)
    }

    /// The resident set's high-water mark of this process, from /proc (Linux only).
    private static func peakResidentBytes() -> Int? {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
              let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
              let kilobytes = Int(line.split(separator: " ").dropFirst().first ?? "") else { return nil }
        return kilobytes * 1024
    }

    @Test func aLongStreamIsReadAtFlatMemory() async throws {
        // 100 MB alone in its process (scripts/download-memory.sh); 2 MB beside the other tests.
        let checksMemory = ProcessInfo.processInfo.environment["DOWNLOAD_MEMORY_CHECK"] == "1"
        let event = Data(("data: {\"delta\":\"" + String(repeating: "x", count: 1000) + "\"}\n\n").utf8)
        let times = (checksMemory ? 100_000_000 : 2_000_000) / event.count
        let server = try await LocalServer.start { _ in .repeated(event, times: times, headers: [("Content-Type", "text/event-stream")]) }
        defer { server.stop() }
        let peakBefore = Self.peakResidentBytes()
        var count = 0
        for try await chunk in try await client(server).send(chat) where chunk.delta.count == 1000 { count += 1 }
        #expect(count == times)
        if checksMemory, let before = peakBefore, let after = Self.peakResidentBytes() {
            print("download-memory: peak resident memory grew by \(after - before) bytes for a \(event.count * times)-byte event stream")
            #expect(after - before < 25 * 1024 * 1024, "the peak resident memory grew by \(after - before) bytes for a \(event.count * times)-byte stream")
        }
    }
}
