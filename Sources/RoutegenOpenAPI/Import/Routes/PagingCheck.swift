import RoutegenCore

/// Whether a route can page as a plan says (`PagingPlan`): its response a model with the fields
/// the plan reads, its query the parameter the plan moves, which the first page leaves out.
struct PagingCheck {
    let table: DeclarationTable

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

    /// The plan a vendor's extension says, when the route can page so; a warning otherwise.
    func plan(_ paging: VendorPaging, response: ImportedType, queries: [ImportedParameter]) -> PagingPlan? {
        switch paging.plan {
        case .failure(let refusal):
            table.warn("'\(paging.key)' \(refusal.reason); the route is imported without 'paginate'", at: refusal.position ?? paging.position)
            return nil
        case .success(nil):
            return nil
        case .success(let plan?):
            if let problem = check(plan, response: response, queries: queries.map(Query.init)) {
                table.warn("'\(paging.key)' says the list pages as 'paginate \(plan.clause)', but \(problem); the route is imported without 'paginate'", at: paging.position)
                return nil
            }
            return plan
        }
    }

    /// What stops the route from paging as `plan`, or nil.
    func check(_ plan: PagingPlan, response responseType: ImportedType, queries: [Query]) -> String? {
        let response = responseType.text
        guard case .declared(let model) = responseType, table.isModel(model) else { return "the response '\(response)' is not a model" }
        let fields = table.allFields(of: model)
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
