import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import RoutegenCLI
import RoutegenServe
import Testing

/// A sink the server's threads write to while the test reads it.
final class LockedStringSink: OutputSink, @unchecked Sendable {
    private let lock = NSLock()
    private var written = ""

    func write(_ text: String) {
        lock.lock()
        written += text
        lock.unlock()
    }

    var text: String {
        lock.lock()
        defer { lock.unlock() }
        return written
    }
}

/// `routegen serve` on real sockets: the HTTP/1.1 server, the session's start-up, reload, stop.
@Suite("routegen serve on sockets", .timeLimit(.minutes(1)))
struct ServeOnSocketsTests {
    private static func libraryServer(limits: ServeLimits = ServeLimits()) throws -> (server: MockServer, log: LockedStringSink) {
        let log = LockedStringSink()
        let server = try MockServer(api: ServedAPI(models: [try ServeTestSupport.specModel("Library")]), host: "127.0.0.1", port: 0, limits: limits) { log.write($0 + "\n") }
        return (server, log)
    }

    @Test func urlSessionGetsTheSampleBytesAndEveryRequestIsLoggedAsOneLine() async throws {
        let (server, log) = try Self.libraryServer()
        defer { server.stop() }
        let (data, response) = try await URLSession.shared.data(from: URL(string: server.baseURL + "/books/book-1")!)
        let http = try #require(response as? HTTPURLResponse)
        #expect(http.statusCode == 200)
        #expect(http.value(forHTTPHeaderField: "Content-Type") == "application/json")
        #expect(String(decoding: data, as: UTF8.self) == #"{"genre":"science_fiction","id":"book-1","published_at":"2026-01-01T09:00:00Z","subtitle":"Subtitle 1","tags":["Tags 1","Tags 2"],"title":"Title 1"}"#)
        _ = try await URLSession.shared.data(from: URL(string: server.baseURL + "/nowhere?x=1")!)
        _ = try await URLSession.shared.data(from: URL(string: server.baseURL + "/me/loans")!)
        #expect(log.text == """
            GET /books/book-1 200 book
            GET /nowhere?x=1 404 -: no route GET /nowhere
            GET /me/loans 401 loans: route 'loans' needs an 'Authorization: Bearer <token>' header

            """)
    }

    @Test func oneConnectionCarriesManyRequestsAndA204HasNoBody() throws {
        let (server, _) = try Self.libraryServer()
        defer { server.stop() }
        let client = try RawClient(port: server.port)
        let first = try #require(client.get("/books/book-1"))
        #expect(first.status == 200 && first.head.contains("Connection: keep-alive"))
        client.send("DELETE /me/loans/book-1 HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer t\r\n\r\n")
        let deleted = try #require(client.receive())
        #expect(deleted.head == "HTTP/1.1 204 No Content\r\nConnection: keep-alive")
        client.send("POST /books HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer t\r\nContent-Length: 11\r\n\r\n{\"title\":1}")
        let refused = try #require(client.receive())
        #expect(refused.status == 422)
        #expect(refused.body == #"{"error":"the body does not fit NewBook: title: expected a string","route":"createBook"}"#)
        client.send("HEAD /books/book-1 HTTP/1.1\r\nHost: x\r\n\r\n")
        let head = try #require(client.receive(headOnly: true))
        #expect(head.head == "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 148\r\nConnection: keep-alive" && head.body.isEmpty)
        let closing = try #require(client.get("/books?q=a", headers: "Connection: close\r\n"))
        #expect(closing.status == 200 && closing.head.contains("Connection: close"))
        #expect(client.receive() == nil)
    }

    @Test func aBodyNestedAsDeepAsTheReaderAllowsIsCheckedOnAConnectionThread() throws {
        let api = ServedAPI(models: [try ServeTestSupport.model("api Deep\ngroup Nodes public\n  add POST /nodes body Node -> Empty\nmodel Node\n  children: [Node]\n")])
        let server = try MockServer(api: api, host: "127.0.0.1", port: 0) { _ in }
        defer { server.stop() }
        // 255 models deep is 511 levels of JSON, one below the reader's limit: checking it
        // recurses through every level on the connection's thread.
        let body = String(repeating: #"{"children":["#, count: 255) + #"{"children":[]}"# + String(repeating: "]}", count: 255)
        let client = try RawClient(port: server.port)
        client.send("POST /nodes HTTP/1.1\r\nHost: x\r\nContent-Length: \(body.utf8.count)\r\n\r\n" + body)
        #expect(client.receive()?.status == 204)
        let deeper = "[" + body + "]"
        client.send("POST /nodes HTTP/1.1\r\nHost: x\r\nContent-Length: \(deeper.utf8.count)\r\n\r\n" + deeper)
        #expect(client.receive()?.body == #"{"error":"the body at 1:3329: the document nests deeper than 512 levels","route":"add"}"#)
    }

    @Test func chunkedBodiesOversizedBodiesAndSlowClientsAreRefused() throws {
        var limits = ServeLimits()
        limits.maximumBodyBytes = 10
        limits.requestTimeoutMilliseconds = 300
        let (server, _) = try Self.libraryServer(limits: limits)
        defer { server.stop() }
        let chunked = try RawClient(port: server.port)
        chunked.send("POST /books HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n")
        #expect(chunked.receive()?.status == 411)
        let large = try RawClient(port: server.port)
        large.send("POST /books HTTP/1.1\r\nHost: x\r\nContent-Length: 11\r\n\r\n")
        #expect(large.receive()?.status == 413)
        let slow = try RawClient(port: server.port)
        slow.send("GET /books/book-1 HTTP/1.1\r\nHost: x\r\n")
        let started = Date()
        #expect(slow.receive()?.status == 408)
        #expect(Date().timeIntervalSince(started) < 5)
    }

    @Test func aHundredConcurrentKeepAliveClientsAreAllAnswered() async throws {
        let (server, _) = try Self.libraryServer()
        defer { server.stop() }
        let port = server.port
        let started = Date()
        let answered = await withTaskGroup(of: Int.self) { group in
            for index in 0..<100 {
                group.addTask {
                    await withCheckedContinuation { continuation in
                        Thread {
                            var count = 0
                            if let client = try? RawClient(port: port) {
                                for request in 0..<5 where client.get("/books/book-\(index * 5 + request)")?.status == 200 { count += 1 }
                            }
                            continuation.resume(returning: count)
                        }.start()
                    }
                }
            }
            return await group.reduce(0, +)
        }
        #expect(answered == 500)
        #expect(Date().timeIntervalSince(started) < 20)
    }

    @Test func theSessionRefusesBadFixturesServesGoodOnesAndReloads() async throws {
        let folder = try ServeTestSupport.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let routes = folder.appendingPathComponent("api.routes")
        try "api T\ngroup G public\n  one GET /one -> Int\n".write(to: routes, atomically: true, encoding: .utf8)
        let fixtures = folder.appendingPathComponent("fixtures")
        try FileManager.default.createDirectory(at: fixtures, withIntermediateDirectories: true)
        try #""seven""#.write(to: fixtures.appendingPathComponent("one.json"), atomically: true, encoding: .utf8)
        try "{}".write(to: fixtures.appendingPathComponent("two.json"), atomically: true, encoding: .utf8)

        let output = LockedStringSink()
        let errors = LockedStringSink()
        let context = CommandContext(standardOutput: output, standardError: errors, fileSystem: LocalFileSystem(), currentDirectory: folder.path)
        let options = ServeSession.Options(paths: ["api.routes"], port: 0, fixtures: "fixtures", pollInterval: 0.05)
        #expect(ServeSession.start(options, context: context) == nil)
        #expect(errors.text == """
            fixtures/one.json: error: does not fit Int of route 'one': expected an integer
            fixtures/two.json: error: no route is named 'two'
            2 fixtures refused; nothing served

            """)
        #expect(output.text.isEmpty)

        try "7".write(to: fixtures.appendingPathComponent("one.json"), atomically: true, encoding: .utf8)
        try FileManager.default.removeItem(at: fixtures.appendingPathComponent("two.json"))
        let session = try #require(ServeSession.start(options, context: context))
        defer { session.stop() }
        let port = try #require(UInt16(session.baseURL.split(separator: ":").last ?? ""))
        #expect(output.text == "routegen serve: T (api.routes) on \(session.baseURL)\n  GET  /one  one (fixture)\nReloads when a route file changes; Ctrl-C stops.\n")
        let client = try RawClient(port: port)
        #expect(client.get("/one")?.body == "7")

        // A file with errors keeps the last good version serving.
        try "api T\ngroup G public\n  one GET /one ->\n".write(to: routes, atomically: true, encoding: .utf8)
        try await Self.waitUntil { errors.text.contains("still serving the last good version") }
        #expect(errors.text.contains("api.routes:3:16: error: '->' needs a response type"))
        #expect(client.get("/one")?.body == "7")

        // A good file is served from the next request on.
        try "api T\ngroup G public\n  one GET /one -> Int\n  two GET /two -> Int\n".write(to: routes, atomically: true, encoding: .utf8)
        try await Self.waitUntil { output.text.contains("reloaded api.routes (2 routes)") }
        #expect(client.get("/two")?.body == "1")
    }

    @Test func theBinaryStopsCleanlyOnSIGINTAndSIGTERM() async throws {
        let binary = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("routegen")
        let executable = FileManager.default.isExecutableFile(atPath: binary.path)
            ? binary : ServeTestSupport.packageRoot.appendingPathComponent(".build/debug/routegen")
        try #require(FileManager.default.isExecutableFile(atPath: executable.path), "build the routegen binary first")
        for signal in [SIGINT, SIGTERM] {
            let process = Process()
            process.executableURL = executable
            process.arguments = ["serve", "Specs/Library.routes", "--port", "0"]
            process.currentDirectoryURL = ServeTestSupport.packageRoot
            let pipe = Pipe()
            process.standardOutput = pipe
            process.standardError = pipe
            try process.run()
            let output = LockedStringSink()
            let reader = pipe.fileHandleForReading
            reader.readabilityHandler = { handle in output.write(String(decoding: handle.availableData, as: UTF8.self)) }
            try await Self.waitUntil { output.text.contains("Ctrl-C stops.") }
            let address = try #require(output.text.split(separator: "\n").first?.split(separator: " ").last)
            let port = try #require(UInt16(address.split(separator: ":").last ?? ""))
            #expect(try RawClient(port: port).get("/books/book-1")?.status == 200)
            kill(process.processIdentifier, signal)
            try await Self.waitUntil { !process.isRunning }
            reader.readabilityHandler = nil
            #expect(process.terminationStatus == 0)
            #expect(output.text.contains("GET /books/book-1 200 book\n"))
            #expect(output.text.hasSuffix("routegen serve: stopped\n"))
            #expect(throws: (any Error).self) { try RawClient(port: port) }
        }
    }

    private static func waitUntil(seconds: Double = 10, _ condition: () -> Bool) async throws {
        let deadline = Date().addingTimeInterval(seconds)
        while !condition() {
            guard Date() < deadline else {
                Issue.record("timed out")
                return
            }
            try await Task.sleep(for: .milliseconds(20))
        }
    }
}
