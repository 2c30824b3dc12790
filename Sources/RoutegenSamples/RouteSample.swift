import RoutegenCore

/// What a route answers with when the API is sampled (`routegen serve`, the generated preview
/// client): the same bytes in both, so a screen looks the same in a preview and against `serve`.
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

    /// The answer to the first request of the route.
    public var first: Body
    /// For a paginated route, the answer to a request for a later page: the last page (the
    /// first page with its cursor or link field left out, or with no items for `page` and
    /// `offset`); nil for a route that does not page, or pages by the `Link` header (one page).
    public var following: Body?
    /// For a paginated route with `following`, what tells a later page's request: the query
    /// parameter (cursor, page, offset) with a value other than `firstValue`, or, for a link in
    /// the body, the link itself (`parameter` nil).
    public var followingRequest: FollowingRequest?

    /// Creates a sample answer.
    public init(first: Body, following: Body? = nil, followingRequest: FollowingRequest? = nil) {
        self.first = first
        self.following = following
        self.followingRequest = followingRequest
    }

    /// What marks a request for a page after the first.
    public struct FollowingRequest: Hashable, Sendable {
        /// The query parameter that moves on; nil when the next page is a link the page names.
        public var parameter: String?
        /// The parameter's value on the first page: nil for a cursor (absent or empty), the
        /// parameter's default or 1 for a page number, its default or 0 for an offset.
        public var firstValue: String?

        /// Creates the mark.
        public init(parameter: String?, firstValue: String?) {
            self.parameter = parameter
            self.firstValue = firstValue
        }
    }
}

extension SampleMaker {
    /// The sample answer of `route`: its response type's sample (named after the route), and for a
    /// paginated route the last page that the first one leads to.
    public func sample(of route: Route) -> RouteSample {
        RouteSample(route: route, responseSample: RouteSample.answersJSON(route) ? sample(of: route.response, name: route.name) : nil)
    }
}

extension RouteSample {
    /// Whether `route` answers JSON (not `Data` or `Empty`), so its answer needs the response's sample.
    public static func answersJSON(_ route: Route) -> Bool {
        switch route.response {
        case .named("Data", []), .named("Foundation.Data", []), .named("Empty", []), .named("EndpointKit.Empty", []): false
        default: true
        }
    }

    /// The answer of `route`, given its response's sample (`SampleMaker.sample(of:name:)` with
    /// the route's name; nil when there is none): for a caller that makes each type's sample once.
    public init(route: Route, responseSample: SampleJSON?) {
        switch route.response {
        case .named("Data", []), .named("Foundation.Data", []): self.init(first: .bytes); return
        case .named("Empty", []), .named("EndpointKit.Empty", []): self.init(first: .empty); return
        default: break
        }
        guard let first = responseSample else { self.init(first: .unavailable(route.response.description)); return }
        self.init(first: .json(first))
        guard let pagination = route.pagination, case .object(let members) = first else { return }
        func defaultText(_ name: String, otherwise: String) -> String {
            guard let parameter = route.queryParameters.first(where: { $0.name == name }), let value = parameter.defaultValue else { return otherwise }
            switch value {
            case .integer(let text), .float(let text): return text
            case .boolean(let flag): return flag ? "true" : "false"
            case .string(let text): return text
            }
        }
        switch pagination.style {
        case .cursor(let field, let parameter):
            following = .json(.object(members.filter { $0.key != field }))
            followingRequest = .init(parameter: parameter, firstValue: nil)
        case .bodyLink(let field):
            following = .json(.object(members.filter { $0.key != field }))
            followingRequest = .init(parameter: nil, firstValue: nil)
        case .pageNumber(let parameter), .offset(let parameter, _):
            guard let items = pagination.itemsField else { return }
            following = .json(.object(members.map { $0.key == items ? SampleJSON.Member(items, .array([])) : $0 }))
            let isPage: Bool
            if case .pageNumber = pagination.style { isPage = true } else { isPage = false }
            followingRequest = .init(parameter: parameter, firstValue: defaultText(parameter, otherwise: isPage ? "1" : "0"))
        case .linkHeader:
            break
        }
    }
}
