import EndpointKit
import EndpointKitTesting
import Foundation
import Testing
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// `RequestBody.multipart`: a model's fields as `multipart/form-data` parts (RFC 7578).
@Suite struct MultipartTests {
    /// `body multipart UploadCover`, as routegen generates the model.
    struct UploadCover: Codable, Sendable {
        var cover: FilePart
        var caption: String
        var position: Int
        var note: String?
        var tags: [String]
    }

    private let upload = UploadCover(
        cover: FilePart(data: Data("PNG-bytes".utf8), filename: "cover.png", contentType: "image/png"),
        caption: "Dune, first edition", position: 2, note: nil, tags: ["sf", "classic"]
    )

    private static let expectedBytes = "--fixed-boundary\r\n"
        + "Content-Disposition: form-data; name=\"cover\"; filename=\"cover.png\"\r\n"
        + "Content-Type: image/png\r\n\r\n"
        + "PNG-bytes\r\n"
        + "--fixed-boundary\r\n"
        + "Content-Disposition: form-data; name=\"caption\"\r\n\r\n"
        + "Dune, first edition\r\n"
        + "--fixed-boundary\r\n"
        + "Content-Disposition: form-data; name=\"position\"\r\n\r\n"
        + "2\r\n"
        + "--fixed-boundary\r\n"
        + "Content-Disposition: form-data; name=\"tags\"\r\n"
        + "Content-Type: application/json\r\n\r\n"
        + "[\"sf\",\"classic\"]\r\n"
        + "--fixed-boundary--\r\n"

    @Test func partsInFieldOrderWithAFixedBoundary() throws {
        let body = RequestBody.multipart(upload, boundary: "fixed-boundary")
        #expect(body.contentType == "multipart/form-data; boundary=fixed-boundary")
        #expect(String(decoding: try body.encoded(), as: UTF8.self) == Self.expectedBytes)
    }

    @Test func boundaryIsRandomForEachBody() throws {
        let first = RequestBody.multipart(upload).contentType
        let second = RequestBody.multipart(upload).contentType
        #expect(first.hasPrefix("multipart/form-data; boundary=routegen-"))
        #expect(first.count == "multipart/form-data; boundary=routegen-".count + 32)
        #expect(first != second)
    }

    @Test func quotesAndLineBreaksInAFileNameCannotEndItsHeader() throws {
        struct Evil: Encodable, Sendable {
            var file: FilePart
        }
        let evil = Evil(file: FilePart(data: Data("x".utf8), filename: "a\".png\r\nContent-Type: text/html\r\n\r\n<script>", contentType: "image/png"))
        let text = String(decoding: try RequestBody.multipart(evil, boundary: "b").encoded(), as: UTF8.self)
        #expect(text == "--b\r\nContent-Disposition: form-data; name=\"file\"; filename=\"a%22.png%0D%0AContent-Type: text/html%0D%0A%0D%0A<script>\"\r\nContent-Type: image/png\r\n\r\nx\r\n--b--\r\n")
    }

    @Test func severalFilesUnderOneNameAreOnePartEach() throws {
        struct Skill: Encodable, Sendable {
            var files: [FilePart]
            var name: String
        }
        let skill = Skill(files: [
            FilePart(data: Data("a".utf8), filename: "a.md", contentType: "text/markdown"),
            FilePart(data: Data("b".utf8), filename: "b.py", contentType: "text/x-python"),
        ], name: "lint")
        let text = String(decoding: try RequestBody.multipart(skill, boundary: "b").encoded(), as: UTF8.self)
        #expect(text == "--b\r\nContent-Disposition: form-data; name=\"files\"; filename=\"a.md\"\r\nContent-Type: text/markdown\r\n\r\na\r\n"
            + "--b\r\nContent-Disposition: form-data; name=\"files\"; filename=\"b.py\"\r\nContent-Type: text/x-python\r\n\r\nb\r\n"
            + "--b\r\nContent-Disposition: form-data; name=\"name\"\r\n\r\nlint\r\n--b--\r\n")
    }

    @Test func aPartMediaTypeWithALineBreakIsRefused() {
        struct Bad: Encodable, Sendable { var file: FilePart }
        let body = RequestBody.multipart(Bad(file: FilePart(data: Data(), filename: "f", contentType: "text/plain\r\nX-Evil: 1")), boundary: "b")
        #expect(throws: EndpointError.bodyEncodingFailed("multipart part 'file' has a media type with a line break")) {
            try Endpoint<Empty>(method: .post, path: ["covers"], body: body).urlRequest(baseURL: URL(string: "https://h")!)
        }
    }

    @Test func aFixedBoundaryInsideAPartIsRefused() {
        struct Note: Encodable, Sendable { var text: String }
        #expect(throws: EndpointError.bodyEncodingFailed("multipart part 'text' contains the boundary 'b'")) {
            try RequestBody.multipart(Note(text: "a--b"), boundary: "b").encoded()
        }
    }

    @Test func filePartDefaultsToOctetStreamAndIsCodable() throws {
        let part = FilePart(data: Data([1, 2]), filename: "f.bin")
        #expect(part.contentType == "application/octet-stream")
        #expect(try JSONCoding.decoder.decode(FilePart.self, from: JSONCoding.encoder.encode(part)) == part)
    }

    @Test func serverReceivesTheExactBytesAndContentType() async throws {
        let server = try await LocalServer.start { _ in HTTPResponse(status: 204) }
        defer { server.stop() }
        let client = URLSessionHTTPClient(configuration: APIConfiguration(baseURL: server.baseURL, requestTimeout: 10), logger: .silent)
        try await client.send(Endpoint<Empty>(method: .post, path: ["books", "b-1", "cover"], body: .multipart(upload, boundary: "fixed-boundary")))
        let request = try #require(server.requests.first)
        #expect(request.header("Content-Type") == "multipart/form-data; boundary=fixed-boundary")
        #expect(String(decoding: request.body, as: UTF8.self) == Self.expectedBytes)
    }

    /// What httpbin's `/anything` makes of a multipart body: the files and the text fields.
    struct MultipartEcho: Decodable, Sendable {
        var files: [String: String]
        var form: [String: String]
        var headers: [String: String]
    }

    @Test(.enabled(if: HTTPBin.url != nil, "HTTPBIN_URL is not set; run eval \"$(scripts/httpbin.sh start)\" to run the httpbin tests"))
    func httpbinParsesThePartsBack() async throws {
        let echo = try await HTTPBin.client().send(Endpoint<MultipartEcho>(method: .post, path: ["anything", "covers"], body: .multipart(upload)))
        #expect(echo.files == ["cover": "PNG-bytes"])
        #expect(echo.form == ["caption": "Dune, first edition", "position": "2", "tags": #"["sf","classic"]"#])
        #expect(echo.headers["Content-Type"]?.hasPrefix("multipart/form-data; boundary=routegen-") == true)
    }
}
