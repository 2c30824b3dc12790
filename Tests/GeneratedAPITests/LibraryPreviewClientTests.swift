import EndpointKit
import Foundation
import LibraryAPI
import LibraryAPIPreview
import Testing

/// The generated samples (`Book.sample`, ...) and `LibraryPreviewClient`, which answers every
/// route with the bytes `routegen serve` sends; `RoutegenSamplesTests` checks those bytes against
/// `SampleMaker` route by route.
@Suite("Generated Library samples and preview client")
struct LibraryPreviewClientTests {
    /// `SampleMaker.sampleDate`, 2026-01-01T09:00:00Z.
    private static let sampleDate = Date(timeIntervalSince1970: 1_767_258_000)

    private static func book(_ n: Int) -> Book {
        Book(
            id: ID("book-\(n)"), title: "Title \(n)", subtitle: "Subtitle \(n)", publishedAt: sampleDate,
            tags: ["Tags \(n)", "Tags \(n + 1)"], genre: .scienceFiction
        )
    }

    @Test func everyModelHasItsServedSample() {
        #expect(Book.sample == Self.book(1))
        #expect(Page<Book>.sample == Page(items: [Self.book(1), Self.book(2)], next: "Next 1"))
        #expect(NewBook.sample == NewBook(title: "Title 1", authorID: ID("author-1")))
        #expect(Author.sample == Author(id: ID("author-1"), name: "Name 1"))
        #expect(Loan.sample == Loan(book: ID("book-1"), due: Self.sampleDate))
        #expect(Genre.sample == .scienceFiction)
        #expect(BookPatch.sample == BookPatch(title: .set("Title 1"), subtitle: .set("Subtitle 1")))
    }

    @Test func theSamplesAreNotTheAuditSamples() {
        #expect(Book.sample != Book.auditSample)
    }

    @Test func everyRouteAnswersItsSampleThroughTheRepositories() async throws {
        let client = LibraryPreviewClient()
        let books = RemoteBooksRepository(client: client)
        let loans = RemoteLoansRepository(client: client)
        #expect(try await books.book(id: ID("b-7")) == .sample)
        // A paginated route answers its first page: the type's sample, its cursor naming the second page.
        #expect(try await books.search(q: "dune") == Page(items: Page<Book>.sample.items, next: "page-2"))
        #expect(try await books.createBook(body: .sample) == .sample)
        #expect(try await books.updateBook(id: ID("b-7"), body: BookPatch(subtitle: .clear)) == .sample)
        #expect(try await books.cover(id: ID("b-7")) == Data("sample".utf8))
        try await books.uploadCover(id: ID("b-7"), body: CoverUpload(image: FilePart(data: Data("PNG".utf8), filename: "c.png")))
        #expect(try await loans.loans() == [Loan.sample, Loan(book: ID("book-2"), due: Self.sampleDate)])
        try await loans.returnBook(id: ID("b-7"))
    }

    /// The pages `routegen serve` sends (`PreviewServeParityTests` compares the bytes).
    @Test func thePaginatedRouteHasASecondAndLastPage() async throws {
        let books = RemoteBooksRepository(client: LibraryPreviewClient())
        var pages: [Page<Book>] = []
        for try await page in books.searchPages(q: "dune") { pages.append(page) }
        #expect(pages == [Page(items: [Self.book(1), Self.book(2)], next: "page-2"), Page(items: [Self.book(3), Self.book(4)], next: nil)])
        var ids: [String] = []
        for try await book in books.searchItems(q: "dune") { ids.append(book.id.rawValue) }
        #expect(ids == ["book-1", "book-2", "book-3", "book-4"])
        // A cursor, whatever its value, asks for the last page; an empty one for the first.
        #expect(try await books.search(q: "dune", limit: 20, cursor: "c2") == Page(items: [Self.book(3), Self.book(4)], next: nil))
        #expect(try await books.search(q: "dune", limit: 20, cursor: "").next == "page-2")
    }

    @Test func anOverrideAnswersItsRouteAndOnlyIt() async throws {
        let dune = Book(id: ID("b-7"), title: "Dune")
        let client = LibraryPreviewClient()
            .overriding(BooksEndpoints.book(id: ID("any")), with: dune)
            .overriding(LoansEndpoints.loans, with: [])
        let books = RemoteBooksRepository(client: client)
        #expect(try await books.book(id: ID("b-8")) == dune)
        #expect(try await RemoteLoansRepository(client: client).loans() == [])
        #expect(try await books.createBook(body: .sample) == .sample)
        // The client is a value: the one overridden from stays as it was.
        #expect(try await RemoteBooksRepository(client: LibraryPreviewClient()).book(id: ID("b-8")) == .sample)
    }

    @Test func anOverrideCanThrow() async throws {
        struct Offline: Error, Equatable {}
        let client = LibraryPreviewClient().overriding(BooksEndpoints.book(id: ID("any")), throwing: Offline())
        await #expect(throws: Offline()) { try await RemoteBooksRepository(client: client).book(id: ID("b-7")) }
    }

    @Test func aRouteOfAnotherAPIIsAClearError() async throws {
        let client = LibraryPreviewClient()
        await #expect(throws: LibraryPreviewClient.Failure.unknownRoute("GET /elsewhere/{value}")) {
            try await client.send(Endpoint<Book>(method: .get, path: ["elsewhere", .value("x")]))
        }
        #expect(LibraryPreviewClient.Failure.unknownRoute("GET /elsewhere").description == "'GET /elsewhere' is no route of the Library API")
    }
}
