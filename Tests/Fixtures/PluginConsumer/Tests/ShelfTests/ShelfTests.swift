import EndpointKit
import Foundation
import Shelf
import ShelfPreview
import Testing

/// The API the build imports from Sources/Shelf/openapi.yaml, as routegen.json and the overlay shape it.
@Suite("Shelf, imported at build time")
struct ShelfTests {
    @Test func theFilterKeepsTheBooksTagAndOneAuthorOperationAndTheOverlayRemovesTheDelete() {
        #expect(ShelfRoutes.all.map { $0.group + "." + $0.name } == ["Books.shelf", "Books.addBook", "Books.getBook", "Authors.getAuthor"])
    }

    @Test func aRenamedOperationBuildsTheDescribedRequest() throws {
        let request = try BooksEndpoints.shelf(limit: 20).urlRequest(baseURL: URL(string: "https://shelf.example.com/v1")!)
        #expect(request.url?.absoluteString == "https://shelf.example.com/v1/books?limit=20")
        #expect(request.httpMethod == "GET")
    }

    @Test func theAppsOwnTypeTravelsInTheRenamedSchema() throws {
        let body = draft(title: "Dune", price: Money(amount: "9.99", currency: "EUR"))
        let request = try BooksEndpoints.addBook(body: body).urlRequest(baseURL: URL(string: "https://shelf.example.com/v1")!)
        #expect(String(decoding: request.httpBody ?? Data(), as: UTF8.self) == #"{"price":{"amount":"9.99","currency":"EUR"},"title":"Dune"}"#)
    }

    @Test func theOverlaysFieldDecodes() throws {
        let json = #"{"id":"b-1","title":"Dune","subtitle":"A novel","price":{"amount":"9.99","currency":"EUR"}}"#
        let book = try JSONCoding.decoder.decode(Book.self, from: Data(json.utf8))
        #expect(book.subtitle == "A novel" && book.price == Money(amount: "9.99", currency: "EUR"))
    }

    @Test func thePreviewClientAnswersWithTheSample() async throws {
        let author = try await ShelfPreviewClient().send(AuthorsEndpoints.getAuthor(authorId: "a-1"))
        #expect(author == Author.sample)
    }
}
