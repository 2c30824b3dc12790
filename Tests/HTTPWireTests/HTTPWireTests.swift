import HTTPWire
import Testing

/// The request head parser and the response writer, under each server's rules.
@Suite("HTTPWire heads and framing")
struct HTTPWireTests {
    private static let serveFraming = HTTPResponseFraming(informationalHasNoBody: false, keepsGivenContentLength: false, announcesKeepAlive: true)
    private static let localServerFraming = HTTPResponseFraming(informationalHasNoBody: true, keepsGivenContentLength: true, announcesKeepAlive: false)

    private static func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

    @Test func aHeadParsesIntoMethodTargetVersionAndTrimmedHeadersInOrder() throws {
        let head = try #require(HTTPRequestHead.parse("POST /books?q=dune HTTP/1.0\r\nHost: a\r\nX-Note:  two words  \r\nhost: b", acceptsAsteriskTarget: false))
        #expect(head.method == "POST" && head.target == "/books?q=dune" && head.version == "HTTP/1.0")
        #expect(head.headers.map { $0.name + "=" + $0.value } == ["Host=a", "X-Note=two words", "host=b"])
        #expect(head.header("HOST") == "a" && head.header("x-note") == "two words" && head.header("Accept") == nil)
    }

    @Test func malformedHeadsAreRejected() {
        for head in ["GET /books", "GET books HTTP/1.1", " /books HTTP/1.1", "GET /books HTTP/2", "GET /books HTTP/1.1\r\nNo colon", "GET /books HTTP/1.1\r\nBad Name: x", "GET /books HTTP/1.1\r\n: empty"] {
            #expect(HTTPRequestHead.parse(head, acceptsAsteriskTarget: true) == nil, "\(head)")
        }
    }

    @Test func theAsteriskTargetIsAcceptedOnlyWhenAsked() {
        #expect(HTTPRequestHead.parse("OPTIONS * HTTP/1.1", acceptsAsteriskTarget: true)?.target == "*")
        #expect(HTTPRequestHead.parse("OPTIONS * HTTP/1.1", acceptsAsteriskTarget: false) == nil)
    }

    @Test func serveFramingAlwaysAddsItsLengthAndSaysKeepAlive() {
        let bytes = HTTPResponseWriter.serialize(status: 200, headers: [("Content-Length", "9")], body: Array("{}".utf8), method: "GET", closing: false, framing: Self.serveFraming)
        #expect(Self.text(bytes) == "HTTP/1.1 200 OK\r\nContent-Length: 9\r\nContent-Length: 2\r\nConnection: keep-alive\r\n\r\n{}")
        let informational = HTTPResponseWriter.serialize(status: 103, headers: [], body: Array("x".utf8), method: "GET", closing: true, framing: Self.serveFraming)
        #expect(Self.text(informational) == "HTTP/1.1 103 Status\r\nContent-Length: 1\r\nConnection: close\r\n\r\nx")
    }

    @Test func localServerFramingKeepsAGivenLengthAndSaysConnectionOnlyWhenClosing() {
        let bytes = HTTPResponseWriter.serialize(status: 200, headers: [("content-length", "9")], body: Array("{}".utf8), method: "GET", closing: false, framing: Self.localServerFraming)
        #expect(Self.text(bytes) == "HTTP/1.1 200 OK\r\ncontent-length: 9\r\n\r\n{}")
        let informational = HTTPResponseWriter.serialize(status: 103, headers: [], body: Array("x".utf8), method: "GET", closing: true, framing: Self.localServerFraming)
        #expect(Self.text(informational) == "HTTP/1.1 103 Status\r\nConnection: close\r\n\r\n")
    }

    @Test func noBodyFor204Or304OrHEADButHEADKeepsItsLength() {
        for framing in [Self.serveFraming, Self.localServerFraming] {
            let noContent = HTTPResponseWriter.serialize(status: 204, headers: [], body: Array("x".utf8), method: "DELETE", closing: true, framing: framing)
            #expect(Self.text(noContent) == "HTTP/1.1 204 No Content\r\nConnection: close\r\n\r\n")
            let notModified = HTTPResponseWriter.serialize(status: 304, headers: [], body: Array("x".utf8), method: "GET", closing: true, framing: framing)
            #expect(Self.text(notModified) == "HTTP/1.1 304 Not Modified\r\nConnection: close\r\n\r\n")
            let head = HTTPResponseWriter.serialize(status: 200, headers: [], body: Array("abc".utf8), method: "HEAD", closing: true, framing: framing)
            #expect(Self.text(head) == "HTTP/1.1 200 OK\r\nContent-Length: 3\r\nConnection: close\r\n\r\n")
        }
    }

    @Test func unlistedStatusesSayStatus() {
        #expect(HTTPResponseWriter.statusLine(431) == "HTTP/1.1 431 Request Header Fields Too Large\r\n")
        #expect(HTTPResponseWriter.statusLine(418) == "HTTP/1.1 418 Status\r\n")
    }
}
