import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The pages of a paginated endpoint, fetched one at a time as the loop asks for them.
///
/// The first request goes out when iteration starts, each next one only when the caller asks for
/// the next page; the sequence ends after the last page, throws `CancellationError` when the task
/// is cancelled, and `PaginationError` when the server names a page it already sent or a link to
/// another origin (after delivering every page before it).
///
/// ```swift
/// for try await page in client.pages(of: BooksEndpoints.search(q: "dune")) {
///     show(page.items)
/// }
/// ```
public struct PageSequence<Response: Sendable>: AsyncSequence, Sendable {
    /// A page.
    public typealias Element = Response

    let client: any HTTPClient
    let first: Endpoint<Response>

    /// Fetches the pages in order.
    public struct AsyncIterator: AsyncIteratorProtocol {
        let client: any HTTPClient
        var upcoming: Endpoint<Response>?
        var pending: (any Error)?
        var fetched: Set<String> = []

        /// The next page, or nil after the last one.
        public mutating func next() async throws -> Response? {
            if let pending {
                self.pending = nil
                upcoming = nil
                throw pending
            }
            guard let endpoint = upcoming else { return nil }
            try Task.checkCancellation()
            fetched.insert(endpoint.pageKey)
            let page: Response
            let linkHeader: String?
            if case .linkHeader? = endpoint.pagination?.rule {
                let linked = try await client.send(Self.readingLinkHeader(endpoint))
                (page, linkHeader) = (linked.page, linked.link)
            } else {
                (page, linkHeader) = (try await client.send(endpoint), nil)
            }
            upcoming = endpoint.nextPage(after: page, linkHeader: linkHeader)
            if let next = upcoming, fetched.contains(next.pageKey) {
                pending = PaginationError.repeatedPage(route: endpoint.route)
            }
            return page
        }

        /// The endpoint with a decode step that keeps the `Link` header beside the page.
        static func readingLinkHeader(_ endpoint: Endpoint<Response>) -> Endpoint<LinkedPage<Response>> {
            let decode = endpoint.decode
            var linked = Endpoint<LinkedPage<Response>>(
                method: endpoint.method, path: endpoint.path, hasTrailingSlash: endpoint.hasTrailingSlash,
                query: endpoint.query, headers: endpoint.headers, body: endpoint.body,
                auth: endpoint.auth, accept: endpoint.accept,
                decode: { data, response in
                    LinkedPage(page: try decode(data, response), link: response.value(forHTTPHeaderField: "Link"))
                }
            )
            linked.link = endpoint.link
            linked.alternativeAuth = endpoint.alternativeAuth
            return linked
        }
    }

    /// Starts fetching from the first page.
    public func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(client: client, upcoming: first)
    }
}

/// A page with the `Link` header it came with.
struct LinkedPage<Page: Sendable>: Sendable {
    var page: Page
    var link: String?
}

/// The items of every page of a paginated endpoint, one at a time, fetching a page only when
/// the items before it are used up.
public struct ItemSequence<Page: Sendable, Item: Sendable>: AsyncSequence, Sendable {
    /// An item.
    public typealias Element = Item

    let pages: PageSequence<Page>
    let items: @Sendable (Page) -> [Item]

    /// Walks the pages' items in order.
    public struct AsyncIterator: AsyncIteratorProtocol {
        var pages: PageSequence<Page>.AsyncIterator
        let items: @Sendable (Page) -> [Item]
        var buffer: [Item] = []
        var position = 0

        /// The next item, or nil after the last page's last one.
        public mutating func next() async throws -> Item? {
            while position == buffer.count {
                guard let page = try await pages.next() else { return nil }
                buffer = items(page)
                position = 0
            }
            defer { position += 1 }
            return buffer[position]
        }
    }

    /// Starts from the first page's first item.
    public func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(pages: pages.makeAsyncIterator(), items: items)
    }
}

extension HTTPClient {
    /// The pages of `endpoint`, following its `pagination` (a single page when it has none).
    public func pages<Response>(of endpoint: Endpoint<Response>) -> PageSequence<Response> {
        PageSequence(client: self, first: endpoint)
    }

    /// The items of every page of `endpoint`: `items` reads them from a page.
    public func items<Page, Item>(of endpoint: Endpoint<Page>, _ items: @escaping @Sendable (Page) -> [Item]) -> ItemSequence<Page, Item> {
        ItemSequence(pages: pages(of: endpoint), items: items)
    }
}
