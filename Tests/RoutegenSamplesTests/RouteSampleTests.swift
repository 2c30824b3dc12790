import EndpointKit
import Foundation
import LibraryAPI
import PizzeriaAPI
import RoutegenCore
import RoutegenSamples
import Testing

/// What a route answers when the API is sampled, and the promise of the generated preview client:
/// the same bytes `SampleMaker` makes for `routegen serve`.
@Suite("Route samples and the preview client's answers")
struct RouteSampleTests {
    private static func json(_ value: some Encodable) throws -> String {
        String(decoding: try JSONCoding.encoder.encode(value), as: UTF8.self)
    }

    /// The "same data as serve" promise, route by route: the preview client's answer, encoded
    /// with `JSONCoding.encoder`, is exactly `SampleMaker`'s text for the route's response type.
    @Test func thePreviewClientAnswersEveryLibraryRouteWithSampleMakersText() async throws {
        let library = try SampleSpecs.specModel("Library")
        let client = LibraryPreviewClient()
        let id = ID<LibraryAPI.Book>("b-7")
        let answers: [String: String] = [
            "book": try Self.json(await client.send(BooksEndpoints.book(id: id))),
            "search": try Self.json(await client.send(BooksEndpoints.search(q: "dune"))),
            "createBook": try Self.json(await client.send(BooksEndpoints.createBook(body: .sample))),
            "updateBook": try Self.json(await client.send(BooksEndpoints.updateBook(id: id, body: .sample))),
            "cover": try Self.json(await client.send(BooksEndpoints.cover(id: id))),
            "loans": try Self.json(await client.send(LoansEndpoints.loans)),
            "returnBook": try Self.json(await client.send(LoansEndpoints.returnBook(id: id))),
            "uploadCover": try Self.json(await client.send(BooksEndpoints.uploadCover(id: id, body: CoverUpload(image: FilePart(data: Data("PNG".utf8), filename: "c.png"))))),
        ]
        #expect(answers.keys.sorted() == library.routes.map(\.name).sorted(), "a route of the Library is missing here")
        let maker = SampleMaker(api: library)
        for route in library.routes {
            let expected = try #require(maker.sample(of: route.response, name: route.name)?.text, "\(route.name)")
            #expect(answers[route.name] == expected, "\(route.name)")
        }
    }

    @Test func aRouteWhoseTypeComesFromAnImportedModuleThrowsAClearError() async throws {
        let client = PizzeriaPreviewClient()
        await #expect(throws: PizzeriaPreviewClient.Failure.noSample(route: "GET /api/products", type: "[Product]")) {
            try await client.send(CatalogEndpoints.products)
        }
        #expect(PizzeriaPreviewClient.Failure.noSample(route: "GET /api/products", type: "[Product]").description
            == "'GET /api/products' answers '[Product]', which has no sample (a type from an imported module); call overriding(_:with:) for it")
        // A declared type still answers, and an override fills the gap.
        #expect(try await client.send(CatalogEndpoints.openingHours).count == 2)
        #expect(try await client.overriding(CatalogEndpoints.products, with: []).send(CatalogEndpoints.products) == [])
    }

    @Test func dataAndEmptyAnswerBytesAndNothing() throws {
        let library = try SampleSpecs.specModel("Library")
        let maker = SampleMaker(api: library)
        let routes = Dictionary(uniqueKeysWithValues: library.routes.map { ($0.name, $0) })
        #expect(maker.sample(of: try #require(routes["cover"])) == RouteSample(first: .bytes))
        #expect(maker.sample(of: try #require(routes["returnBook"])) == RouteSample(first: .empty))
        #expect(RouteSample.dataText == "sample")
    }

    @Test func eachPaginationFormHasItsLastPage() throws {
        let api = try SampleSpecs.model("""
        api T
        model Page
          items: [Int]
          next:  String?
          more:  Bool = false
        group G public
          cursor   GET /a ?cursor: String?        -> Page  paginate next -> ?cursor each items
          link     GET /b                         -> Page  paginate next -> link
          numbered GET /c ?page: Int = 1          -> Page  paginate page ?page each items
          offset   GET /d ?offset: Int?           -> Page  paginate offset ?offset while more each items
          header   GET /e                         -> Page  paginate link
          plain    GET /f                         -> Page
        """)
        let maker = SampleMaker(api: api)
        let routes = Dictionary(uniqueKeysWithValues: api.routes.map { ($0.name, $0) })
        func sample(_ name: String) throws -> RouteSample { maker.sample(of: try #require(routes[name])) }
        func text(_ body: RouteSample.Body?) -> String? { if case .json(let json)? = body { json.text } else { nil } }
        let first = #"{"items":[1,2],"more":true,"next":"Next 1"}"#
        for name in ["cursor", "link", "numbered", "offset", "header", "plain"] { #expect(text(try sample(name).first) == first, "\(name)") }
        #expect(text(try sample("cursor").following) == #"{"items":[1,2],"more":true}"#)
        #expect(try sample("cursor").followingRequest == .init(parameter: "cursor", firstValue: nil))
        #expect(text(try sample("link").following) == #"{"items":[1,2],"more":true}"#)
        #expect(try sample("link").followingRequest == .init(parameter: nil, firstValue: nil))
        #expect(text(try sample("numbered").following) == #"{"items":[],"more":true,"next":"Next 1"}"#)
        #expect(try sample("numbered").followingRequest == .init(parameter: "page", firstValue: "1"))
        #expect(text(try sample("offset").following) == #"{"items":[],"more":true,"next":"Next 1"}"#)
        #expect(try sample("offset").followingRequest == .init(parameter: "offset", firstValue: "0"))
        #expect(try sample("header").following == nil && sample("plain").following == nil)
    }
}
