import EndpointKit
import EndpointKitTesting
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
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

        #expect(results.items.map(\.title) == ["Dune", "Dune Messiah"])
        #expect(results.next == "c2")
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

    @Test func uploadCoverSendsTheFileAndTheCaptionAsMultipartParts() async throws {
        let library = try await LibraryServer.start()
        defer { library.stop() }

        try await library.books.uploadCover(
            id: ID("b-7"),
            body: CoverUpload(image: FilePart(data: Data("PNG".utf8), filename: "dune \"first\".png", contentType: "image/png"), caption: "First edition")
        )

        let sent = try #require(library.server.requests.first)
        #expect(sent.method + " " + sent.target == "POST /books/b-7/cover")
        #expect(sent.header("Authorization") == "Bearer " + LibraryServer.token)
        let contentType = try #require(sent.header("Content-Type"))
        let prefix = "multipart/form-data; boundary="
        #expect(contentType.hasPrefix(prefix))
        let boundary = String(contentType.dropFirst(prefix.count))
        #expect(String(decoding: sent.body, as: UTF8.self) == "--\(boundary)\r\n"
            + "Content-Disposition: form-data; name=\"image\"; filename=\"dune %22first%22.png\"\r\nContent-Type: image/png\r\n\r\nPNG\r\n"
            + "--\(boundary)\r\nContent-Disposition: form-data; name=\"caption\"\r\n\r\nFirst edition\r\n"
            + "--\(boundary)--\r\n")
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

/// The article's exercise, generated: `search` pages by cursor (`paginate next -> ?cursor`), and
/// the generated repository loops over its pages and items.
@Suite("Generated Library pagination on the wire")
struct LibraryPaginationWireTests {
    @Test func theEndpointIsOrdinaryAndItsNextPageKeepsTheQuery() throws {
        let first = BooksEndpoints.search(q: "dune")
        let base = URL(string: "https://api.example")!
        #expect(try first.urlRequest(baseURL: base).url?.absoluteString == "https://api.example/books?limit=20&q=dune")
        let next = try #require(first.nextPage(after: Page(items: [], next: "c2")))
        #expect(try next.urlRequest(baseURL: base).url?.absoluteString == "https://api.example/books?cursor=c2&limit=20&q=dune")
        #expect(first.nextPage(after: Page(items: [], next: nil)) == nil)
    }

    @Test func threePagesArriveInOrderAndOnlyAsAskedFor() async throws {
        let library = try await LibraryServer.start()
        defer { library.stop() }
        var titles: [[String]] = []
        for try await page in library.books.searchPages(q: "dune") {
            titles.append(page.items.map(\.title))
        }
        #expect(titles == [["Dune", "Dune Messiah"], ["Children of Dune"], ["God Emperor of Dune"]])
        #expect(library.wire == ["GET /books?limit=20&q=dune", "GET /books?cursor=c2&limit=20&q=dune", "GET /books?cursor=c3&limit=20&q=dune"])
    }

    @Test func itemsFlattenThePages() async throws {
        let library = try await LibraryServer.start()
        defer { library.stop() }
        var ids: [String] = []
        for try await book in library.books.searchItems(q: "dune") {
            ids.append(book.id.rawValue)
        }
        #expect(ids == ["b-7", "b-8", "b-9", "b-10"])
    }

    @Test func stoppingAfterTheFirstPageSendsNoSecondRequest() async throws {
        let library = try await LibraryServer.start()
        defer { library.stop() }
        for try await _ in library.books.searchPages(q: "dune") { break }
        #expect(library.wire == ["GET /books?limit=20&q=dune"])
    }

    @Test func theCoverIsBytesAskedForAsAnImage() async throws {
        let server = try await LocalServer.start { _ in HTTPResponse(status: 200, headers: [("Content-Type", "image/png")], body: Data([0x89, 0x50, 0x4E, 0x47])) }
        defer { server.stop() }
        let client = URLSessionHTTPClient(configuration: APIConfiguration(baseURL: server.baseURL), logger: .silent)
        let bytes = try await RemoteBooksRepository(client: client).cover(id: ID("b-7"))
        #expect(bytes == Data([0x89, 0x50, 0x4E, 0x47]))
        let sent = try #require(server.requests.first)
        #expect(sent.target == "/books/b-7/cover")
        #expect(sent.header("Accept") == "image/*")
    }

    /// `uploadCover ... server uploads`: built from the API's base URL, it goes to the uploads host,
    /// credential and all; a configuration that stands in for every server keeps it at the base URL.
    @Test func uploadCoverGoesToTheUploadsServerFromTheBaseURL() async throws {
        let endpoint = BooksEndpoints.uploadCover(id: ID("b-7"), body: CoverUpload(image: FilePart(data: Data("PNG".utf8), filename: "c.png")))
        #expect(endpoint.server == LibraryServers.uploads)
        let request = try endpoint.urlRequest(baseURL: LibraryServers.production)
        #expect(request.url?.absoluteString == "https://uploads.library.example/v1/books/b-7/cover")
        let client = URLSessionHTTPClient(configuration: APIConfiguration(baseURL: LibraryServers.production), tokenProvider: FixedTokenProvider("t"), logger: .silent)
        let prepared = try await client.prepare(endpoint)
        #expect(prepared.url?.absoluteString == "https://uploads.library.example/v1/books/b-7/cover")
        #expect(prepared.value(forHTTPHeaderField: "Authorization") == "Bearer t")
        var standIn = APIConfiguration(baseURL: URL(string: "http://127.0.0.1:8080")!)
        standIn.usesEndpointServers = false
        let local = try await URLSessionHTTPClient(configuration: standIn, logger: .silent).prepare(endpoint)
        #expect(local.url?.absoluteString == "http://127.0.0.1:8080/books/b-7/cover")
    }

    /// The servers are offered by name, a variable's values as an enum.
    @Test func theServersAreOfferedByName() throws {
        #expect(LibraryServers.production.absoluteString == "https://api.library.example/v1")
        #expect(try LibraryServers.regional().absoluteString == "https://eu.library.example/v1")
        #expect(try LibraryServers.regional(region: .us).absoluteString == "https://us.library.example/v1")
        #expect(LibraryServers.Region.allCases == [.eu, .us])
        #expect(APIConfiguration(baseURL: LibraryServers.production).baseURL == LibraryServers.production)
    }
}
