import EndpointKit
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import LibraryAPI
import LibraryAPIPreview
import PagingAPI
import PagingAPIPreview
import RoutegenCore
import RoutegenServe
import Testing

/// The preview client's promise for pages: the generated preview client answers every page of every
/// paginated route with the bytes `routegen serve` sends for the same request (both read
/// `RouteSample.Paging`), so a paged screen looks the same in a preview and against serve. Only
/// the origin of a link to the second page differs: serve writes `http://<Host>`, the preview
/// client `https://preview.invalid`.
@Suite("The preview client's pages are serve's")
struct PreviewServeParityTests {
    /// The preview client's origin, and the `Host` serve is asked as.
    private static let previewOrigin = "https://preview.invalid"
    private static let host = "127.0.0.1:8080"

    /// One answer the preview client gave: its URL, body and `Link` header.
    struct Exchange: Equatable, CustomStringConvertible {
        var target: String
        var body: String
        var link: String?

        var description: String { target + " -> " + body + (link.map { " Link: " + $0 } ?? "") }
    }

    /// An `HTTPClient` that passes every request to the preview client and keeps what it answered
    /// before the endpoint decodes it.
    final class Tap: HTTPClient, @unchecked Sendable {
        private let inner: any HTTPClient
        private let lock = NSLock()
        private var recorded: [Exchange] = []

        init(_ inner: any HTTPClient) { self.inner = inner }

        var exchanges: [Exchange] { lock.withLock { recorded } }

        func send<Response>(_ endpoint: Endpoint<Response>) async throws -> Response {
            var tapped = endpoint
            let decode = endpoint.decode
            tapped.decode = { [self] data, response in
                let components = response.url.flatMap { URLComponents(url: $0, resolvingAgainstBaseURL: false) }
                let target = (components?.percentEncodedPath ?? "") + (components?.percentEncodedQuery.map { "?" + $0 } ?? "")
                let exchange = Exchange(target: target, body: String(decoding: data, as: UTF8.self), link: response.value(forHTTPHeaderField: "Link"))
                lock.withLock { recorded.append(exchange) }
                return try decode(data, response)
            }
            return try await inner.send(tapped)
        }
    }

    /// Walks `endpoint`'s pages through the preview client, then asks once beyond them (the
    /// parameter that names the page set to 9); checks serve answers each request with the same
    /// bytes, and returns the items the loop saw and the preview's answers.
    private static func walk<Page: Sendable>(
        _ endpoint: Endpoint<Page>, parameter: String, client: any HTTPClient, served: ServedAPI, items: @escaping @Sendable (Page) -> [String],
        sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) async throws -> (items: [String], exchanges: [Exchange]) {
        let tap = Tap(client)
        var seen: [String] = []
        for try await page in tap.pages(of: endpoint) { seen += items(page) }
        var beyond = endpoint
        beyond.query = endpoint.query.filter { $0.name != parameter } + [URLQueryItem(name: parameter, value: "9")]
        _ = try await tap.send(beyond)
        let exchanges = tap.exchanges
        for exchange in exchanges {
            let answer = served.answer(ServeRequest(method: "GET", target: exchange.target, headers: [("Host", host)]))
            let served = Exchange(
                target: exchange.target, body: String(decoding: answer.response.body, as: UTF8.self),
                link: answer.response.headers.first { $0.name == "Link" }?.value
            )
            let preview = Exchange(
                target: exchange.target, body: exchange.body.replacingOccurrences(of: previewOrigin, with: "http://" + host),
                link: exchange.link?.replacingOccurrences(of: previewOrigin, with: "http://" + host)
            )
            #expect(answer.response.status == 200, "\(exchange)", sourceLocation: sourceLocation)
            #expect(preview == served, sourceLocation: sourceLocation)
        }
        return (seen, exchanges)
    }

    private static func targets(_ exchanges: [Exchange]) -> [String] { exchanges.map(\.target) }

    @Test func theLibrarysSearchPagesAreServes() async throws {
        let library = try ServeTestSupport.specModel("Library")
        #expect(library.routes.filter { $0.pagination != nil }.map(\.name) == ["search"])
        let (items, exchanges) = try await Self.walk(
            BooksEndpoints.search(q: "dune & co"), parameter: "cursor", client: LibraryPreviewClient(), served: ServedAPI(models: [library]),
            items: { $0.items.map(\.id.rawValue) }
        )
        #expect(items == ["book-1", "book-2", "book-3", "book-4"])
        #expect(Self.targets(exchanges) == ["/books?limit=20&q=dune%20%26%20co", "/books?cursor=page-2&limit=20&q=dune%20%26%20co", "/books?cursor=9&limit=20&q=dune%20%26%20co"])
        #expect(exchanges.first?.body.hasSuffix(#""title":"Title 2"}],"next":"page-2"}"#) == true)
        #expect(exchanges.last?.body.hasSuffix(#""title":"Title 4"}]}"#) == true)
    }

    @Test func everyPaginateFormPagesAlikeInThePreviewAndInServe() async throws {
        let paging = try ServeTestSupport.specModel("Paging")
        let served = ServedAPI(models: [paging])
        let client = PagingPreviewClient()
        let four = ["item-1", "item-2", "item-3", "item-4"]
        var walked: [String] = []
        func walk<Page: Sendable>(_ name: String, _ endpoint: Endpoint<Page>, _ parameter: String, _ items: @escaping @Sendable (Page) -> [Item]) async throws -> [String] {
            walked.append(name)
            let (seen, exchanges) = try await Self.walk(endpoint, parameter: parameter, client: client, served: served, items: { items($0).map(\.id.rawValue) })
            #expect(seen == four, "\(name)")
            return Self.targets(exchanges)
        }
        let q = "a b&c"
        #expect(try await walk("byCursor", ListsEndpoints.byCursor(q: q), "cursor", { $0.items }) == ["/cursor?q=a%20b%26c", "/cursor?cursor=page-2&q=a%20b%26c", "/cursor?cursor=9&q=a%20b%26c"])
        #expect(try await walk("byBodyLink", ListsEndpoints.byBodyLink(shelf: ID("s 1"), q: q), "page", { $0.items })
            == ["/shelves/s%201/items?q=a%20b%26c", "/shelves/s%201/items?q=a%20b%26c&page=2", "/shelves/s%201/items?page=9&q=a%20b%26c"])
        #expect(try await walk("byLinkHeader", ListsEndpoints.byLinkHeader(q: q), "page", { $0.items }) == ["/linked?q=a%20b%26c", "/linked?q=a%20b%26c&page=2", "/linked?page=9&q=a%20b%26c"])
        #expect(try await walk("byPage", ListsEndpoints.byPage(), "page", { $0.items }) == ["/pages?page=1", "/pages?page=2", "/pages?page=3", "/pages?page=9"])
        #expect(try await walk("byZeroPage", ListsEndpoints.byZeroPage(), "page", { $0.items }) == ["/zero-pages?page=0", "/zero-pages?page=1", "/zero-pages?page=2", "/zero-pages?page=9"])
        #expect(try await walk("byOffset", ListsEndpoints.byOffset(), "offset", { $0.items }) == ["/offsets", "/offsets?offset=2", "/offsets?offset=4", "/offsets?offset=9"])
        #expect(try await walk("byMore", ListsEndpoints.byMore(), "offset", { $0.items }) == ["/more?offset=0", "/more?offset=2", "/more?offset=9"])
        #expect(walked == paging.routes.filter { $0.pagination != nil }.map(\.name), "a paginated route of Specs/Paging.routes is not walked here")
    }
}
