import EndpointKit
import EndpointKitTesting
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import LibraryAPI
import RoutegenCLI
import Testing

/// End to end: `routegen serve Specs/Library.routes`, and the generated Library
/// repositories over `URLSessionHTTPClient`, configured from the environment's `API_BASE_URL`
/// as an app's debug build is, getting the samples.
@Suite("The generated Library client against routegen serve", .timeLimit(.minutes(1)))
struct LibraryAgainstServeTests {
    /// Serves Specs/Library.routes in-process, as `routegen serve` does, on a free port.
    private static func serve() throws -> (session: ServeSession, configuration: APIConfiguration) {
        let context = CommandContext(standardOutput: LockedStringSink(), standardError: LockedStringSink(), fileSystem: LocalFileSystem(), currentDirectory: ServeTestSupport.packageRoot.path)
        let session = try #require(ServeSession.start(ServeSession.Options(paths: ["Specs/Library.routes"], port: 0), context: context))
        let configuration = try APIConfiguration.resolve(environment: ["API_BASE_URL": session.baseURL], bundleSettings: [:], isDebugBuild: false).get()
        return (session, configuration)
    }

    private static let book1 = Book(id: ID("book-1"), title: "Title 1", subtitle: "Subtitle 1", publishedAt: Date(timeIntervalSince1970: 1_767_258_000), tags: ["Tags 1", "Tags 2"], genre: .scienceFiction)

    @Test func theArticlesCallsAndAPaginatedLoopGetTheSamples() async throws {
        let (session, configuration) = try Self.serve()
        defer { session.stop() }
        #expect(configuration.baseURL.absoluteString == session.baseURL)
        let client = URLSessionHTTPClient(configuration: configuration, tokenProvider: FixedTokenProvider("t0ken"), logger: .silent)
        let books = RemoteBooksRepository(client: client)
        let loans = RemoteLoansRepository(client: client)

        #expect(try await books.book(id: ID("b-7")) == Self.book1)
        let page = try await books.search(q: "dune")
        #expect(page.items.map(\.id) == [ID("book-1"), ID("book-2")])
        #expect(page.next == "page-2")
        #expect(try await books.createBook(body: NewBook(title: "Dune", authorID: ID("a-1"))) == Self.book1)
        #expect(try await books.updateBook(id: ID("b-7"), body: BookPatch(subtitle: .clear)) == Self.book1)
        try await loans.returnBook(id: ID("b-7"))
        #expect(try await loans.loans().map(\.book) == [ID("book-1"), ID("book-2")])
        #expect(try await books.cover(id: ID("b-7")) == Data("sample".utf8))

        var seen: [ID<Book>] = []
        for try await book in books.searchItems(q: "dune") { seen.append(book.id) }
        #expect(seen == [ID("book-1"), ID("book-2"), ID("book-3"), ID("book-4")])
    }

    @Test func theChecksAnswerWithTheirBodies() async throws {
        let (session, configuration) = try Self.serve()
        defer { session.stop() }
        let anonymous = URLSessionHTTPClient(configuration: configuration, logger: .silent)
        await #expect(throws: APIError.self) { try await RemoteLoansRepository(client: anonymous).loans() }
        do {
            _ = try await RemoteLoansRepository(client: anonymous).loans()
        } catch let APIError.api(status, _, body, _) {
            #expect(status == 401)
            #expect(body?.error == "route 'loans' needs an 'Authorization: Bearer <token>' header")
        }

        func raw(_ method: String, _ path: String, body: String? = nil) async throws -> (Int, String) {
            var request = URLRequest(url: URL(string: session.baseURL + path)!)
            request.httpMethod = method
            request.setValue("Bearer t0ken", forHTTPHeaderField: "Authorization")
            if let body {
                request.httpBody = Data(body.utf8)
                request.setValue("application/json", forHTTPHeaderField: "Content-Type")
            }
            let (data, response) = try await URLSession.shared.data(for: request)
            return ((response as? HTTPURLResponse)?.statusCode ?? 0, String(decoding: data, as: UTF8.self))
        }
        #expect(try await raw("GET", "/books?limit=5") == (400, #"{"error":"missing required query parameter 'q'","route":"search"}"#))
        #expect(try await raw("GET", "/bookz") == (404, #"{"closest":"GET /books","error":"no route GET /bookz","route":"search"}"#))
        #expect(try await raw("POST", "/books", body: #"{"title":"Dune"}"#)
            == (422, #"{"error":"the body does not fit NewBook: authorID: required field is missing","route":"createBook"}"#))
    }
}
