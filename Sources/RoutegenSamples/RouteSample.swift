import RoutegenCore

/// What a route answers with when the API is sampled (`routegen serve`, the generated preview
/// client): the one place of those answers, pages and error body included, so both send the same
/// bytes and a screen looks the same in a preview and against `serve`.
public struct RouteSample: Hashable, Sendable {
    /// A response body.
    public enum Body: Hashable, Sendable {
        /// JSON: the sample of the response type.
        case json(SampleJSON)
        /// `Data`: the bytes of `RouteSample.dataText` ("sample"), whatever the route accepts.
        case bytes
        /// `Empty`: no body (a 204).
        case empty
        /// None: the response type, or a part it cannot leave out, comes from an imported module
        /// (the type as written).
        case unavailable(String)
    }

    /// The text whose UTF-8 bytes a `Data` response is: `sample`, which JSON-encodes as
    /// `SampleMaker`'s `Data` sample `"c2FtcGxl"`.
    public static let dataText = "sample"

    /// The answer of a route that does not page: its response type's sample (named after the
    /// route). For a paginated route that sample too, but each page is `paging.page(_:link:)`.
    public var body: Body
    /// How a paginated route's pages follow each other; nil for a route that does not page, or
    /// whose response has no sample.
    public var paging: Paging?
    /// The sample of the route's error body type (`errors T`, the nearest one): the body a
    /// failure carries; nil when the route declares none, or it has no sample.
    public var errorBody: SampleJSON?

    /// Creates a sample answer.
    public init(body: Body, paging: Paging? = nil, errorBody: SampleJSON? = nil) {
        self.body = body
        self.paging = paging
        self.errorBody = errorBody
    }

    /// Which page of a paginated route a request asks for.
    public enum PageIndex: Int, CaseIterable, Hashable, Sendable {
        /// The first page: no cursor, or a page number or offset up to the first one.
        case first
        /// The second and last page: the one the first page names.
        case second
        /// Beyond the last page, for page numbers and offsets without a has-more field: a page
        /// with no items, which ends a page-number or offset sequence.
        case pastTheEnd
    }

    /// A paginated route's pages: a first page that names a second and last one the way the
    /// route's `paginate` clause reads it, and for page numbers and offsets an empty page after it.
    ///
    /// The second page is the response's sample at ordinal 3 (items 3 and 4), so the items of
    /// the two pages differ: a loop over the items sees four and stops.
    public struct Paging: Hashable, Sendable {
        /// How a request's value of `parameter` names its page.
        public enum Reading: Hashable, Sendable {
            /// A cursor: any non-empty value asks for the second page.
            case cursor
            /// A number (a page number, an offset, a link's `page`): up to `first` the first
            /// page, up to `last` the second, beyond it past the end (the second page when there
            /// is no past-the-end page). Absent or not a number: `first`.
            case number(first: Int, last: Int)
        }

        /// Where the first page names the second when that is a URL, which only the answering
        /// side can write (its origin, the request's path and query).
        public enum Link: Hashable, Sendable {
            /// A field of the first page holds the second page's URL (`paginate next_url -> link`).
            case field(String)
            /// The first page's `Link` header names it (`paginate link`).
            case header
        }

        /// The query parameter whose value names the page: the cursor, page or offset
        /// parameter, or `linkParameter` for a link.
        public var parameter: String
        /// How its value is read.
        public var reading: Reading
        /// The value of `parameter` that asks for the second page: the first page's cursor
        /// (`page-2`), the second page number, the offset after the first page's items, `2` for a link.
        public var secondValue: String
        /// Where a link to the second page goes; nil when a query parameter names it.
        public var link: Link?
        /// The first page: for a cursor, its cursor field is `secondValue`; with a has-more
        /// field, that is true; for a body link, `page(_:link:)` sets the link field.
        public var firstPage: SampleJSON
        /// The second and last page: its cursor or link field absent (`null` when the model
        /// requires the field), its has-more field false.
        public var secondPage: SampleJSON
        /// The page past the end: the second page with no items; nil when the sequence stops at
        /// the second page by itself (a cursor, a link, a has-more field).
        public var pastTheEndPage: SampleJSON?

        /// The query item a link to the second page sets: `page`.
        public static let linkParameter = "page"

        /// Creates the pages.
        public init(parameter: String, reading: Reading, secondValue: String, link: Link?, firstPage: SampleJSON, secondPage: SampleJSON, pastTheEndPage: SampleJSON?) {
            self.parameter = parameter
            self.reading = reading
            self.secondValue = secondValue
            self.link = link
            self.firstPage = firstPage
            self.secondPage = secondPage
            self.pastTheEndPage = pastTheEndPage
        }

        /// The page a request asks for, from its (last) value of `parameter`, percent-decoded.
        public func index(of value: String?) -> PageIndex {
            switch reading {
            case .cursor:
                return (value ?? "").isEmpty ? .first : .second
            case .number(let first, let last):
                let number = value.flatMap { Int($0) } ?? first
                if number <= first { return .first }
                return number <= last || pastTheEndPage == nil ? .second : .pastTheEnd
            }
        }

        /// The body of page `index`; `link` is the second page's URL as the answering side
        /// writes it (`secondPageTarget(path:query:)` after its origin), which a body link's
        /// first page holds in its field.
        public func page(_ index: PageIndex, link: String) -> SampleJSON {
            switch index {
            case .first:
                guard case .field(let field)? = self.link else { return firstPage }
                return RouteSample.setting(field, to: .string(link), in: firstPage)
            case .second: return secondPage
            case .pastTheEnd: return pastTheEndPage ?? secondPage
            }
        }

        /// The path and query of the second page a link names, from the first request's path
        /// and query as sent (percent-encoded; nil without `?`): the same path, the query's
        /// items but `page`, then `page=2`. `/books?q=a%20b` → `/books?q=a%20b&page=2`.
        public static func secondPageTarget(path: String, query: String?) -> String {
            let kept = (query ?? "").split(separator: "&").filter { $0.prefix { $0 != "=" } != linkParameter }
            return path + "?" + (kept + [Substring(linkParameter + "=2")]).joined(separator: "&")
        }

        /// The `Link` header of a first page that names `link`: `<link>; rel="next"`.
        public static func linkHeader(to link: String) -> String {
            "<" + link + ">; rel=\"next\""
        }
    }
}

extension SampleMaker {
    /// The sample answer of `route`: its response type's sample (named after the route; `first`,
    /// when the caller has made it already), its pages when it pages, and its error body's sample.
    public func sample(of route: Route, first: SampleJSON? = nil) -> RouteSample {
        let errorBody = route.errorBody.flatMap { sample(of: $0, name: "error") }
        switch route.response {
        case .named(EndpointKitVocabulary.dataType, []), .named(EndpointKitVocabulary.qualifiedDataType, []): return RouteSample(body: .bytes, errorBody: errorBody)
        case .named(EndpointKitVocabulary.emptyType, []), .named(EndpointKitVocabulary.qualifiedEmptyType, []): return RouteSample(body: .empty, errorBody: errorBody)
        default: break
        }
        guard let response = first ?? sample(of: route.response, name: route.name) else {
            return RouteSample(body: .unavailable(route.response.description), errorBody: errorBody)
        }
        return RouteSample(body: .json(response), paging: paging(of: route, first: response), errorBody: errorBody)
    }

    /// The pages of `route` whose response's sample is `first`; nil when it does not page.
    private func paging(of route: Route, first: SampleJSON) -> RouteSample.Paging? {
        guard let pagination = route.pagination, let second = sample(of: route.response, name: route.name, ordinal: 3) else { return nil }
        let items = pagination.itemsField
        /// The field absent, or `null` when the response model requires it.
        func ending(_ field: String, in page: SampleJSON) -> SampleJSON {
            guard case .object(var members) = page else { return page }
            if self.field(field, of: route.response)?.presence == .requiredNullable { return RouteSample.setting(field, to: .null, in: page) }
            members.removeAll { $0.key == field }
            return .object(members)
        }
        func emptied(_ page: SampleJSON) -> SampleJSON? {
            items.map { RouteSample.setting($0, to: .array([]), in: page) }
        }
        func start(_ parameter: String, otherwise: Int) -> Int {
            guard let value = route.queryParameters.first(where: { $0.name == parameter })?.defaultValue, case .integer(let text) = value else { return otherwise }
            return Int(text) ?? otherwise
        }
        let linkReading = RouteSample.Paging.Reading.number(first: 1, last: 2)
        switch pagination.style {
        case .cursor(let field, let parameter):
            let cursor = "page-2"
            return .init(parameter: parameter, reading: .cursor, secondValue: cursor, link: nil,
                         firstPage: RouteSample.setting(field, to: .string(cursor), in: first), secondPage: ending(field, in: second), pastTheEndPage: nil)
        case .bodyLink(let field):
            return .init(parameter: RouteSample.Paging.linkParameter, reading: linkReading, secondValue: "2", link: .field(field),
                         firstPage: first, secondPage: ending(field, in: second), pastTheEndPage: nil)
        case .linkHeader:
            return .init(parameter: RouteSample.Paging.linkParameter, reading: linkReading, secondValue: "2", link: .header,
                         firstPage: first, secondPage: second, pastTheEndPage: nil)
        case .pageNumber(let parameter):
            let number = start(parameter, otherwise: 1)
            return .init(parameter: parameter, reading: .number(first: number, last: number + 1), secondValue: String(number + 1), link: nil,
                         firstPage: first, secondPage: second, pastTheEndPage: emptied(second))
        case .offset(let parameter, let hasMore):
            let offset = start(parameter, otherwise: 0)
            let last = offset + RouteSample.count(of: items, in: first)
            guard let hasMore else {
                return .init(parameter: parameter, reading: .number(first: offset, last: last), secondValue: String(last), link: nil,
                             firstPage: first, secondPage: second, pastTheEndPage: emptied(second))
            }
            return .init(parameter: parameter, reading: .number(first: offset, last: last), secondValue: String(last), link: nil,
                         firstPage: RouteSample.setting(hasMore, to: .bool(true), in: first),
                         secondPage: RouteSample.setting(hasMore, to: .bool(false), in: second), pastTheEndPage: nil)
        }
    }
}

extension RouteSample {
    /// Whether `route` answers JSON (not `Data` or `Empty`), so its answer needs the response's sample.
    public static func answersJSON(_ route: Route) -> Bool {
        switch route.response {
        case .named(EndpointKitVocabulary.dataType, []), .named(EndpointKitVocabulary.qualifiedDataType, []),
             .named(EndpointKitVocabulary.emptyType, []), .named(EndpointKitVocabulary.qualifiedEmptyType, []): false
        default: true
        }
    }

    /// `page` with its member `key` set to `value` (added when it has none).
    static func setting(_ key: String, to value: SampleJSON, in page: SampleJSON) -> SampleJSON {
        guard case .object(var members) = page else { return page }
        if let index = members.firstIndex(where: { $0.key == key }) {
            members[index].value = value
        } else {
            members.append(.init(key, value))
        }
        return .object(members)
    }

    /// How many elements the array member `key` of `page` has (0 without one).
    static func count(of key: String?, in page: SampleJSON) -> Int {
        guard let key, case .object(let members) = page, case .array(let elements)? = members.first(where: { $0.key == key })?.value else { return 0 }
        return elements.count
    }
}
