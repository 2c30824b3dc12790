import RoutegenCore

/// One way to find the next page of a list, before it is checked against the route: how a
/// vendor's extension says it, or what the response's fields suggest.
enum PagingPlan: Equatable, Sendable {
    /// `paginate field -> ?parameter [each items]`.
    case cursor(field: String, parameter: String, items: String?)
    /// `paginate field -> link [each items]`.
    case bodyLink(field: String, items: String?)
    /// `paginate page ?parameter each items`.
    case page(parameter: String, items: String)
    /// `paginate offset ?parameter [while more] each items`.
    case offset(parameter: String, more: String?, items: String)

    /// The field that holds a page's items.
    var items: String? {
        switch self {
        case .cursor(_, _, let items), .bodyLink(_, let items): items
        case .page(_, let items), .offset(_, _, let items): items
        }
    }

    /// What follows `paginate` in the route file, for messages.
    var clause: String {
        switch self {
        case .cursor(let field, let parameter, let items): field + " -> ?" + parameter + (items.map { " each " + $0 } ?? "")
        case .bodyLink(let field, let items): field + " -> link" + (items.map { " each " + $0 } ?? "")
        case .page(let parameter, let items): "page ?" + parameter + " each " + items
        case .offset(let parameter, let more, let items): "offset ?" + parameter + (more.map { " while " + $0 } ?? "") + " each " + items
        }
    }
}

/// Why an extension's paging cannot be a route's, and where the extension says so.
struct PagingRefusal: Error, Sendable {
    var reason: String
    var position: DocumentPosition?
}

/// Reads how a foreign description says an operation's list pages, in the vendor extensions that
/// say it: AutoRest's `x-ms-pageable`, Speakeasy's `x-speakeasy-pagination`, Fern's
/// `x-fern-pagination`.
enum VendorPagingReader {
    static let keys = ["x-ms-pageable", "x-speakeasy-pagination", "x-fern-pagination"]

    /// The first of the extensions an operation has, read.
    static func read(_ operation: DocumentNode) -> VendorPaging? {
        guard let key = keys.first(where: { operation[$0] != nil }), let node = operation[key] else { return nil }
        let plan: Result<PagingPlan?, PagingRefusal> = switch key {
        case "x-ms-pageable": msPageable(node)
        case "x-speakeasy-pagination": speakeasy(node)
        default: fern(node)
        }
        return VendorPaging(key: key, position: node.position, plan: plan)
    }

    /// `{nextLinkName: nextLink, itemName: value}`: the next page's URL in the body; a null
    /// `nextLinkName` is a list of one page.
    static func msPageable(_ node: DocumentNode) -> Result<PagingPlan?, PagingRefusal> {
        guard node.entries != nil else { return .failure(PagingRefusal(reason: "is not a mapping")) }
        guard let nextLink = node["nextLinkName"], !nextLink.isNull else { return .success(nil) }
        guard let field = nextLink.string, RouteText.isWireName(field) else {
            return .failure(PagingRefusal(reason: "names the next link's field '\(nextLink.string ?? nextLink.kindDescription)', which is not one field name", position: nextLink.position))
        }
        let items = node["itemName"]?.string ?? "value"
        guard RouteText.isWireName(items) else { return .failure(PagingRefusal(reason: "names the items field '\(items)', which is not one field name", position: node["itemName"]?.position)) }
        return .success(.bodyLink(field: field, items: items))
    }

    /// `{type: cursor | offsetLimit | url, inputs: [{name, in: parameters, type}], outputs: {nextCursor | nextUrl | results: "$.field"}}`.
    static func speakeasy(_ node: DocumentNode) -> Result<PagingPlan?, PagingRefusal> {
        let type = node["type"]?.string ?? ""
        var inputs: [(name: String, kind: String)] = []
        for input in node["inputs"]?.sequence ?? [] {
            guard let name = input["name"]?.string, let kind = input["type"]?.string else { continue }
            guard (input["in"]?.string ?? "parameters") == "parameters" else {
                return .failure(PagingRefusal(reason: "moves '\(name)' in the request body, which 'paginate' cannot", position: input.position))
            }
            inputs.append((name, kind))
        }
        let outputs = node["outputs"]
        func field(_ key: String) -> Result<String?, PagingRefusal> {
            guard let value = outputs?[key] else { return .success(nil) }
            return singleField(value, prefix: "$.")
        }
        let items: String?
        switch field("results") {
        case .failure(let refusal): return .failure(refusal)
        case .success(let value): items = value
        }
        switch type {
        case "cursor":
            guard let cursor = inputs.first(where: { $0.kind == "cursor" }) else { return .failure(PagingRefusal(reason: "has no input of type 'cursor'")) }
            switch field("nextCursor") {
            case .failure(let refusal): return .failure(refusal)
            case .success(nil): return .failure(PagingRefusal(reason: "has no 'nextCursor' output (a cursor taken from the last item is not a form 'paginate' has)"))
            case .success(let next?): return .success(.cursor(field: next, parameter: cursor.name, items: items))
            }
        case "url":
            switch field("nextUrl") {
            case .failure(let refusal): return .failure(refusal)
            case .success(nil): return .failure(PagingRefusal(reason: "has no 'nextUrl' output"))
            case .success(let next?): return .success(.bodyLink(field: next, items: items))
            }
        case "offsetLimit":
            guard let items else { return .failure(PagingRefusal(reason: "has no 'results' output, which tells the last page")) }
            if let offset = inputs.first(where: { $0.kind == "offset" }) { return .success(.offset(parameter: offset.name, more: nil, items: items)) }
            if let page = inputs.first(where: { $0.kind == "page" }) { return .success(.page(parameter: page.name, items: items)) }
            return .failure(PagingRefusal(reason: "has no input of type 'offset' or 'page'"))
        default:
            return .failure(PagingRefusal(reason: "has the type '\(type)', not 'cursor', 'offsetLimit' or 'url'", position: node["type"]?.position))
        }
    }

    /// `{cursor: $request.x, next_cursor: $response.y, results: $response.z}` or
    /// `{offset: $request.page, results: $response.z [, step: $request.limit] [, has-next-page: $response.more]}`.
    static func fern(_ node: DocumentNode) -> Result<PagingPlan?, PagingRefusal> {
        func value(_ key: String, _ prefix: String) -> Result<String?, PagingRefusal> {
            guard let value = node[key] else { return .success(nil) }
            return singleField(value, prefix: prefix)
        }
        do throws(PagingRefusal) {
            let items = try value("results", "$response.").get()
            if let cursor = try value("cursor", "$request.").get() {
                guard let next = try value("next_cursor", "$response.").get() else { return .failure(PagingRefusal(reason: "has a 'cursor' but no 'next_cursor'")) }
                return .success(.cursor(field: next, parameter: cursor, items: items))
            }
            if let offset = try value("offset", "$request.").get() {
                guard let items else { return .failure(PagingRefusal(reason: "has no 'results', which tells the last page")) }
                // Without `step` the offset counts pages; with it, items.
                if node["step"] == nil { return .success(.page(parameter: offset, items: items)) }
                return .success(.offset(parameter: offset, more: try value("has-next-page", "$response.").get(), items: items))
            }
            return .failure(PagingRefusal(reason: "has neither 'cursor' nor 'offset'"))
        } catch {
            return .failure(error)
        }
    }

    /// `$.next` (or `$response.next`) as `next`: one field of the response, the only depth a
    /// `paginate` clause reads.
    static func singleField(_ node: DocumentNode, prefix: String) -> Result<String?, PagingRefusal> {
        guard let text = node.string else { return .failure(PagingRefusal(reason: "has \(node.kindDescription) where a path like '\(prefix)next' belongs", position: node.position)) }
        guard text.hasPrefix(prefix) else { return .failure(PagingRefusal(reason: "reads '\(text)', which does not start with '\(prefix)'", position: node.position)) }
        let name = String(text.dropFirst(prefix.count))
        guard RouteText.isWireName(name), !name.contains(".") else {
            return .failure(PagingRefusal(reason: "reads '\(text)', a field below the top of the \(prefix.hasPrefix("$request") ? "request" : "response"); 'paginate' reads the response's own fields", position: node.position))
        }
        return .success(name)
    }
}
