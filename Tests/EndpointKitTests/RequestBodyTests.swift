import EndpointKit
import EndpointKitTesting
import Foundation
import Testing
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

private struct TokenRequest: Encodable, Sendable {
    var grantType = "password"
    var username: String
    var password: String
    var scope: String?

    enum CodingKeys: String, CodingKey {
        case grantType = "grant_type", username, password, scope
    }
}

private struct Filter: Encodable, Sendable {
    enum Kind: String, Encodable, Sendable { case novel, poem }
    var kind: Kind
    var tags: [String]
    var since: Date
    var owner: ID<Author>
    var limit: Int
    var fiction: Bool
}

private struct Nested: Encodable, Sendable {
    struct Inner: Encodable, Sendable { var a: Int }
    var inner: Inner
}

/// How each kind of body becomes bytes and a Content-Type.
@Suite struct RequestBodyTests {
    let base = URL(string: "https://api.example.com")!

    private func request(_ body: RequestBody) throws -> URLRequest {
        try Endpoint<Empty>(method: .post, path: ["x"], body: body).urlRequest(baseURL: base)
    }

    @Test func formFromEncodableUsesCodingKeysSortedAndStrictEncoding() throws {
        let request = try request(.form(TokenRequest(username: "ada lovelace", password: "p+ss&w=rd")))
        #expect(text(request.httpBody) == "grant_type=password&password=p%2Bss%26w%3Drd&username=ada%20lovelace")
        #expect(request.value(forHTTPHeaderField: "Content-Type") == "application/x-www-form-urlencoded")
    }

    @Test func formLeavesNilFieldsOut() throws {
        let request = try request(.form(TokenRequest(username: "a", password: "b", scope: nil)))
        #expect(text(request.httpBody)?.contains("scope") == false)
    }

    @Test func formSpellsValuesLikeAQueryAndRepeatsArrays() throws {
        let filter = Filter(
            kind: .poem, tags: ["sci fi", "classic"], since: Date(timeIntervalSince1970: 0),
            owner: ID("a-1"), limit: 5, fiction: true
        )
        #expect(text(try request(.form(filter)).httpBody)
            == "fiction=true&kind=poem&limit=5&owner=a-1&since=1970-01-01T00%3A00%3A00Z&tags=sci%20fi&tags=classic")
    }

    @Test func formWithANestedObjectIsRefused() {
        #expect(throws: EndpointError.bodyEncodingFailed("form field 'inner' is an object; a form body must be flat")) {
            try request(.form(Nested(inner: .init(a: 1))))
        }
    }

    @Test func formOfAListIsRefused() {
        #expect(throws: EndpointError.bodyEncodingFailed("a form body must be a struct with fields, not a list")) {
            try request(.form(["a", "b"]))
        }
    }

    @Test func formItemsKeepTheirOrderAndEncodePlus() throws {
        let request = try request(.formItems([URLQueryItem(name: "z", value: "1+1"), URLQueryItem(name: "a", value: nil)]))
        #expect(text(request.httpBody) == "z=1%2B1&a=")
        #expect(request.value(forHTTPHeaderField: "Content-Type") == "application/x-www-form-urlencoded")
    }

    @Test func mergePatchIsJSONWithTheMergePatchMediaType() throws {
        let request = try request(.mergePatch(BookPatch(title: .set("Dune"), subtitle: .clear)))
        #expect(text(request.httpBody) == #"{"subtitle":null,"title":"Dune"}"#)
        #expect(request.value(forHTTPHeaderField: "Content-Type") == "application/merge-patch+json")
    }

    @Test func jsonKeepsSlashesUnescapedAndDatesISO8601() throws {
        struct Link: Encodable, Sendable { var url: String; var at: Date }
        let request = try request(.json(Link(url: "https://a.example/b", at: Date(timeIntervalSince1970: 86_400))))
        #expect(text(request.httpBody) == #"{"at":"1970-01-02T00:00:00Z","url":"https://a.example/b"}"#)
    }

    @Test func rawIsSentAsGivenWithItsMediaType() throws {
        let request = try request(.raw(Data([0xFF, 0x00]), contentType: "application/octet-stream"))
        #expect(request.httpBody == Data([0xFF, 0x00]))
        #expect(request.value(forHTTPHeaderField: "Content-Type") == "application/octet-stream")
    }

    @Test func jsonThatCannotBeEncodedIsABodyEncodingError() throws {
        #expect(throws: EndpointError.self) { try request(.json(["x": Double.nan])) }
    }

    @Test func idEncodesAsAPlainJSONString() throws {
        #expect(text(try JSONCoding.encoder.encode([ID<Book>("b-7")])) == #"["b-7"]"#)
    }

    @Test func idDecodesFromAPlainJSONString() throws {
        #expect(try JSONCoding.decoder.decode(ID<Book>.self, from: Data(#""b-7""#.utf8)) == ID("b-7"))
    }

    @Test func decoderReadsISO8601Dates() throws {
        let loan = try JSONCoding.decoder.decode(Loan.self, from: Data(#"{"book":"b-1","due":"2026-03-01T09:30:00Z"}"#.utf8))
        #expect(loan.due == Date(timeIntervalSince1970: 1_772_357_400))
    }

    @Test func decoderAppliesNoKeyStrategy() {
        struct Snake: Decodable { var authorID: String }
        #expect(throws: DecodingError.self) {
            try JSONCoding.decoder.decode(Snake.self, from: Data(#"{"author_id":"a"}"#.utf8))
        }
    }

    @Test func emptyIsEqualToEmpty() {
        #expect(Empty() == Empty())
    }
}

/// A DELETE that declares a body sends it through URLSession, as a POST's would.
@Suite struct DeleteBodyTests {
    @Test func deleteBodyArrivesWithItsLengthAndContentType() async throws {
        let server = try await LocalServer.start { _ in HTTPResponse(status: 204) }
        defer { server.stop() }
        let client = URLSessionHTTPClient(configuration: APIConfiguration(baseURL: server.baseURL), logger: .silent)

        let endpoint = Endpoint<Empty>(method: .delete, path: ["lists", .value("l-1"), "items"], body: .json(["ids": ["b-7", "b-8"]]))
        #expect(try await client.send(endpoint) == Empty())

        let sent = try #require(server.requests.first)
        #expect("\(sent.method) \(sent.target)" == "DELETE /lists/l-1/items")
        #expect(sent.body == Data(#"{"ids":["b-7","b-8"]}"#.utf8))
        #expect(sent.header("Content-Type") == "application/json")
        #expect(sent.header("Content-Length") == "21")
    }
}
