import EndpointKit
import EndpointKitTesting
import Foundation
import Testing
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The typed-endpoint article's assertions, byte for byte.
@Suite struct ArticleTests {
    @Test func encodesABookWithSortedKeysAndWithoutItsNilSubtitle() throws {
        let dune = Book(id: ID("b-7"), title: "Dune", subtitle: nil)
        #expect(text(try JSONCoding.encoder.encode(dune)) == #"{"id":"b-7","title":"Dune"}"#)
    }

    @Test func patchThatSetsATitleWritesOnlyTheTitle() throws {
        #expect(text(try JSONCoding.encoder.encode(BookPatch(title: .set("Dune Messiah")))) == #"{"title":"Dune Messiah"}"#)
    }

    @Test func patchThatClearsTheSubtitleWritesNull() throws {
        #expect(text(try JSONCoding.encoder.encode(BookPatch(subtitle: .clear))) == #"{"subtitle":null}"#)
    }

    @Test func emptyPatchIsAnEmptyObject() throws {
        #expect(text(try JSONCoding.encoder.encode(BookPatch())) == "{}")
    }

    @Test func searchURLIsSortedAndStrictlyEncoded() throws {
        let search = try Endpoint.search("c++ & rust").urlRequest(baseURL: articleBase)
        #expect(search.url?.absoluteString == "https://api.library.example/v2/books?limit=20&q=c%2B%2B%20%26%20rust")
        #expect(search.httpMethod == "GET")
        #expect(search.httpBody == nil)
    }

    @Test func updateBookEncodesTheSlashInsideOneSegment() throws {
        let patch = try Endpoint.updateBook(ID("b/7"), BookPatch(subtitle: .clear)).urlRequest(baseURL: articleBase)
        #expect(patch.url?.path(percentEncoded: true) == "/v2/books/b%2F7")
        #expect(patch.httpMethod == "PATCH")
        #expect(patch.value(forHTTPHeaderField: "Content-Type") == "application/merge-patch+json")
        #expect(patch.httpBody == Data(#"{"subtitle":null}"#.utf8))
    }

    @Test func getWithABodyIsRefused() {
        #expect(throws: EndpointError.bodyNotAllowed("GET")) {
            try Endpoint<Book>(method: .get, path: ["books"], body: .json(NewBook(title: "x", authorID: ID("a")))).urlRequest(baseURL: articleBase)
        }
    }

    @Test func dotDotSegmentIsRefused() {
        #expect(throws: EndpointError.invalidSegment("..")) {
            try Endpoint.book(ID("..")).urlRequest(baseURL: articleBase)
        }
    }

    @Test func fiveCallRoundTripAgainstLocalServer() async throws {
        let server = try await LocalServer.start { request in
            switch (request.method, request.path) {
            case ("GET", "/books/b-7"):
                return .json(#"{"id":"b-7","title":"Dune"}"#)
            case ("GET", "/books"):
                return .json(#"[{"id":"b-7","title":"Dune"},{"id":"b-8","title":"Dune Messiah","subtitle":"Book Two"}]"#)
            case ("POST", "/books"):
                guard request.header("Content-Type") == "application/json",
                      let new = try? JSONDecoder().decode([String: String].self, from: request.body),
                      let title = new["title"] else { return .text("bad request", status: 400) }
                return .json(#"{"id":"b-9","title":"\#(title)"}"#, status: 201, headers: [("Location", "/books/b-9")])
            case ("PATCH", "/books/b-8"):
                return .json(#"{"id":"b-8","title":"Dune Messiah"}"#)
            case ("DELETE", "/me/loans/b-7"):
                return HTTPResponse(status: 204)
            default:
                return .text("not found", status: 404)
            }
        }
        defer { server.stop() }
        let client = URLSessionHTTPClient(configuration: APIConfiguration(baseURL: server.baseURL), logger: .silent)

        let fetched: Book = try await client.send(.book(ID("b-7")))
        #expect(fetched == Book(id: ID("b-7"), title: "Dune", subtitle: nil))

        let results = try await client.send(.search("dune"))
        #expect(results.map(\.title) == ["Dune", "Dune Messiah"])

        let created = try await client.send(.createBook(NewBook(title: "Children of Dune", authorID: ID("a-1"))))
        #expect(created.id == ID("b-9") && created.title == "Children of Dune")

        let updated = try await client.send(.updateBook(ID("b-8"), BookPatch(subtitle: .clear)))
        #expect(updated.subtitle == nil)

        let returned = try await client.send(.returnBook(ID("b-7")))
        #expect(returned == Empty())

        let wire = server.requests.map { "\($0.method) \($0.target)" }
        #expect(wire == ["GET /books/b-7", "GET /books?limit=20&q=dune", "POST /books", "PATCH /books/b-8", "DELETE /me/loans/b-7"])
        let sentPatch = server.requests[3]
        #expect(sentPatch.header("Content-Type") == "application/merge-patch+json")
        #expect(sentPatch.body == Data(#"{"subtitle":null}"#.utf8))
        let sentPost = server.requests[2]
        #expect(String(decoding: sentPost.body, as: UTF8.self) == #"{"authorID":"a-1","title":"Children of Dune"}"#)
    }
}
