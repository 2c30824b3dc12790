import EndpointKit
import EndpointKitTesting
import Foundation
import Testing
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// `URLSessionHTTPClient.download(_:to:)` against `LocalServer`: the body goes to disk as it
/// arrives, progress is observable, and nothing partial is ever left behind.
/// A class so that each test's folder (50 MiB after the large download) goes with it.
@Suite final class DownloadTests {
    /// 64 KiB of a pattern that shows a missing or reordered chunk.
    static let chunk = Data((0..<65_536).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) })
    /// 800 chunks: 50 MiB.
    static let times = 800

    private let folder: URL = {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("routegen-download-" + UUID().uuidString)
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }()

    deinit {
        try? FileManager.default.removeItem(at: folder)
    }

    private func cover() -> Endpoint<Data> {
        Endpoint<Data>(method: .get, path: ["books", .value("b-7"), "cover"], auth: .bearer, accept: "image/*")
    }

    private func client(_ server: LocalServer) -> URLSessionHTTPClient {
        URLSessionHTTPClient(
            configuration: APIConfiguration(baseURL: server.baseURL, requestTimeout: 30),
            tokenProvider: FixedTokenProvider("reader-t0ken"), logger: .silent
        )
    }

    /// The files in the download folder, hidden temporaries included.
    private func leftovers() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
    }

    /// The resident set's high-water mark of this process, from /proc (Linux only).
    private static func peakResidentBytes() -> Int? {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
              let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
              let kilobytes = Int(line.split(separator: " ").dropFirst().first ?? "") else { return nil }
        return kilobytes * 1024
    }

    @Test func fiftyMegabytesGoToDiskWithProgressAndTheRightRequest() async throws {
        let server = try await LocalServer.start { _ in .repeated(Self.chunk, times: Self.times, headers: [("Content-Type", "image/png")]) }
        defer { server.stop() }
        let destination = folder.appendingPathComponent("cover.png")
        let peakBefore = Self.peakResidentBytes()
        var progress: [DownloadProgress] = []
        for try await step in client(server).download(cover(), to: destination) {
            progress.append(step)
        }
        let total = Int64(Self.chunk.count * Self.times)
        #expect(progress.last == DownloadProgress(receivedBytes: total, expectedBytes: total))
        #expect(progress.last?.fraction == 1)
        #expect(zip(progress, progress.dropFirst()).allSatisfy { $0.receivedBytes < $1.receivedBytes })
        let attributes = try FileManager.default.attributesOfItem(atPath: destination.path)
        #expect((attributes[.size] as? NSNumber)?.int64Value == total)
        let handle = try FileHandle(forReadingFrom: destination)
        defer { try? handle.close() }
        try handle.seek(toOffset: UInt64(total) - UInt64(Self.chunk.count))
        #expect(try handle.read(upToCount: Self.chunk.count) == Self.chunk)
        #expect(try leftovers() == ["cover.png"])
        let sent = try #require(server.requests.first)
        #expect(sent.target == "/books/b-7/cover")
        #expect(sent.header("Accept") == "image/*")
        #expect(sent.header("Authorization") == "Bearer reader-t0ken")
        // Alone in its process (scripts/download-memory.sh), the high-water mark shows the body
        // never sat in memory; beside the other tests' 10 MB bodies the number says nothing.
        if ProcessInfo.processInfo.environment["DOWNLOAD_MEMORY_CHECK"] == "1", let before = peakBefore, let after = Self.peakResidentBytes() {
            print("download-memory: peak resident memory grew by \(after - before) bytes for a \(total)-byte download")
            #expect(after - before < 25 * 1024 * 1024, "the peak resident memory grew by \(after - before) bytes for a \(total)-byte download")
        }
    }

    @Test func cancellingMidwayLeavesNoFileBehind() async throws {
        let server = try await LocalServer.start { _ in
            .rawThenTrickle(Data("HTTP/1.1 200 OK\r\nContent-Length: 100000000\r\n\r\n".utf8), repeating: Self.chunk, every: 0.01)
        }
        defer { server.stop() }
        let destination = folder.appendingPathComponent("cover.png")
        let download = client(server).download(cover(), to: destination)
        let task = Task {
            var received: Int64 = 0
            for try await step in download {
                received = step.receivedBytes
            }
            return received
        }
        while (try? leftovers())?.isEmpty != false { try await Task.sleep(for: .milliseconds(20)) }
        task.cancel()
        await #expect(throws: CancellationError.self) { try await task.value }
        // The loop ends only once the partial file is gone.
        #expect(try leftovers() == [])
    }

    @Test func anErrorStatusIsTheAPIErrorAndKeepsTheFileThatWasThere() async throws {
        let server = try await LocalServer.start { _ in .json(#"{"message":"No cover for this book."}"#, status: 404) }
        defer { server.stop() }
        let destination = folder.appendingPathComponent("cover.png")
        try Data("old".utf8).write(to: destination)
        await #expect(throws: APIError.self) {
            for try await _ in client(server).download(cover(), to: destination) {}
        }
        do {
            for try await _ in client(server).download(cover(), to: destination) {}
        } catch let error as APIError {
            #expect(error == .api(status: 404, message: "No cover for this book.", body: APIErrorBody(message: "No cover for this book.")))
        }
        #expect(try Data(contentsOf: destination) == Data("old".utf8))
        #expect(try leftovers() == ["cover.png"])
    }

    @Test func aCompleteDownloadReplacesTheFileThatWasThere() async throws {
        let server = try await LocalServer.start { _ in HTTPResponse(status: 200, body: Data("new cover".utf8)) }
        defer { server.stop() }
        let destination = folder.appendingPathComponent("cover.png")
        try Data("old".utf8).write(to: destination)
        for try await _ in client(server).download(cover(), to: destination) {}
        #expect(try Data(contentsOf: destination) == Data("new cover".utf8))
        #expect(try leftovers() == ["cover.png"])
    }

    @Test func aClosedPortIsTheCouldNotReachMessageAndNoFile() async throws {
        let closed = try ClosedPort()
        defer { closed.release() }
        let client = URLSessionHTTPClient(configuration: APIConfiguration(baseURL: closed.baseURL), logger: .silent)
        await #expect(throws: APIError.transport(message: "Could not reach the server at \(closed.baseURL.absoluteString). Is the backend running?")) {
            for try await _ in client.download(cover(), to: folder.appendingPathComponent("cover.png")) {}
        }
        #expect(try leftovers() == [])
    }
}
