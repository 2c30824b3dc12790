import EndpointKit
import Foundation
import Testing
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

// Endpoints written exactly the way routegen emits them: the type comes from the return type,
// one labelled init serves Decodable, Empty and Data responses without ambiguity.
private enum LibraryEndpoints {
    static func cover(id: ID<Book>) -> Endpoint<Data> {
        Endpoint(
            method: .get,
            path: ["books", .value(id), "cover"],
            auth: nil,
            accept: "image/*"
        )
    }

    static var loans: Endpoint<[Loan]> {
        Endpoint(
            method: .get,
            path: ["me", "loans"],
            auth: .bearer
        )
    }

    static func returnBook(id: ID<Book>) -> Endpoint<Empty> {
        Endpoint(
            method: .delete,
            path: ["me", "loans", .value(id)],
            auth: .bearer
        )
    }

    static func tag(id: ID<Book>, dryRun: Bool = false, xTrace: String? = nil, body: BookPatch) -> Endpoint<Book> {
        Endpoint(
            method: .patch,
            path: ["books", .value(id), "tags"],
            query: .items(["dry_run": dryRun]),
            headers: .headerFields(["X-Trace": xTrace]),
            body: .mergePatch(body),
            auth: .bearer
        )
    }
}

@Suite struct GeneratedShapeTests {
    let base = URL(string: "https://api.example.com")!

    @Test func dataEndpointSendsItsAcceptAndReturnsTheBytesUndecoded() throws {
        let endpoint = LibraryEndpoints.cover(id: ID("b-7"))
        let request = try endpoint.urlRequest(baseURL: base)
        #expect(request.url?.absoluteString == "https://api.example.com/books/b-7/cover")
        #expect(request.value(forHTTPHeaderField: "Accept") == "image/*")
        let response = HTTPURLResponse(url: base, statusCode: 200, httpVersion: nil, headerFields: nil)!
        #expect(try endpoint.decode(Data("not json".utf8), response) == Data("not json".utf8))
    }

    @Test func emptyEndpointDecodesNothing() throws {
        let response = HTTPURLResponse(url: base, statusCode: 200, httpVersion: nil, headerFields: nil)!
        #expect(try LibraryEndpoints.returnBook(id: ID("b-7")).decode(Data("<html>".utf8), response) == Empty())
    }

    @Test func arrayEndpointDecodesJSON() throws {
        let response = HTTPURLResponse(url: base, statusCode: 200, httpVersion: nil, headerFields: nil)!
        let loans = try LibraryEndpoints.loans.decode(Data(#"[{"book":"b-1","due":"2026-03-01T09:30:00Z"}]"#.utf8), response)
        #expect(loans == [Loan(book: ID("b-1"), due: Date(timeIntervalSince1970: 1_772_357_400))])
    }

    @Test func optionalHeaderLeftOutWhenNil() throws {
        let request = try LibraryEndpoints.tag(id: ID("b-7"), body: BookPatch()).urlRequest(baseURL: base)
        #expect(request.url?.absoluteString == "https://api.example.com/books/b-7/tags?dry_run=false")
        #expect(request.value(forHTTPHeaderField: "X-Trace") == nil)
        #expect(request.value(forHTTPHeaderField: "Content-Type") == "application/merge-patch+json")
        #expect(text(request.httpBody) == "{}")
    }
}
