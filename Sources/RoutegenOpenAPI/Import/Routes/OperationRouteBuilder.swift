import RoutegenCore

/// Builds the route of one operation (`ImportedRoute`) from its parts, each made by a builder of
/// its own: the path (`PathBuilder`), the query, header and cookie parameters
/// (`ParameterCollector`), the body (`BodyBuilder`), the response, stream and error body
/// (`ResponseBuilder`), the paging (`PagingCheck`, `PaginationInference`), and the access (`SecurityPlan`).
struct OperationRouteBuilder {
    let table: DeclarationTable
    let security: SecurityPlan
    /// Each operation (by its place in the list) that is a variant of another's method and path,
    /// with the operation it merges into: its body and responses are described, not converted.
    let mergeTargets: [Int: OperationObject]
    /// The configuration's names of routes, by operation id.
    var routeNames: [String: String] = [:]

    private var dialect: ImportDialect { table.dialect }

    /// The route of the operation at `offset`, or nil (with a warning) when its path cannot be a route's.
    func route(for operation: OperationObject, group: String, offset: Int) -> ImportedRoute? {
        let operationName = routeName(operation)
        let typeHint = SwiftNaming.upperCamelCase(operationName)
        let declared = resolvedParameters(of: operation)
        guard let split = SplitTemplate(operation, table: table) else { return nil }
        let answers = ResponseBuilder(table: table)
        guard let path = PathBuilder(table: table).path(operation, template: split.template, parameters: declared, typeHint: typeHint) else { return nil }
        warnAboutUndeclaredPathParameters(declared, usedNames: path.usedNames, operation: operation)
        if let callbacks = operation.callbacks {
            table.warn("the operation's callbacks \(callbacks.value.map { "'" + $0 + "'" }.joined(separator: ", ")) are requests the API sends, not routes; not imported", at: callbacks.position)
        }

        var collected = ParameterCollector.Collected(pathNames: path.usedNames)
        // The body, first: its argument label takes part in the clash check.
        let mergeTarget = mergeTargets[offset]
        let (body, bodyMediaType) = mergeTarget == nil ? BodyBuilder(table: table).requestBody(of: operation, typeHint: typeHint) : (nil, nil)
        if body != nil { collected.take(label: "body") }
        let parameters = ParameterCollector(table: table)
        parameters.collect(declared, into: &collected, bodyMediaType: bodyMediaType, typeHint: typeHint)
        let fixedQuery = split.fixedQuery.filter { item in !collected.queries.contains { $0.name == item.name } }
        parameters.collectFixedQueryItems(fixedQuery, into: &collected, operation: operation)

        let (response, accept) = mergeTarget == nil ? answers.response(operation, typeHint: typeHint) : (.builtin(EndpointKitVocabulary.emptyType), nil)
        let stream = mergeTarget == nil ? answers.stream(operation, typeHint: typeHint) : nil
        var route = ImportedRoute(
            group: group, name: operationName, method: operation.method, segments: path.segments,
            hasTrailingSlash: path.hasTrailingSlash, queries: collected.queries, headers: collected.headers,
            body: body, accept: accept ?? collected.acceptHeader,
            parameters: collected.variantParameters, variant: split.variant, response: response,
            errorType: mergeTarget == nil ? answers.errorType(operation, typeHint: typeHint) : nil, access: security.access(ofOperation: offset),
            isDeprecated: operation.isDeprecated, documentation: documentation(of: operation),
            position: operation.position
        )
        if let stream {
            if accept.flatMap(ResponseStreaming.init(mediaType:)) != nil {
                // The stream is the response's first content (or its only one): the route itself streams.
                (route.response, route.streaming, route.accept) = (stream.element, stream.streaming, nil)
            } else {
                route.alsoStreams = stream
            }
        }
        if mergeTarget == nil { route.status = answers.successStatus(operation, response: route.response) }
        applyRoutegenExtensions(operation.extensions, to: &route)
        recordUserIdentifierInPath(of: &route)
        if route.pagination == nil, let paging = operation.extensions.vendorPaging {
            route.pagination = PagingCheck(table: table).plan(paging, response: response, queries: collected.queries).map(ImportedPagination.plan)
        }
        // An export says `x-routegen-paginate` wherever a route pages, so its other routes do not.
        if route.pagination == nil, mergeTarget == nil, dialect.infersPaging {
            route.pagination = PaginationInference(table: table)
                .plan(method: operation.method, response: response, queries: collected.queries, at: operation.position).map(ImportedPagination.plan)
            route.isPagingInferred = route.pagination != nil
        }
        if let mergeTarget { route.payloadNotes = PayloadNotes.notes(of: operation, keptBy: mergeTarget, table: table) }
        return route
    }

    /// The operation's parameters that resolve; a warning for each that does not.
    private func resolvedParameters(of operation: OperationObject) -> [ParameterObject] {
        operation.parameters.compactMap { parameter in
            if case .unresolved(let warning?, let position) = parameter { table.warn(warning, at: position) }
            return parameter.object
        }
    }

    /// The route's documentation: an export's `description` (or `summary`) line by line, a
    /// foreign description's summary (or the first line of its description).
    private func documentation(of operation: OperationObject) -> [String] {
        if dialect.keepsEveryDocumentationLine {
            // The export writes `summary` (the first line) and, for several lines, `description` (all of them).
            return RouteText.documentationLines(operation.description ?? operation.summary)
        }
        let summary = RouteText.documentationLine(operation.summary) ?? RouteText.documentationLine(operation.description)
        return summary.map { [$0] } ?? []
    }

    /// What an export (or a hand-written description) says in routegen's own extensions:
    /// `x-routegen-access`, `x-routegen-errors`, `x-routegen-paginate`, `x-routegen-disable`.
    private func applyRoutegenExtensions(_ extensions: OperationExtensions, to route: inout ImportedRoute) {
        if let access = extensions.access, access == "auth" || access == "public" { route.isAccessExplicit = true }
        if let errors = extensions.errors.flatMap({ WrittenType($0, isScalar: false) }) { route.errorType = .written(errors) }
        if let clause = extensions.paginate, let text = clause.value, RouteText.isPaginationClause(text) {
            if let syntax = Self.paginateSyntax(text) {
                route.pagination = .written(syntax)
            } else {
                table.warn("'x-routegen-paginate' '\(text)' is not what a 'paginate' clause says; the route is imported without 'paginate'", at: clause.position)
            }
        }
        route.disabledRules = extensions.disabledRules
        if let name = extensions.streamRoute, SwiftNaming.isIdentifier(name) { route.streamRouteName = name }
    }

    /// The `paginate` clause an export writes after the keyword, read once; nil when it is not one.
    private static func paginateSyntax(_ text: String) -> PaginateSyntax? {
        let collector = DiagnosticCollector()
        let clauses = SyntaxFragments.clauses("paginate " + text, path: "", line: 1, routeName: "route", diagnostics: collector)
        guard let clauses, clauses.count == 1, case .paginate(let syntax) = clauses[0], !collector.hasErrors else { return nil }
        return syntax
    }

    /// An authenticated route whose path names a user (`/users/{user_id}/playlists`) gets
    /// `# routegen:disable user-id-in-authenticated-path`: the server decides its paths, so the
    /// finding is recorded on the line, where lint and the route-audit tests both read it,
    /// instead of a warning nobody can act on and an audit test that fails on a valid API.
    private func recordUserIdentifierInPath(of route: inout ImportedRoute) {
        let rule = LintRuleID.userIDInAuthenticatedPath.rawValue
        guard case .auth = route.access, !route.disabledRules.contains(rule) else { return }
        let namesUser = route.segments.joined().contains { piece in
            guard case .parameter(let name, let type, _, _) = piece else { return false }
            return UserIdentifier.identifiesUser(name: name, type: type.reference)
        }
        if namesUser { route.disabledRules.append(rule) }
    }

    private func routeName(_ operation: OperationObject) -> String {
        if let name = operation.extensions.name, SwiftNaming.isIdentifier(name) { return name }
        if let identifier = operation.operationID, let renamed = routeNames[identifier] { return renamed }
        if let identifier = operation.operationID {
            if dialect.keepsNamesAsWritten, SwiftNaming.isIdentifier(identifier) { return identifier }
            let name = SwiftNaming.lowerCamelCase(identifier)
            if SwiftNaming.isIdentifier(name), name != "_" { return name }
        }
        let words = [operation.method.lowercased()] + operation.template.split(separator: "/").map { $0.filter { $0 != "{" && $0 != "}" } }
        return SwiftNaming.lowerCamelCase(words.joined(separator: "_"))
    }

    private func warnAboutUndeclaredPathParameters(_ parameters: [ParameterObject], usedNames: [String], operation: OperationObject) {
        for parameter in parameters where parameter.location == .path {
            if let name = parameter.name, !usedNames.contains(name) {
                table.warn("path parameter '\(name)' is not in the path '\(operation.template)'; left out", at: parameter.position)
            }
        }
    }
}

/// An operation's path template without its variant (`#fragment`, `?query`), the variant, and
/// the items of a query written into the path.
struct SplitTemplate {
    var template: String
    var variant: String?
    var fixedQuery: [(name: String, value: String)] = []

    /// The template split at `#` and `?`; nil (with a warning) when a query written into it
    /// holds an item a route cannot send.
    init?(_ operation: OperationObject, table: DeclarationTable) {
        template = operation.template
        if let hash = template.firstIndex(of: "#") {
            variant = String(template[hash...])
            template = String(template[..<hash])
        }
        // A query written into the path (OpenAI's `/responses?beta=true`): each item is a query
        // parameter whose default is its value, and the operation a variant of the route of
        // its method and path.
        guard let mark = template.firstIndex(of: "?") else { return }
        let query = template[template.index(after: mark)...]
        variant = (variant ?? "") + String(template[mark...])
        template = String(template[..<mark])
        for item in query.split(separator: "&") {
            let pair = item.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let name = String(pair[0])
            let value = pair.count > 1 ? String(pair[1]) : ""
            guard RouteText.isQueryName(name), value.unicodeScalars.allSatisfy({ !$0.properties.isWhitespace && $0 != "%" && $0 != "+" }) else {
                table.warn("path '\(operation.template)' holds the query '\(query)', whose item '\(item)' is not a name and plain value a route can send; not imported", at: operation.position)
                return nil
            }
            fixedQuery.append((name, value))
        }
    }
}

/// What a variant merged into the route of its method and path brings of its own that the
/// route does not keep, named from the description (nothing of it is converted or declared).
enum PayloadNotes {
    static func notes(of variant: OperationObject, keptBy route: OperationObject, table: DeclarationTable) -> [String] {
        var notes: [String] = []
        let variantBody = resolved(variant.requestBody, table: table)
        let routeBody = resolved(route.requestBody, table: table)
        if !same(variantBody?.node, routeBody?.node) {
            notes.append("its body \(describe(variantBody?.content)) is not imported, the route sends \(describe(routeBody?.content))")
        }
        let variantResponse = successResponse(variant, table: table)
        let routeResponse = successResponse(route, table: table)
        // What the route decodes is the content; headers and links are not imported anyway.
        if !same(variantResponse?.contentNode, routeResponse?.contentNode) {
            notes.append("it answers \(describe(variantResponse?.content)), the route \(describe(routeResponse?.content))")
        }
        return notes
    }

    /// A referable object, a warning emitted when it leads nowhere.
    static func resolved<Object>(_ referable: Referable<Object>?, table: DeclarationTable) -> Object? {
        if case .unresolved(let warning?, let position)? = referable { table.warn(warning, at: position) }
        return referable?.object
    }

    private static func successResponse(_ operation: OperationObject, table: DeclarationTable) -> ResponseObject? {
        operation.responses.first(where: \.isSuccess).flatMap { resolved($0.response, table: table) }
    }

    private static func same(_ left: DocumentNode?, _ right: DocumentNode?) -> Bool {
        switch (left, right) {
        case (nil, nil): true
        case (let left?, let right?): DocumentComparison.sameValue(left, right)
        default: false
        }
    }

    /// `'application/json' #/components/schemas/Pet` (an inline schema: `an inline schema`);
    /// `nothing` without content.
    private static func describe(_ content: [MediaTypeObject]?) -> String {
        guard let content, !content.isEmpty else { return "nothing" }
        let chosen = BodyBuilder.preferredEntry(content)
        let schema = chosen.schema?.reference?.textIfAny ?? "an inline schema"
        return "'" + (chosen.mediaType ?? "") + "' " + schema
    }
}
