import EndpointKit
import Foundation
import LibraryAPI
import Testing

/// The generated Library repositories driven against `LocalServer` through
/// `URLSessionHTTPClient`: the article's five calls with its wire assertions.
@Suite("Generated Library repositories on the wire")
struct LibraryRepositoryWireTests {
    @Test func bookSendsGETWithTheIdentifierAsOneSegmentAndDecodesTheBook() async throws {
        let library = try await LibraryServer.start()
        defer { library.stop() }

        let fetched = try await library.books.book(id: ID("b-7"))

        #expect(fetched == Book(id: ID("b-7"), title: "Dune", subtitle: nil))
        #expect(library.wire == ["GET /books/b-7"])
    }

    @Test func searchSendsTheSortedQueryWithTheDefaultLimit() async throws {
        let library = try await LibraryServer.start()
        defer { library.stop() }

        let results = try await library.books.search(q: "dune")

        #expect(results.map(\.title) == ["Dune", "Dune Messiah"])
        #expect(library.wire == ["GET /books?limit=20&q=dune"])
    }

    @Test func createBookPostsSortedJSONWithItsContentType() async throws {
        let library = try await LibraryServer.start()
        defer { library.stop() }

        let created = try await library.books.createBook(body: NewBook(title: "Children of Dune", authorID: ID("a-1")))

        #expect(created.id == ID("b-9") && created.title == "Children of Dune")
        let sent = try #require(library.server.requests.first)
        #expect(sent.method + " " + sent.target == "POST /books")
        #expect(sent.header("Content-Type") == "application/json")
        #expect(String(decoding: sent.body, as: UTF8.self) == #"{"authorID":"a-1","title":"Children of Dune"}"#)
    }

    @Test func updateBookSendsAMergePatchThatClearsTheSubtitle() async throws {
        let library = try await LibraryServer.start()
        defer { library.stop() }

        let updated = try await library.books.updateBook(id: ID("b-8"), body: BookPatch(subtitle: .clear))

        #expect(updated.subtitle == nil)
        let sent = try #require(library.server.requests.first)
        #expect(sent.method + " " + sent.target == "PATCH /books/b-8")
        #expect(sent.header("Content-Type") == "application/merge-patch+json")
        #expect(sent.body == Data(#"{"subtitle":null}"#.utf8))
    }

    @Test func returnBookSendsDELETEAndReturnsNothing() async throws {
        let library = try await LibraryServer.start()
        defer { library.stop() }

        // The repository method of an `-> Empty` route returns Void; the annotation makes the compiler check it.
        let _: Void = try await library.loans.returnBook(id: ID("b-7"))

        #expect(library.wire == ["DELETE /me/loans/b-7"])
    }

    @Test func theArticlesFiveCallsGoOutInOrder() async throws {
        let library = try await LibraryServer.start()
        defer { library.stop() }

        try await ArticleCalls.makeAll(on: library)

        #expect(library.wire == ["GET /books/b-7", "GET /books?limit=20&q=dune", "POST /books", "PATCH /books/b-8", "DELETE /me/loans/b-7"])
    }

    @Test func theTokenReachesTheServerExactlyOnAuthenticatedRoutes() async throws {
        let library = try await LibraryServer.start()
        defer { library.stop() }

        try await ArticleCalls.makeAll(on: library)

        let bearer = "Bearer " + LibraryServer.token
        #expect(library.server.requests.map { $0.header("Authorization") } == [nil, nil, bearer, bearer, bearer])
    }
}

/// The article's five calls, in its order, through the generated repositories.
enum ArticleCalls {
    /// Fetch, search, create, patch, return.
    static func makeAll(on library: LibraryServer) async throws {
        _ = try await library.books.book(id: ID("b-7"))
        _ = try await library.books.search(q: "dune")
        _ = try await library.books.createBook(body: NewBook(title: "Children of Dune", authorID: ID("a-1")))
        _ = try await library.books.updateBook(id: ID("b-8"), body: BookPatch(subtitle: .clear))
        try await library.loans.returnBook(id: ID("b-7"))
    }
}
