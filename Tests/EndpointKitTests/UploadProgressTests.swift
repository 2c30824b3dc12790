@testable import EndpointKit
import EndpointKitTesting
import Foundation
import HTTPWire
import Testing
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// `send(_:uploadProgress:)`: the body's progress as it goes out, on the loopback server.
@Suite struct UploadProgressTests {
    private struct Receipt: Codable, Sendable, Equatable { var size: Int }

    /// Records every progress value it is told.
    private final class Recorder: Sendable {
        let seen = Locked([UploadProgress]())
        func record(_ progress: UploadProgress) { seen.withLock { $0.append(progress) } }
    }

    private static func echoingSize() async throws -> LocalServer {
        try await LocalServer.start { request in .json(#"{"size":\#(request.body.count)}"#) }
    }

    @Test func aDataBodyReportsItsBytesUpToTheWholeLengthThenTheResponseIsDecoded() async throws {
        let server = try await Self.echoingSize()
        defer { server.stop() }
        let client = URLSessionHTTPClient(configuration: APIConfiguration(baseURL: server.baseURL, requestTimeout: 10), logger: .silent)
        let bytes = Data((0..<3_000_000).map { UInt8($0 % 251) })
        let recorder = Recorder()
        let receipt = try await client.send(
            Endpoint<Receipt>(method: .put, path: ["files", "f-1"], body: .raw(bytes, contentType: "application/octet-stream")),
            uploadProgress: recorder.record
        )
        #expect(receipt == Receipt(size: 3_000_000))
        #expect(server.requests.first?.body == bytes)
        let seen = recorder.seen.withLock { $0 }
        #expect(seen.count > 1, "a 3 MB body goes out in more than one piece")
        #expect(seen.last == UploadProgress(sentBytes: 3_000_000, expectedBytes: 3_000_000))
        #expect(seen.last?.fraction == 1)
        #expect(zip(seen, seen.dropFirst()).allSatisfy { $0.sentBytes < $1.sentBytes }, "\(seen.map(\.sentBytes))")
        #expect(seen.allSatisfy { $0.expectedBytes == 3_000_000 && $0.sentBytes > 0 })
    }

    @Test func aMultipartBodyReportsTheEncodedLength() async throws {
        struct UploadCover: Codable, Sendable { var cover: FilePart; var caption: String }
        let server = try await Self.echoingSize()
        defer { server.stop() }
        let client = URLSessionHTTPClient(configuration: APIConfiguration(baseURL: server.baseURL, requestTimeout: 10), logger: .silent)
        let upload = UploadCover(cover: FilePart(data: Data(repeating: 7, count: 500_000), filename: "cover.png", contentType: "image/png"), caption: "Dune")
        let body = RequestBody.multipart(upload, boundary: "fixed-boundary")
        let length = try body.encoded().count
        let recorder = Recorder()
        let receipt = try await client.send(Endpoint<Receipt>(method: .post, path: ["covers"], body: body), uploadProgress: recorder.record)
        #expect(receipt == Receipt(size: length))
        #expect(recorder.seen.withLock { $0.last } == UploadProgress(sentBytes: Int64(length), expectedBytes: Int64(length)))
    }

    @Test func theSameRulesHoldAsForSendAnErrorStatusIsAnAPIError() async throws {
        let server = try await LocalServer.start { _ in .json(#"{"message":"Too large."}"#, status: 413) }
        defer { server.stop() }
        let client = URLSessionHTTPClient(
            configuration: APIConfiguration(baseURL: server.baseURL, requestTimeout: 10), tokenProvider: FixedTokenProvider("t0k"), logger: .silent
        )
        let recorder = Recorder()
        await #expect(throws: APIError.api(status: 413, message: "Too large.", body: APIErrorBody(message: "Too large."))) {
            try await client.send(
                Endpoint<Receipt>(method: .post, path: ["files"], body: .raw(Data(count: 100_000), contentType: "application/octet-stream"), auth: .bearer),
                uploadProgress: recorder.record
            )
        }
        #expect(server.requests.first?.header("Authorization") == "Bearer t0k")
        #expect(recorder.seen.withLock { $0.last?.sentBytes } == 100_000)
    }

    @Test func aResendAfterARefreshReportsTheBodyAgainFromTheStart() async throws {
        let server = try await LocalServer.start { request in
            request.header("Authorization") == "Bearer new" ? .json(#"{"size":\#(request.body.count)}"#) : .json(#"{"message":"Token expired."}"#, status: 401)
        }
        defer { server.stop() }
        let client = URLSessionHTTPClient(
            configuration: APIConfiguration(baseURL: server.baseURL, requestTimeout: 10),
            tokenProvider: CredentialRefreshTests.RefreshingTokens(), logger: .silent
        )
        let recorder = Recorder()
        let body = RequestBody.raw(Data(count: 200_000), contentType: "application/octet-stream")
        #expect(try await client.send(Endpoint<Receipt>(method: .post, path: ["files"], body: body, auth: .bearer), uploadProgress: recorder.record) == Receipt(size: 200_000))
        let seen = recorder.seen.withLock { $0 }
        #expect(seen.filter { $0.sentBytes == 200_000 }.count == 2, "\(seen.map(\.sentBytes))")
        #expect(seen.last == UploadProgress(sentBytes: 200_000, expectedBytes: 200_000))
    }

    @Test func aBodylessRequestReportsNothing() async throws {
        let server = try await Self.echoingSize()
        defer { server.stop() }
        let client = URLSessionHTTPClient(configuration: APIConfiguration(baseURL: server.baseURL, requestTimeout: 10), logger: .silent)
        let recorder = Recorder()
        #expect(try await client.send(Endpoint<Receipt>(method: .get, path: ["files"]), uploadProgress: recorder.record) == Receipt(size: 0))
        #expect(recorder.seen.withLock { $0 }.isEmpty)
    }

    @Test func fractionIsNilWithoutALength() {
        #expect(UploadProgress(sentBytes: 10, expectedBytes: nil).fraction == nil)
        #expect(UploadProgress(sentBytes: 5, expectedBytes: 20).fraction == 0.25)
    }
}
