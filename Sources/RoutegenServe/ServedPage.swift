import RoutegenCore
import RoutegenSamples

/// The page a paginated route answers: the first page names a second one the way the route's
/// `paginate` clause reads it, and the second is the last.
///
/// - `next -> ?cursor`: the first page's `next` is `"page-2"`; a request with `?cursor=page-2`
///   (any cursor) gets the second page (items 3 and 4), its `next` absent (`null` when required).
/// - `next -> link`: the first page's field holds the route's URL with `?page=2`; that URL
///   gets the second page, the field absent.
/// - `link`: the first page has a `Link: <...?page=2>; rel="next"` header; the second none.
/// - `page ?page`: pages 1 and 2 have items; page 3 and later have none (the sequence stops at
///   an empty page).
/// - `offset ?offset`: offset 0 and 2 have items; later offsets none; with `while more`, the
///   has-more field is true on the first page and false on the second.
struct ServedPage {
    let body: SampleJSON
    let headers: [HTTPHeaderField]

    init?(spec: PaginationSpec, route: Route, api: APIModel, maker: SampleMaker, request: ServeRequest) {
        let query = request.queryItems
        let value = { (name: String) in query.last { $0.name == name }?.value }
        let isSecondLinkPage = value("page") == "2"
        let link = "http://" + (request.header("Host") ?? "localhost") + request.path + "?page=2"
        let fields = Self.fields(of: route.response, api: api)
        func page(_ ordinal: Int) -> SampleJSON? { maker.sample(of: route.response, name: route.name, ordinal: ordinal) }
        var headers: [HTTPHeaderField] = []
        var body: SampleJSON
        switch spec.style {
        case .cursor(let field, let parameter):
            if let cursor = value(parameter), !cursor.isEmpty {
                guard let second = page(3) else { return nil }
                body = Self.ending(field, in: second, fields: fields)
            } else {
                guard let first = page(1) else { return nil }
                body = Self.setting(field, to: .string("page-2"), in: first)
            }
        case .bodyLink(let field):
            if isSecondLinkPage {
                guard let second = page(3) else { return nil }
                body = Self.ending(field, in: second, fields: fields)
            } else {
                guard let first = page(1) else { return nil }
                body = Self.setting(field, to: .string(link), in: first)
            }
        case .linkHeader:
            guard let sample = page(isSecondLinkPage ? 3 : 1) else { return nil }
            body = sample
            if !isSecondLinkPage { headers.append(HTTPHeaderField("Link", "<" + link + ">; rel=\"next\"")) }
        case .pageNumber(let parameter):
            let number = value(parameter).flatMap(Int.init) ?? 1
            guard let sample = page(number <= 1 ? 1 : 3) else { return nil }
            body = number > 2 ? Self.emptying(spec.itemsField, in: sample) : sample
        case .offset(let parameter, let hasMore):
            let offset = value(parameter).flatMap(Int.init) ?? 0
            guard let sample = page(offset <= 0 ? 1 : 3) else { return nil }
            if let hasMore {
                body = Self.setting(hasMore, to: .bool(offset <= 0), in: sample)
            } else {
                body = offset > 2 ? Self.emptying(spec.itemsField, in: sample) : sample
            }
        }
        self.body = body
        self.headers = headers
    }

    /// The fields of the response model, to know how its next-page field ends.
    private static func fields(of type: TypeReference, api: APIModel) -> [Field] {
        guard case .named(let name, _) = type.nonOptional else { return [] }
        return api.type(named: name)?.fields ?? []
    }

    private static func setting(_ key: String, to value: SampleJSON, in page: SampleJSON) -> SampleJSON {
        guard case .object(var members) = page else { return page }
        if let index = members.firstIndex(where: { $0.key == key }) {
            members[index].value = value
        } else {
            members.append(.init(key, value))
        }
        return .object(members)
    }

    /// The page with its next-page field absent, or `null` when the field must be present.
    private static func ending(_ key: String, in page: SampleJSON, fields: [Field]) -> SampleJSON {
        guard case .object(var members) = page else { return page }
        if fields.first(where: { $0.wireName == key })?.presence == .requiredNullable {
            return setting(key, to: .null, in: page)
        }
        members.removeAll { $0.key == key }
        return .object(members)
    }

    private static func emptying(_ key: String?, in page: SampleJSON) -> SampleJSON {
        guard let key else { return page }
        return setting(key, to: .array([]), in: page)
    }
}
