import EndpointKit
import Foundation
import LibraryAPI
import LibraryAPIPreview
import PizzeriaAPI
import PizzeriaAPIPreview
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
    /// with `JSONCoding.encoder`, is exactly `SampleMaker`'s text for the route (a paginated
    /// route's first page; `PreviewServeParityTests` walks every page against serve).
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
            let expected: String
            if let paging = maker.sample(of: route).paging {
                expected = paging.page(.first, link: "").text
            } else {
                expected = try #require(maker.sample(of: route.response, name: route.name)?.text, "\(route.name)")
            }
            #expect(answers[route.name] == expected, "\(route.name)")
        }
        #expect(answers["search"]?.hasSuffix(#""title":"Title 2"}],"next":"page-2"}"#) == true)
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
        #expect(maker.sample(of: try #require(routes["cover"])) == RouteSample(body: .bytes))
        #expect(maker.sample(of: try #require(routes["returnBook"])) == RouteSample(body: .empty))
        #expect(RouteSample.dataText == "sample")
    }

    @Test func aRouteWithAnErrorBodyTypeHasItsSample() throws {
        let pizzeria = try SampleSpecs.specModel("Pizzeria")
        let maker = SampleMaker(api: pizzeria)
        let routes = Dictionary(uniqueKeysWithValues: pizzeria.routes.map { ($0.name, $0) })
        // `group Orders auth errors OrderProblem`: every route of the group, whatever it answers.
        for name in ["myOrders", "cancelOrder", "receipt"] {
            #expect(maker.sample(of: try #require(routes[name])).errorBody?.text == #"{"detail":"Detail 1","status":400,"title":"Title 1"}"#, "\(name)")
        }
        #expect(maker.sample(of: try #require(routes["me"])).errorBody == nil)
    }

    @Test func thePreviewClientFailsARouteWithItsErrorBodysSample() async throws {
        let client = PizzeriaPreviewClient()
            .failing(OrdersEndpoints.cancelOrder(id: ID("any")), status: 409)
            .failing(ProfileEndpoints.me)
        do {
            try await client.send(OrdersEndpoints.cancelOrder(id: ID("o-1")))
            Issue.record("no failure")
        } catch let error as APIError {
            #expect(error.body(as: OrderProblem.self) == .sample)
            #expect(OrderProblem.sample == OrderProblem(title: "Title 1", detail: "Detail 1", status: 400))
            guard case .api(409, "Detail 1", _, _) = error else { Issue.record("\(error)"); return }
        }
        // A route without an error body type fails with no body, as against a server that sends none.
        await #expect(throws: APIError.api(status: 422, message: "Request failed with 422.", body: nil)) {
            try await client.send(ProfileEndpoints.me)
        }
        // Only the failed route fails.
        #expect(try await client.send(CatalogEndpoints.openingHours).count == 2)
    }

    @Test func eachPaginationFormHasItsPages() throws {
        let api = try SampleSpecs.model("""
        api T
        model Page
          items: [Int]
          next:  String?
          more:  Bool = false
        model Required
          items: [Int]
          next:  String? required
        group G public
          cursor   GET /a ?cursor: String?        -> Page  paginate next -> ?cursor each items
          link     GET /b                         -> Page  paginate next -> link
          numbered GET /c ?page: Int = 1          -> Page  paginate page ?page each items
          offset   GET /d ?offset: Int?           -> Page  paginate offset ?offset while more each items
          header   GET /e                         -> Page  paginate link
          plain    GET /f                         -> Page
          counted  GET /g ?offset: Int = 10       -> Page  paginate offset ?offset each items
          nulled   GET /h ?cursor: String?        -> Required  paginate next -> ?cursor each items
        """)
        let maker = SampleMaker(api: api)
        let routes = Dictionary(uniqueKeysWithValues: api.routes.map { ($0.name, $0) })
        struct NoPages: Error { let route: String }
        func paging(_ name: String) throws -> RouteSample.Paging {
            guard let route = routes[name], let paging = maker.sample(of: route).paging else { throw NoPages(route: name) }
            return paging
        }
        func pages(_ name: String) throws -> [String] { try RouteSample.PageIndex.allCases.map { try paging(name).page($0, link: "L").text } }
        let first = #"{"items":[1,2],"more":true,"next":"Next 1"}"#
        let second = #"{"items":[3,4],"more":true,"next":"Next 3"}"#
        let empty = #"{"items":[],"more":true,"next":"Next 3"}"#
        #expect(maker.sample(of: try #require(routes["plain"])) == RouteSample(body: .json(try #require(maker.sample(of: .named("Page"), name: "plain")))))
        #expect(try pages("cursor") == [#"{"items":[1,2],"more":true,"next":"page-2"}"#, #"{"items":[3,4],"more":true}"#, #"{"items":[3,4],"more":true}"#])
        #expect(try pages("nulled") == [#"{"items":[1,2],"next":"page-2"}"#, #"{"items":[3,4],"next":null}"#, #"{"items":[3,4],"next":null}"#])
        #expect(try pages("link") == [#"{"items":[1,2],"more":true,"next":"L"}"#, #"{"items":[3,4],"more":true}"#, #"{"items":[3,4],"more":true}"#])
        #expect(try pages("header") == [first, second, second])
        #expect(try pages("numbered") == [first, second, empty])
        #expect(try pages("offset") == [#"{"items":[1,2],"more":true,"next":"Next 1"}"#, #"{"items":[3,4],"more":false,"next":"Next 3"}"#, #"{"items":[3,4],"more":false,"next":"Next 3"}"#])
        #expect(try pages("counted") == [first, second, empty])

        typealias Paging = RouteSample.Paging
        let read = { (name: String) throws -> (String, Paging.Reading, String, Paging.Link?) in
            let paging = try paging(name)
            return (paging.parameter, paging.reading, paging.secondValue, paging.link)
        }
        #expect(try read("cursor") == ("cursor", .cursor, "page-2", nil))
        #expect(try read("link") == ("page", .number(first: 1, last: 2), "2", .field("next")))
        #expect(try read("header") == ("page", .number(first: 1, last: 2), "2", .header))
        #expect(try read("numbered") == ("page", .number(first: 1, last: 2), "2", nil))
        #expect(try read("offset") == ("offset", .number(first: 0, last: 2), "2", nil))
        #expect(try read("counted") == ("offset", .number(first: 10, last: 12), "12", nil))

        // Which page a request's value asks for.
        let cursor = try paging("cursor"), numbered = try paging("numbered"), offset = try paging("offset"), counted = try paging("counted")
        #expect([nil, "", "page-2", "anything"].map { cursor.index(of: $0) } == [.first, .first, .second, .second])
        #expect([nil, "0", "1", "2", "3", "x"].map { numbered.index(of: $0) } == [.first, .first, .first, .second, .pastTheEnd, .first])
        // With a has-more field the second page ends the sequence by itself: no page past it.
        #expect([nil, "0", "2", "9"].map { offset.index(of: $0) } == [.first, .first, .second, .second])
        #expect([nil, "10", "11", "12", "13"].map { counted.index(of: $0) } == [.first, .first, .second, .second, .pastTheEnd])
    }

    @Test func aLinkToTheSecondPageKeepsTheQueryButPage() {
        typealias Paging = RouteSample.Paging
        #expect(Paging.secondPageTarget(path: "/books", query: nil) == "/books?page=2")
        #expect(Paging.secondPageTarget(path: "/books", query: "") == "/books?page=2")
        #expect(Paging.secondPageTarget(path: "/s%201/books", query: "q=a%20b&page=1&pages=3&page") == "/s%201/books?q=a%20b&pages=3&page=2")
        #expect(Paging.linkHeader(to: "http://h/b?page=2") == #"<http://h/b?page=2>; rel="next""#)
    }
}
