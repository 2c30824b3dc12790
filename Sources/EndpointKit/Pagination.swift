import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// How a paginated endpoint finds its next page: declared once, next to the route, so every
/// caller gets the same loop (`HTTPClient.pages(of:)`).
public struct Pagination<Response: Sendable>: Sendable {
    enum Rule: Sendable {
        case cursor(parameter: String, next: @Sendable (Response) -> String?)
        case link(@Sendable (Response) -> String?)
        case linkHeader
        case pageNumber(parameter: String, first: Int, isLast: @Sendable (Response) -> Bool)
        case offset(parameter: String, count: @Sendable (Response) -> Int, hasMore: (@Sendable (Response) -> Bool)?)
    }

    let rule: Rule

    /// The page names the next one by a cursor (`next`), sent back as the query item `parameter`;
    /// no cursor (nil or empty) means the last page.
    public static func cursor(parameter: String, next: @escaping @Sendable (Response) -> String?) -> Pagination {
        Pagination(rule: .cursor(parameter: parameter, next: next))
    }

    /// The page holds the next page's URL or path (Twilio's `next_page_uri`); it is followed only
    /// when it has the base URL's origin, so a credential never goes to a host the API did not name.
    public static func link(next: @escaping @Sendable (Response) -> String?) -> Pagination {
        Pagination(rule: .link(next))
    }

    /// The response's `Link` header names the next page (RFC 8288, `rel="next"`; GitHub), followed
    /// only on the base URL's origin. It needs a client that reads responses (`URLSessionHTTPClient`).
    public static var linkHeader: Pagination {
        Pagination(rule: .linkHeader)
    }

    /// Pages are numbered in the query item `parameter` (`first` when the endpoint sends none);
    /// the page `isLast` says so (typically: it has no items) ends the sequence.
    public static func pageNumber(parameter: String, first: Int = 1, isLast: @escaping @Sendable (Response) -> Bool) -> Pagination {
        Pagination(rule: .pageNumber(parameter: parameter, first: first, isLast: isLast))
    }

    /// Items are counted from the query item `parameter` (0 when the endpoint sends none): the next
    /// page starts `count` items later; a page with no items, or whose `hasMore` is false
    /// (PagerDuty's `more`), is the last.
    public static func offset(
        parameter: String, count: @escaping @Sendable (Response) -> Int, hasMore: (@Sendable (Response) -> Bool)? = nil
    ) -> Pagination {
        Pagination(rule: .offset(parameter: parameter, count: count, hasMore: hasMore))
    }
}

/// Why a page sequence stopped early. The pages already delivered stay delivered.
public enum PaginationError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The server named a page the sequence had already fetched (the route); following it would loop.
    case repeatedPage(route: String)
    /// The next page's link leads to another origin than the base URL's (the link's host).
    case linkToAnotherOrigin(host: String)
    /// The next page's link is not a URL (the link as sent).
    case invalidLink(String)

    /// A sentence saying what happened.
    public var description: String {
        switch self {
        case .repeatedPage(let route):
            "\(route) named a page it had already sent; stopped instead of fetching it again"
        case .linkToAnotherOrigin(let host):
            "the next page's link leads to another host (\(host)); it was not followed, so no credential left the API's origin"
        case .invalidLink(let link):
            "the next page's link '\(link)' is not a URL"
        }
    }
}

extension Endpoint {
    /// This endpoint, paginated by `pagination`.
    public func paginated(_ pagination: Pagination<Response>) -> Endpoint {
        var copy = self
        copy.pagination = pagination
        return copy
    }

    /// The endpoint of the page after `page`: the same method, path, query and headers with the
    /// cursor, page number or offset moved on, or the link the page names; nil after the last page
    /// or when the endpoint is not paginated. (A `Link` header is read by `HTTPClient.pages(of:)`.)
    public func nextPage(after page: Response) -> Endpoint? {
        nextPage(after: page, linkHeader: nil)
    }

    /// `nextPage(after:)`, with the response's `Link` header for `.linkHeader`.
    func nextPage(after page: Response, linkHeader: String?) -> Endpoint? {
        guard let pagination else { return nil }
        switch pagination.rule {
        case .cursor(let parameter, let next):
            guard let cursor = next(page), !cursor.isEmpty else { return nil }
            return replacingQuery(parameter, with: cursor)
        case .link(let next):
            guard let link = next(page), !link.isEmpty else { return nil }
            return following(link)
        case .linkHeader:
            guard let link = linkHeader.flatMap(LinkHeader.next(in:)) else { return nil }
            return following(link)
        case .pageNumber(let parameter, let first, let isLast):
            guard !isLast(page) else { return nil }
            let current = queryValue(parameter).flatMap(Int.init) ?? first
            return replacingQuery(parameter, with: String(current + 1))
        case .offset(let parameter, let count, let hasMore):
            let items = count(page)
            guard items > 0, hasMore?(page) ?? true else { return nil }
            let current = queryValue(parameter).flatMap(Int.init) ?? 0
            return replacingQuery(parameter, with: String(current + items))
        }
    }

    /// What tells this page's request from every other of the same sequence.
    var pageKey: String {
        if let link { return "link " + link }
        return query.map { $0.name + "=" + ($0.value ?? "") }.joined(separator: "&")
    }

    private func queryValue(_ name: String) -> String? {
        query.last { $0.name == name }?.value
    }

    private func replacingQuery(_ name: String, with value: String) -> Endpoint {
        var copy = self
        copy.query = query.filter { $0.name != name } + [URLQueryItem(name: name, value: value)]
        return copy
    }

    private func following(_ link: String) -> Endpoint {
        var copy = self
        copy.link = link
        return copy
    }
}

/// The `rel="next"` target of an RFC 8288 `Link` header.
enum LinkHeader {
    static func next(in header: String) -> String? {
        for value in header.split(separator: ",") {
            let parts = value.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
            guard let target = parts.first, target.hasPrefix("<"), target.hasSuffix(">") else { continue }
            let isNext = parts.dropFirst().contains { parameter in
                let pair = parameter.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
                guard pair.count == 2, pair[0].lowercased() == "rel" else { return false }
                let relations = pair[1].trimmingCharacters(in: CharacterSet(charactersIn: "\"")).lowercased()
                return relations.split(separator: " ").contains("next")
            }
            if isNext { return String(target.dropFirst().dropLast()) }
        }
        return nil
    }
}
