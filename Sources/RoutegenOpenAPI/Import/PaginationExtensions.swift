import RoutegenCore
import RoutegenYAML

/// How a foreign description says an operation's list pages, in the vendor extensions that say
/// it (AutoRest's `x-ms-pageable`, Speakeasy's `x-speakeasy-pagination`, Fern's
/// `x-fern-pagination`), as a `paginate` clause; checked against the route's response model and
/// query parameters first, so a clause the route could not have is a warning, never a file that
/// does not resolve.
struct PaginationExtensions {
    /// One way to find the next page, before it is checked.
    enum Plan: Equatable {
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

        var clause: String {
            switch self {
            case .cursor(let field, let parameter, let items): field + " -> ?" + parameter + (items.map { " each " + $0 } ?? "")
            case .bodyLink(let field, let items): field + " -> link" + (items.map { " each " + $0 } ?? "")
            case .page(let parameter, let items): "page ?" + parameter + " each " + items
            case .offset(let parameter, let more, let items): "offset ?" + parameter + (more.map { " while " + $0 } ?? "") + " each " + items
            }
        }
    }

    /// A query parameter of the route, as paging reads it.
    struct Query: Equatable {
        var name: String
        /// The type without the mark that makes it optional; nil for a `deep` dictionary.
        var type: ImportedType?
        /// The type as the route line writes it, without a last optional mark (`[String: String]? deep`).
        var typeText: String
        /// Optional or defaulted: the first page can be asked without it.
        var canBeLeftOut: Bool

        init(_ parameter: ImportedParameter) {
            name = parameter.name
            var type = parameter.type
            var isOptional = parameter.isOptional
            if !isOptional, case .optional(let wrapped) = type { (type, isOptional) = (wrapped, true) }
            self.type = parameter.isDeep ? nil : type
            canBeLeftOut = parameter.defaultValue != nil || (isOptional && !parameter.isDeep)
            typeText = parameter.isDeep ? parameter.typeText : type.text
        }
    }

    let converter: SchemaConverter
    let session: ImportSession

    /// The clause after `paginate` for `operation`, or nil (with a warning when an extension
    /// says how it pages but the route cannot).
    func plan(for operation: DocumentNode, response: ImportedType, queries: [ImportedParameter]) -> Plan? {
        let vendors = ["x-ms-pageable", "x-speakeasy-pagination", "x-fern-pagination"]
        guard let key = vendors.first(where: { operation[$0] != nil }), let node = operation[key] else { return nil }
        let planned: Result<Plan?, Refusal>
        switch key {
        case "x-ms-pageable": planned = Self.msPageable(node)
        case "x-speakeasy-pagination": planned = Self.speakeasy(node)
        default: planned = Self.fern(node)
        }
        switch planned {
        case .failure(let refusal):
            session.warn("'\(key)' \(refusal.reason); the route is imported without 'paginate'", at: refusal.position ?? node.position)
            return nil
        case .success(nil):
            return nil
        case .success(let plan?):
            if let problem = check(plan, response: response, queries: queries.map(Query.init)) {
                session.warn("'\(key)' says the list pages as 'paginate \(plan.clause)', but \(problem); the route is imported without 'paginate'", at: node.position)
                return nil
            }
            return plan
        }
    }

    struct Refusal: Error {
        var reason: String
        var position: DocumentPosition?
    }

    // MARK: The vendors' forms

    /// `{nextLinkName: nextLink, itemName: value}`: the next page's URL in the body; a null
    /// `nextLinkName` is a list of one page.
    static func msPageable(_ node: DocumentNode) -> Result<Plan?, Refusal> {
        guard node.entries != nil else { return .failure(Refusal(reason: "is not a mapping")) }
        guard let nextLink = node["nextLinkName"], !nextLink.isNull else { return .success(nil) }
        guard let field = nextLink.string, RouteText.isWireName(field) else {
            return .failure(Refusal(reason: "names the next link's field '\(nextLink.string ?? nextLink.kindDescription)', which is not one field name", position: nextLink.position))
        }
        let items = node["itemName"]?.string ?? "value"
        guard RouteText.isWireName(items) else { return .failure(Refusal(reason: "names the items field '\(items)', which is not one field name", position: node["itemName"]?.position)) }
        return .success(.bodyLink(field: field, items: items))
    }

    /// `{type: cursor | offsetLimit | url, inputs: [{name, in: parameters, type}], outputs: {nextCursor | nextUrl | results: "$.field"}}`.
    static func speakeasy(_ node: DocumentNode) -> Result<Plan?, Refusal> {
        let type = node["type"]?.string ?? ""
        var inputs: [(name: String, kind: String)] = []
        for input in node["inputs"]?.sequence ?? [] {
            guard let name = input["name"]?.string, let kind = input["type"]?.string else { continue }
            guard (input["in"]?.string ?? "parameters") == "parameters" else {
                return .failure(Refusal(reason: "moves '\(name)' in the request body, which 'paginate' cannot", position: input.position))
            }
            inputs.append((name, kind))
        }
        let outputs = node["outputs"]
        func field(_ key: String) -> Result<String?, Refusal> {
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
            guard let cursor = inputs.first(where: { $0.kind == "cursor" }) else { return .failure(Refusal(reason: "has no input of type 'cursor'")) }
            switch field("nextCursor") {
            case .failure(let refusal): return .failure(refusal)
            case .success(nil): return .failure(Refusal(reason: "has no 'nextCursor' output (a cursor taken from the last item is not a form 'paginate' has)"))
            case .success(let next?): return .success(.cursor(field: next, parameter: cursor.name, items: items))
            }
        case "url":
            switch field("nextUrl") {
            case .failure(let refusal): return .failure(refusal)
            case .success(nil): return .failure(Refusal(reason: "has no 'nextUrl' output"))
            case .success(let next?): return .success(.bodyLink(field: next, items: items))
            }
        case "offsetLimit":
            guard let items else { return .failure(Refusal(reason: "has no 'results' output, which tells the last page")) }
            if let offset = inputs.first(where: { $0.kind == "offset" }) { return .success(.offset(parameter: offset.name, more: nil, items: items)) }
            if let page = inputs.first(where: { $0.kind == "page" }) { return .success(.page(parameter: page.name, items: items)) }
            return .failure(Refusal(reason: "has no input of type 'offset' or 'page'"))
        default:
            return .failure(Refusal(reason: "has the type '\(type)', not 'cursor', 'offsetLimit' or 'url'", position: node["type"]?.position))
        }
    }

    /// `{cursor: $request.x, next_cursor: $response.y, results: $response.z}` or
    /// `{offset: $request.page, results: $response.z [, step: $request.limit] [, has-next-page: $response.more]}`.
    static func fern(_ node: DocumentNode) -> Result<Plan?, Refusal> {
        func value(_ key: String, _ prefix: String) -> Result<String?, Refusal> {
            guard let value = node[key] else { return .success(nil) }
            return singleField(value, prefix: prefix)
        }
        do throws(Refusal) {
            let items = try value("results", "$response.").get()
            if let cursor = try value("cursor", "$request.").get() {
                guard let next = try value("next_cursor", "$response.").get() else { return .failure(Refusal(reason: "has a 'cursor' but no 'next_cursor'")) }
                return .success(.cursor(field: next, parameter: cursor, items: items))
            }
            if let offset = try value("offset", "$request.").get() {
                guard let items else { return .failure(Refusal(reason: "has no 'results', which tells the last page")) }
                // Without `step` the offset counts pages; with it, items.
                if node["step"] == nil { return .success(.page(parameter: offset, items: items)) }
                return .success(.offset(parameter: offset, more: try value("has-next-page", "$response.").get(), items: items))
            }
            return .failure(Refusal(reason: "has neither 'cursor' nor 'offset'"))
        } catch {
            return .failure(error)
        }
    }

    /// `$.next` (or `$response.next`) as `next`: one field of the response, the only depth a
    /// `paginate` clause reads.
    static func singleField(_ node: DocumentNode, prefix: String) -> Result<String?, Refusal> {
        guard let text = node.string else { return .failure(Refusal(reason: "has \(node.kindDescription) where a path like '\(prefix)next' belongs", position: node.position)) }
        guard text.hasPrefix(prefix) else { return .failure(Refusal(reason: "reads '\(text)', which does not start with '\(prefix)'", position: node.position)) }
        let name = String(text.dropFirst(prefix.count))
        guard RouteText.isWireName(name), !name.contains(".") else {
            return .failure(Refusal(reason: "reads '\(text)', a field below the top of the \(prefix.hasPrefix("$request") ? "request" : "response"); 'paginate' reads the response's own fields", position: node.position))
        }
        return .success(name)
    }

    // MARK: Checking

    /// What stops the route from paging as `plan`, or nil.
    func check(_ plan: Plan, response responseType: ImportedType, queries: [Query]) -> String? {
        let response = responseType.text
        guard case .declared(let model) = responseType, converter.isModel(model) else { return "the response '\(response)' is not a model" }
        let fields = converter.allFields(of: model)
        func fieldProblem(_ name: String, _ accepts: (ImportedType) -> Bool, _ what: String) -> String? {
            guard let field = fields.first(where: { $0.wireName == name }) else { return "the response '\(response)' has no field '\(name)'" }
            return accepts(field.type) ? nil : "the field '\(name)' of '\(response)' is '\(field.type.text)', not \(what)"
        }
        func queryProblem(_ name: String, types: [ImportedType], _ what: String) -> String? {
            guard let query = queries.first(where: { $0.name == name }) else { return "the route has no query parameter '\(name)'" }
            guard let type = query.type, types.contains(type) else { return "the query parameter '\(name)' is '\(query.typeText)', not \(what)" }
            return query.canBeLeftOut ? nil : "the query parameter '\(name)' is required, and the first page is asked without it"
        }
        let isArray: (ImportedType) -> Bool = { if case .array = $0 { return true }; return false }
        switch plan {
        case .cursor(let field, let parameter, let items):
            return fieldProblem(field, { $0 == .builtin("String") }, "text")
                ?? queryProblem(parameter, types: [.builtin("String")], "text")
                ?? items.flatMap { fieldProblem($0, isArray, "an array") }
        case .bodyLink(let field, let items):
            return fieldProblem(field, { $0 == .builtin("String") || $0 == .builtin("URL") }, "a URL's text")
                ?? items.flatMap { fieldProblem($0, isArray, "an array") }
        case .page(let parameter, let items):
            return queryProblem(parameter, types: [.builtin("Int"), .builtin("Int64")], "an integer") ?? fieldProblem(items, isArray, "an array")
        case .offset(let parameter, let more, let items):
            return queryProblem(parameter, types: [.builtin("Int"), .builtin("Int64")], "an integer")
                ?? more.flatMap { fieldProblem($0, { $0 == .builtin("Bool") }, "a Bool") }
                ?? fieldProblem(items, isArray, "an array")
        }
    }
}
