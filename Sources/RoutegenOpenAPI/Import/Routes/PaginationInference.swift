import RoutegenCore
import RoutegenYAML

/// How a list pages when no vendor extension says so, read from the response's fields and the
/// route's query parameters:
/// - a cursor: a text field `next_<name>` or `next<Name>` that the optional
///   text query parameter `<name>` takes back (`next_cursor` → `?cursor`, `nextPageToken` →
///   `?pageToken`, Box's `next_marker` → `?marker`);
/// - a next link: a field `next` (or `next_url`, `nextUrl`, `next_link`, `nextLink`) holding a
///   URL, on a route that pages by `offset` or `page` (Spotify's paging objects).
/// Each clause is checked as an extension's is; two that fit are a warning and no clause.
struct PaginationInference {
    let table: DeclarationTable

    static let linkFields = ["next", "next_url", "nextUrl", "next_link", "nextLink"]
    static let pagingQueries = ["offset", "page"]

    /// The clause after `paginate` for a GET route answering `response`, or nil.
    func plan(method: String, response: ImportedType, queries: [ImportedParameter], at position: DocumentPosition) -> PagingPlan? {
        guard method == "GET", case .declared(let model) = response, table.isModel(model) else { return nil }
        let fields = table.allFields(of: model)
        let arrays = fields.filter { if case .array = $0.type { true } else { false } }
        let items = arrays.count == 1 ? arrays[0].wireName : nil
        let checker = PagingCheck(table: table)
        let queries = queries.map(PagingCheck.Query.init)
        var plans = cursorPlans(fields: fields, queries: queries, items: items)
        if queries.contains(where: { Self.pagingQueries.contains($0.name) }) {
            plans += fields.filter { Self.linkFields.contains($0.wireName) }.map { .bodyLink(field: $0.wireName, items: items) }
        }
        let fitting = plans.filter { checker.check($0, response: response, queries: queries) == nil }
        guard let first = fitting.first else { return nil }
        if fitting.count > 1 {
            let choices = fitting.map { "'paginate \($0.clause)'" }.joined(separator: " or ")
            table.warn("the list of '\(response.text)' may page as \(choices); none is chosen: add the one the API means to the route", at: position)
            return nil
        }
        return first
    }

    /// A text field named for an optional text query parameter, as the next page's cursor.
    private func cursorPlans(fields: [ImportedField], queries: [PagingCheck.Query], items: String?) -> [PagingPlan] {
        var plans: [PagingPlan] = []
        for query in queries where query.type == .builtin("String") && query.canBeLeftOut {
            let names = ["next_" + query.name, "next" + SwiftNaming.upperCamelCase(query.name)]
            guard let field = fields.first(where: { names.contains($0.wireName) }) else { continue }
            plans.append(.cursor(field: field.wireName, parameter: query.name, items: items))
        }
        return plans
    }
}
