import RoutegenCore
import RoutegenYAML

/// Builds the route of one operation (`ImportedRoute`): path, parameters, body, response,
/// error body, access.
struct OperationRouteBuilder {
    let session: ImportSession
    let converter: SchemaConverter
    let security: SecurityPlan
    private var offset = 0

    init(session: ImportSession, converter: SchemaConverter, security: SecurityPlan) {
        self.session = session
        self.converter = converter
        self.security = security
    }

    private func warn(_ message: String, at position: DocumentPosition) {
        session.warn(message, at: position)
    }

    private func resolve(_ node: DocumentNode, section: String) -> DocumentNode? {
        guard let reference = node["$ref"] else { return node }
        guard let text = reference.string else { return nil }
        var visited: Set<String> = []
        var current = text
        while true {
            guard visited.insert(current).inserted else {
                warn("'$ref' to '\(text)' refers to itself through references only; left out", at: reference.position)
                return nil
            }
            switch session.index.target(of: current) {
            case .external:
                warn("'$ref' to '\(current)' points outside this document, which is not fetched; left out", at: reference.position)
                return nil
            case .missing:
                warn("'$ref' to '\(current)' points to nothing in this document; left out", at: reference.position)
                return nil
            case .node(let target, _):
                guard let next = target["$ref"]?.string else { return target }
                current = next
            }
        }
    }

    /// The route of one operation, or nil (with a warning) when its path cannot be a route's.
    mutating func route(for operation: ImportSession.Operation) -> ImportedRoute? {
        defer { offset += 1 }
        let node = operation.node
        let operationName = routeName(operation)
        let typeHint = SwiftNaming.upperCamelCase(operationName)
        let declared = declaredParameters(of: operation)
        guard let split = splitTemplate(operation) else { return nil }
        guard let path = buildPath(operation, template: split.template, pathParameters: pathParameters(declared), typeHint: typeHint) else { return nil }
        warnAboutUndeclaredPathParameters(declared, usedNames: path.usedNames, operation: operation)
        warnAboutCallbacks(node)

        var collected = CollectedParameters(pathNames: path.usedNames)
        // The body, first: its argument label takes part in the clash check.
        let mergeTarget = session.mergeTargets[offset]
        let (body, bodyMediaType) = mergeTarget == nil ? requestBody(of: operation, typeHint: typeHint) : (nil, nil)
        if body != nil { collected.take(label: "body") }
        var fixedQuery = split.fixedQuery
        collectParameters(declared, into: &collected, bodyMediaType: bodyMediaType, typeHint: typeHint)
        fixedQuery.removeAll { item in collected.queries.contains { $0.name == item.name } }
        collectFixedQueryItems(fixedQuery, into: &collected, operation: operation)

        let (response, accept) = mergeTarget == nil ? self.response(node, typeHint: typeHint, operation: operation) : (.builtin(EndpointKitVocabulary.emptyType), nil)
        let stream = mergeTarget == nil ? self.stream(node, typeHint: typeHint) : nil
        var route = ImportedRoute(
            group: operation.group, name: operationName, method: operation.method, segments: path.segments,
            hasTrailingSlash: path.hasTrailingSlash, queries: collected.queries, headers: collected.headers,
            body: body, accept: accept ?? collected.acceptHeader,
            parameters: collected.variantParameters, variant: split.variant, response: response,
            errorType: mergeTarget == nil ? errorType(node, typeHint: typeHint) : nil, access: security.access(ofOperation: offset),
            isDeprecated: node["deprecated"]?.bool == true, documentation: documentation(of: node),
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
        if mergeTarget == nil { route.status = successStatus(node, response: route.response) }
        applyRoutegenExtensions(node, to: &route)
        recordUserIdentifierInPath(of: &route)
        if route.pagination == nil {
            route.pagination = PaginationExtensions(converter: converter, session: session).plan(for: node, response: response, queries: collected.queries).map(ImportedPagination.plan)
        }
        // An export says `x-routegen-paginate` wherever a route pages, so its other routes do not.
        if route.pagination == nil, mergeTarget == nil, !session.isExport {
            route.pagination = PaginationInference(converter: converter, session: session)
                .plan(method: operation.method, response: response, queries: collected.queries, at: operation.position).map(ImportedPagination.plan)
            route.isPagingInferred = route.pagination != nil
        }
        if let mergeTarget { route.payloadNotes = payloadNotes(of: node, keptBy: mergeTarget) }
        return route
    }

    /// The route's documentation: an export's `description` (or `summary`) line by line, a
    /// foreign description's summary (or the first line of its description).
    private func documentation(of node: DocumentNode) -> [String] {
        if session.isExport {
            // The export writes `summary` (the first line) and, for several lines, `description` (all of them).
            return RouteText.documentationLines(node["description"]?.string ?? node["summary"]?.string)
        }
        let summary = RouteText.documentationLine(node["summary"]?.string) ?? RouteText.documentationLine(node["description"]?.string)
        return summary.map { [$0] } ?? []
    }

    /// What an export (or a hand-written description) says in routegen's own extensions:
    /// `x-routegen-access`, `x-routegen-errors`, `x-routegen-paginate`, `x-routegen-disable`.
    private func applyRoutegenExtensions(_ node: DocumentNode, to route: inout ImportedRoute) {
        if let access = node["x-routegen-access"]?.string, access == "auth" || access == "public" { route.isAccessExplicit = true }
        if let errors = node["x-routegen-errors"]?.string.flatMap({ WrittenType($0, isScalar: false) }) { route.errorType = .written(errors) }
        if let clause = node["x-routegen-paginate"], let text = clause.string, RouteText.isPaginationClause(text) {
            if let syntax = Self.paginateSyntax(text) {
                route.pagination = .written(syntax)
            } else {
                warn("'x-routegen-paginate' '\(text)' is not what a 'paginate' clause says; the route is imported without 'paginate'", at: clause.position)
            }
        }
        route.disabledRules = RouteText.disabledRules(node["x-routegen-disable"])
        if let name = node["x-routegen-stream-route"]?.string, SwiftNaming.isIdentifier(name) { route.streamRouteName = name }
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
            guard case .parameter(let name, let type, _) = piece else { return false }
            return UserIdentifier.identifiesUser(name: name, type: type.reference)
        }
        if namesUser { route.disabledRules.append(rule) }
    }

    private func routeName(_ operation: ImportSession.Operation) -> String {
        if let name = operation.node["x-routegen-name"]?.string, SwiftNaming.isIdentifier(name) { return name }
        if let identifier = operation.node["operationId"]?.string {
            if session.isExport, SwiftNaming.isIdentifier(identifier) { return identifier }
            let name = SwiftNaming.lowerCamelCase(identifier)
            if SwiftNaming.isIdentifier(name), name != "_" { return name }
        }
        let words = [operation.method.lowercased()] + operation.template.split(separator: "/").map { $0.filter { $0 != "{" && $0 != "}" } }
        return SwiftNaming.lowerCamelCase(words.joined(separator: "_"))
    }

    /// The path item's parameters, then the operation's (which replace those of the same name and place).
    private func declaredParameters(of operation: ImportSession.Operation) -> [DocumentNode] {
        var parameters: [DocumentNode] = []
        var keys: [String] = []
        for list in [operation.pathItem["parameters"], operation.node["parameters"]] {
            for item in list?.sequence ?? [] {
                guard let parameter = resolve(item, section: "parameters") else { continue }
                let key = (parameter["in"]?.string ?? "") + ":" + (parameter["name"]?.string ?? "")
                if let existing = keys.firstIndex(of: key) {
                    parameters[existing] = parameter
                } else {
                    keys.append(key)
                    parameters.append(parameter)
                }
            }
        }
        return parameters
    }

    private func pathParameters(_ parameters: [DocumentNode]) -> [String: DocumentNode] {
        var pathParameters: [String: DocumentNode] = [:]
        for parameter in parameters where parameter["in"]?.string == "path" {
            if let name = parameter["name"]?.string { pathParameters[name] = parameter }
        }
        return pathParameters
    }

    /// An operation's path template without its variant (`#fragment`, `?query`), the variant, and
    /// the items of a query written into the path.
    private struct SplitTemplate {
        var template: String
        var variant: String?
        var fixedQuery: [(name: String, value: String)] = []
    }

    /// The template split at `#` and `?`; nil (with a warning) when a query written into it
    /// holds an item a route cannot send.
    private func splitTemplate(_ operation: ImportSession.Operation) -> SplitTemplate? {
        var split = SplitTemplate(template: operation.template)
        if let hash = split.template.firstIndex(of: "#") {
            split.variant = String(split.template[hash...])
            split.template = String(split.template[..<hash])
        }
        // A query written into the path (OpenAI's `/responses?beta=true`): each item is a query
        // parameter whose default is its value, and the operation a variant of the route of
        // its method and path.
        guard let mark = split.template.firstIndex(of: "?") else { return split }
        let query = split.template[split.template.index(after: mark)...]
        split.variant = (split.variant ?? "") + String(split.template[mark...])
        split.template = String(split.template[..<mark])
        for item in query.split(separator: "&") {
            let pair = item.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let name = String(pair[0])
            let value = pair.count > 1 ? String(pair[1]) : ""
            guard RouteText.isQueryName(name), value.unicodeScalars.allSatisfy({ !$0.properties.isWhitespace && $0 != "%" && $0 != "+" }) else {
                warn("path '\(operation.template)' holds the query '\(query)', whose item '\(item)' is not a name and plain value a route can send; not imported", at: operation.position)
                return nil
            }
            split.fixedQuery.append((name, value))
        }
        return split
    }

    private func warnAboutUndeclaredPathParameters(_ parameters: [DocumentNode], usedNames: [String], operation: ImportSession.Operation) {
        for parameter in parameters where parameter["in"]?.string == "path" {
            if let name = parameter["name"]?.string, !usedNames.contains(name) {
                warn("path parameter '\(name)' is not in the path '\(operation.template)'; left out", at: parameter.position)
            }
        }
    }

    private func warnAboutCallbacks(_ node: DocumentNode) {
        if let callbacks = node["callbacks"]?.entries, !callbacks.isEmpty {
            warn("the operation's callbacks \(callbacks.compactMap(\.key.string).map { "'" + $0 + "'" }.joined(separator: ", ")) are requests the API sends, not routes; not imported", at: callbacks[0].key.position)
        }
    }

    /// The operation's body and its media type; none (with a warning) for a method that sends none.
    private func requestBody(of operation: ImportSession.Operation, typeHint: String) -> (ImportedBody?, String?) {
        guard let requestBody = operation.node["requestBody"] else { return (nil, nil) }
        if !EndpointKitVocabulary.methodAllowsBody(operation.method) {
            let named = operation.node["operationId"]?.string.map { "operation '\($0)' (\(operation.method) \(operation.template))" }
                ?? "operation \(operation.method) \(operation.template)"
            warn("\(named) has a request body, which a route does not send with \(operation.method); left out", at: requestBody.position)
            return (nil, nil)
        }
        guard let resolved = resolve(requestBody, section: "requestBodies"),
              let (body, mediaType) = body(resolved, typeHint: typeHint + "Request") else { return (nil, nil) }
        return (body, mediaType)
    }

    // MARK: Query and header parameters

    /// The query and header parameters of one operation as they are collected, with the wire
    /// names and Swift labels taken (the path's and the body's first).
    struct CollectedParameters {
        var labels: Set<String> = []
        var wireNames: Set<String> = []
        var queries: [ImportedParameter] = []
        var headers: [ImportedParameter] = []
        var variantParameters: [VariantParameter] = []
        /// A fixed `Accept` header parameter's media type: the route's `accept`.
        var acceptHeader: String?

        init(pathNames: [String]) {
            for name in pathNames { take(name, label: SwiftNaming.lowerCamelCase(name)) }
        }

        func isTaken(_ name: String, label: String) -> Bool {
            wireNames.contains(name) || labels.contains(label)
        }

        mutating func take(label: String) {
            labels.insert(label)
        }

        mutating func take(_ name: String, label: String) {
            labels.insert(label)
            wireNames.insert(name)
        }

        mutating func add(_ parameter: ImportedParameter, label: String) {
            switch parameter.place {
            case .query: queries.append(parameter)
            case .header: headers.append(parameter)
            }
            variantParameters.append(VariantParameter(wireName: parameter.name, label: label, optional: parameter.asOptional))
            take(parameter.name, label: label)
        }
    }

    private func collectParameters(_ parameters: [DocumentNode], into collected: inout CollectedParameters, bodyMediaType: String?, typeHint: String) {
        for parameter in parameters {
            guard let name = parameter["name"]?.string, let place = parameter["in"]?.string, place != "path" else { continue }
            let label = SwiftNaming.lowerCamelCase(name)
            switch place {
            case "query":
                guard RouteText.isQueryName(name) else {
                    warn("query parameter name '\(name)' is not one a route can send (letters, digits, '_', '-', '.', and brackets); left out", at: parameter.position)
                    continue
                }
                guard !collected.isTaken(name, label: label) else {
                    warn("query parameter '\(name)' has the name or Swift label of another parameter of this operation; left out", at: parameter.position)
                    continue
                }
                if let query = query(parameter, name: name, typeHint: typeHint) { collected.add(query, label: label) }
            case "header":
                guard !isRouteOwnHeader(parameter, name: name, into: &collected, bodyMediaType: bodyMediaType) else { continue }
                guard HTTPSyntax.isToken(name), RouteText.isWireName(name) else {
                    warn("header parameter name '\(name)' is not one a route can send; left out", at: parameter.position)
                    continue
                }
                guard !collected.isTaken(name, label: label) else {
                    warn("header parameter '\(name)' has the name or Swift label of another parameter of this operation; left out", at: parameter.position)
                    continue
                }
                collected.add(header(parameter, name: name, typeHint: typeHint), label: label)
            case "cookie":
                warn("cookie parameter '\(name)' is not something a route sends; left out", at: parameter.position)
            default:
                warn("parameter '\(name)' is in '\(place)', which is not a place OpenAPI knows; left out", at: parameter.position)
            }
        }
    }

    /// Whether a header parameter is one the route sends itself (`Accept`, `Content-Type`,
    /// `Authorization`), warning when it says something the route does not; a fixed `Accept`
    /// becomes the route's `accept`.
    private func isRouteOwnHeader(_ parameter: DocumentNode, name: String, into collected: inout CollectedParameters, bodyMediaType: String?) -> Bool {
        switch name.lowercased() {
        case "accept":
            // A fixed Accept (PagerDuty's versioned media type) is the route's `accept`.
            if let value = Self.fixedValue(parameter), Self.isMediaType(value) {
                collected.acceptHeader = value
            } else {
                warn("header parameter 'Accept' has no one value to send; left out (the route sends its own Accept)", at: parameter.position)
            }
            return true
        case "content-type":
            let value = Self.fixedValue(parameter)
            if let bodyMediaType, value?.lowercased() != bodyMediaType.lowercased() {
                warn("header parameter 'Content-Type' is set by the route from its body; left out", at: parameter.position)
            }
            return true
        case "authorization":
            warn("header parameter 'Authorization' is the credential, which the route's 'auth' sends; left out", at: parameter.position)
            return true
        default:
            return false
        }
    }

    /// The items of a query written into the path, after the declared query parameters.
    private func collectFixedQueryItems(_ items: [(name: String, value: String)], into collected: inout CollectedParameters, operation: ImportSession.Operation) {
        for item in items {
            let label = SwiftNaming.lowerCamelCase(item.name)
            guard !collected.isTaken(item.name, label: label) else {
                warn("the query item '\(item.name)' of path '\(operation.template)' has the name or Swift label of another parameter of this operation; left out", at: operation.position)
                continue
            }
            // Standing alone, the route sends the value by default; merged into the route
            // of its method and path, the item joins as an optional parameter, so that route
            // does not start sending it.
            collected.queries.append(ImportedParameter(place: .query, name: item.name, type: .builtin("String"), isOptional: false, defaultValue: StringLiteral.quoted(item.value)))
            let optional = ImportedParameter(place: .query, name: item.name, type: .builtin("String"), isOptional: true)
            collected.variantParameters.append(VariantParameter(wireName: item.name, label: label, optional: optional))
            collected.take(item.name, label: label)
        }
    }

    // MARK: Variants

    /// What a variant merged into the route of its method and path brings of its own that the
    /// route does not keep, named from the description (nothing of it is converted or declared).
    private func payloadNotes(of variant: DocumentNode, keptBy route: DocumentNode) -> [String] {
        var notes: [String] = []
        let variantBody = variant["requestBody"].flatMap { resolve($0, section: "requestBodies") }
        let routeBody = route["requestBody"].flatMap { resolve($0, section: "requestBodies") }
        if !Self.same(variantBody, routeBody) {
            notes.append("its body \(Self.describe(content: variantBody)) is not imported, the route sends \(Self.describe(content: routeBody))")
        }
        let variantResponse = successResponse(variant)
        let routeResponse = successResponse(route)
        // What the route decodes is the content; headers and links are not imported anyway.
        if !Self.same(variantResponse?["content"], routeResponse?["content"]) {
            notes.append("it answers \(Self.describe(content: variantResponse)), the route \(Self.describe(content: routeResponse))")
        }
        return notes
    }

    private func successResponse(_ operation: DocumentNode) -> DocumentNode? {
        sortedResponses(operation).first { Self.isSuccess($0.code) }.flatMap { resolve($0.node, section: "responses") }
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
    private static func describe(content node: DocumentNode?) -> String {
        guard let entries = node?["content"]?.entries, !entries.isEmpty else { return "nothing" }
        let chosen = preferredEntry(entries)
        let schema = chosen.value["schema"]?["$ref"]?.string ?? "an inline schema"
        return "'" + (chosen.key.string ?? "") + "' " + schema
    }

    // MARK: Path

    private static let literalCharacters = Set("-._~!$&'()*+,;=:@".unicodeScalars)

    /// A path as route segments, with the parameter names it uses in order.
    private struct BuiltPath {
        var segments: [[SegmentPiece]] = []
        var hasTrailingSlash = false
        var usedNames: [String] = []
    }

    private func buildPath(_ operation: ImportSession.Operation, template: String, pathParameters: [String: DocumentNode], typeHint: String) -> BuiltPath? {
        guard template.hasPrefix("/") else {
            warn("path '\(template)' does not start with '/'; its operations are not imported", at: operation.position)
            return nil
        }
        var raw = template.dropFirst().split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        var path = BuiltPath()
        if raw.count > 1, raw.last == "" {
            path.hasTrailingSlash = true
            raw.removeLast()
        }
        if raw == [""] { raw = [] }
        for segment in raw {
            if segment.isEmpty || segment == "." || segment == ".." {
                warn("path '\(template)' has an empty, '.' or '..' segment, which a route cannot send; not imported", at: operation.position)
                return nil
            }
            guard let pieces = segmentPieces(segment, of: template, path: &path, pathParameters: pathParameters, typeHint: typeHint, operation: operation) else { return nil }
            path.segments.append(pieces)
        }
        return path
    }

    /// One segment's literal text and parameters; nil (with a warning) when a route cannot have it.
    private func segmentPieces(_ segment: String, of template: String, path: inout BuiltPath, pathParameters: [String: DocumentNode], typeHint: String, operation: ImportSession.Operation) -> [SegmentPiece]? {
        var pieces: [SegmentPiece] = []
        var rest = Substring(segment)
        while !rest.isEmpty {
            guard rest.first == "{" else {
                let end = rest.firstIndex(of: "{") ?? rest.endIndex
                let literal = String(rest[..<end])
                if let bad = literal.unicodeScalars.first(where: { $0.isASCII && !($0.properties.isAlphabetic || ("0"..."9").contains($0) || Self.literalCharacters.contains($0)) }) {
                    warn("path '\(template)' holds '\(bad)', which a route path cannot; not imported", at: operation.position)
                    return nil
                }
                pieces.append(.literal(literal))
                rest = rest[end...]
                continue
            }
            guard let close = rest.firstIndex(of: "}") else {
                warn("path '\(template)' has an unclosed '{'; not imported", at: operation.position)
                return nil
            }
            let name = String(rest[rest.index(after: rest.startIndex)..<close])
            if case .parameter? = pieces.last {
                warn("path '\(template)' has two parameters side by side in one segment, which a server cannot tell apart; not imported", at: operation.position)
                return nil
            }
            guard RouteText.isWireName(name) else {
                warn("path parameter name '\(name)' is not one a route can have (letters, digits, '_', '-', '.'); not imported", at: operation.position)
                return nil
            }
            guard !path.usedNames.contains(name) else {
                warn("path '\(template)' names parameter '\(name)' twice; not imported", at: operation.position)
                return nil
            }
            path.usedNames.append(name)
            pieces.append(pathParameter(name, parameter: pathParameters[name], typeHint: typeHint, operation: operation))
            rest = rest[rest.index(after: close)...]
        }
        return pieces
    }

    private func pathParameter(_ name: String, parameter: DocumentNode?, typeHint: String, operation: ImportSession.Operation) -> SegmentPiece {
        guard let parameter else {
            warn("path parameter '\(name)' of '\(operation.template)' is not declared; imported as 'String'", at: operation.position)
            return .parameter(name, .builtin("String"), nil)
        }
        guard let schema = parameter["schema"] else {
            return .parameter(name, .builtin("String"), nil)
        }
        let converted = converter.convert(schema, hint: typeHint + SwiftNaming.upperCamelCase(name))
        var type = converted.type
        if !type.isScalar(enums: converter.enumNames) {
            warn("path parameter '\(name)' is '\(type.text)', which is not one segment; imported as 'String'", at: schema.position)
            type = .builtin("String")
        }
        var literal: String?
        if let text = schema["default"]?.string, !text.isEmpty,
           text.unicodeScalars.allSatisfy({ !$0.isASCII || $0.properties.isAlphabetic || ("0"..."9").contains($0) || Self.literalCharacters.contains($0) }),
           text != ".", text != ".." {
            literal = text
        }
        return .parameter(name, type, literal)
    }

    // MARK: Query and header

    private func query(_ parameter: DocumentNode, name: String, typeHint: String) -> ImportedParameter? {
        guard let schema = parameter["schema"] else {
            warn("query parameter '\(name)' has no 'schema' (a 'content' parameter is not supported); left out", at: parameter.position)
            return nil
        }
        let converted = converter.convert(schema, hint: typeHint + SwiftNaming.upperCamelCase(name))
        let enums = converter.enumNames
        let required = parameter["required"]?.bool == true
        // An export says which parameters are optional types (`x-routegen-optional`); `required`
        // alone cannot tell `?ids: [Int]` from `?ids: [Int]?`, or `?n: Int = 3` from `?n: Int? = 3`.
        let exportOptional: Bool? = session.isExport ? parameter["x-routegen-optional"]?.bool == true : nil
        var query = ImportedParameter(place: .query, name: name, type: converted.type, isOptional: false)
        switch converted.type {
        case .array(let element) where element.isScalar(enums: enums):
            query.isOptional = exportOptional == true
        case .dictionary(let value) where value.isScalar(enums: enums) && parameter["style"]?.string == "deepObject":
            query.isOptional = exportOptional ?? !required
            query.isDeep = true
        case let type where type.isScalar(enums: enums):
            if !required, !converted.isNullable, let value = schema["default"], let literal = converter.defaultLiteral(value, for: type),
               ["Int", "Int64", "Double", "Bool", "String"].contains(type.text) || session.isExport {
                query.isOptional = exportOptional == true
                query.defaultValue = literal
            } else {
                query.isOptional = exportOptional ?? !required
            }
        default:
            warn("query parameter '\(name)' is '\(converted.type.text)', which a query item cannot hold\(converted.type.declaredByValue != nil ? " (an object is sent as 'deepObject' only with '[String: Value]')" : ""); left out", at: schema.position)
            return nil
        }
        if !query.isDeep { query.constraints = converter.constraints(of: schema, type: converted.type, subject: "query parameter '\(name)'") }
        return query
    }

    private func header(_ parameter: DocumentNode, name: String, typeHint: String) -> ImportedParameter {
        let required = parameter["required"]?.bool == true
        let optional = session.isExport ? parameter["x-routegen-optional"]?.bool == true : !required
        var header = ImportedParameter(place: .header, name: name, type: .builtin("String"), isOptional: optional)
        guard let schema = parameter["schema"] else { return header }
        let converted = converter.convert(schema, hint: typeHint + SwiftNaming.upperCamelCase(name))
        var type = converted.type
        if !type.isScalar(enums: converter.enumNames) {
            warn("header parameter '\(name)' is '\(type.text)', which a header route parameter cannot be; imported as 'String'", at: schema.position)
            type = .builtin("String")
        }
        header.type = type
        header.constraints = converter.constraints(of: schema, type: type, subject: "header parameter '\(name)'")
        if session.isExport, !required, let value = schema["default"], let literal = converter.defaultLiteral(value, for: type) {
            header.defaultValue = literal
        }
        return header
    }

    // MARK: Body

    private static func isJSON(_ mediaType: String) -> Bool {
        let base = mediaType.split(separator: ";").first.map { $0.trimmingBlanks.lowercased() } ?? ""
        return base == "application/json" || (base.hasSuffix("+json") && base != "application/merge-patch+json" && base != "application/json-patch+json") || base == "*/*" && false
    }

    private func body(_ requestBody: DocumentNode, typeHint: String) -> (ImportedBody, String)? {
        // What a request sends: a schema both directions use is its `Input` form.
        converter.writing = true
        defer { converter.writing = false }
        guard let mediaType = chosenMediaType(requestBody), let body = bodyClause(requestBody, typeHint: typeHint) else { return nil }
        return (body, mediaType)
    }

    private func chosenMediaType(_ requestBody: DocumentNode) -> String? {
        guard let content = requestBody["content"]?.entries, !content.isEmpty else { return nil }
        return chosenEntry(content).key.string
    }

    /// JSON first, unless its schema holds a file (`format: binary`), which JSON cannot carry:
    /// then the multipart form, when there is one.
    private func chosenEntry(_ content: [DocumentEntry]) -> DocumentEntry {
        let preferred = Self.preferredEntry(content)
        guard Self.isJSON(preferred.key.string ?? ""), let schema = preferred.value["schema"], holdsFile(schema, depth: 0),
              let form = content.first(where: { Self.isForm($0.key.string ?? "") }) else { return preferred }
        return form
    }

    private static func isForm(_ mediaType: String) -> Bool {
        mediaType.lowercased().hasPrefix("multipart/form-data")
    }

    /// Whether a schema (its properties, items and variants, three levels deep) holds bytes.
    private func holdsFile(_ schema: DocumentNode, depth: Int) -> Bool {
        guard depth < 4 else { return false }
        let target: DocumentNode?
        if let text = schema["$ref"]?.string, case .node(let node, _) = session.index.target(of: text) { target = node } else { target = schema }
        guard let target else { return false }
        if target["format"]?.string == "binary" { return true }
        let children = (target["properties"]?.entries?.map(\.value) ?? []) + [target["items"]].compactMap { $0 }
            + ["oneOf", "anyOf", "allOf"].flatMap { target[$0]?.sequence ?? [] }
        return children.contains { holdsFile($0, depth: depth + 1) }
    }

    private static func preferredEntry(_ content: [DocumentEntry]) -> DocumentEntry {
        let preference: [(String) -> Bool] = [
            { isJSON($0) },
            { $0.lowercased() == "application/merge-patch+json" },
            { isForm($0) },
            { $0.lowercased().hasPrefix("application/x-www-form-urlencoded") },
        ]
        for accepts in preference {
            for entry in content where accepts(entry.key.string ?? "") { return entry }
        }
        return content[0]
    }

    private func bodyClause(_ requestBody: DocumentNode, typeHint: String) -> ImportedBody? {
        guard let content = requestBody["content"]?.entries, !content.isEmpty else { return nil }
        let mediaTypes = content.compactMap { $0.key.string }
        let chosen = chosenEntry(content)
        let mediaType = chosen.key.string ?? ""
        if mediaTypes.count > 1 {
            let reason = Self.isForm(mediaType) && mediaTypes.contains(where: Self.isJSON) ? ", since its schema holds a file, which JSON cannot carry" : ""
            warn("the request body is also accepted as \(mediaTypes.filter { $0 != mediaType }.map { "'" + $0 + "'" }.joined(separator: ", ")); imported as '\(mediaType)'" + reason, at: chosen.key.position)
        }
        let lowered = mediaType.lowercased()
        let schema = chosen.value["schema"]
        // An export writes `required: false` for an optional body type; a foreign description
        // leaves `required` out for most bodies it means to be sent.
        let optional = session.isExport && requestBody["required"]?.bool == false
        if schema?["contentMediaType"] != nil {
            return .raw(mediaType: mediaType)
        }
        if Self.isJSON(lowered) || lowered == "application/merge-patch+json" {
            guard let schema else { return .json(.json) }
            let type = converter.convert(schema, hint: typeHint).type
            if type == .builtin(EndpointKitVocabulary.dataType) || type == .builtin(EndpointKitVocabulary.filePartType) { return .raw(mediaType: mediaType) }
            return lowered == "application/merge-patch+json" ? .mergePatch(type.optional(optional)) : .json(type.optional(optional))
        }
        // An export's form and multipart bodies are what the route file said (a generic
        // instance or an imported type too); the resolver checks them.
        if session.isExport, let schema, Self.isForm(lowered) {
            return .multipart(converter.convert(schema, hint: typeHint, context: .multipart).type.optional(optional))
        }
        if session.isExport, let schema, lowered.hasPrefix("application/x-www-form-urlencoded") {
            return .form(converter.convert(schema, hint: typeHint, context: .json).type.optional(optional))
        }
        if Self.isForm(lowered), let schema {
            return multipartBody(schema, mediaType: mediaType, optional: optional, typeHint: typeHint)
        }
        if lowered.hasPrefix("application/x-www-form-urlencoded"), let schema {
            return formBody(schema, mediaType: mediaType, optional: optional, typeHint: typeHint)
        }
        guard Self.isMediaType(mediaType) else {
            warn("request body media type '\(mediaType)' is not 'type/subtype'; imported as 'application/octet-stream'", at: chosen.key.position)
            return .raw(mediaType: "application/octet-stream")
        }
        return .raw(mediaType: mediaType)
    }

    /// A foreign description's multipart body: a model whose fields are the parts, else raw bytes.
    private func multipartBody(_ schema: DocumentNode, mediaType: String, optional: Bool, typeHint: String) -> ImportedBody {
        let type = converter.convert(schema, hint: typeHint, context: .multipart).type
        if case .declared(let name) = type, converter.isModel(name), !converter.allFields(of: name).isEmpty {
            return .multipart(type.optional(optional))
        }
        warn("the multipart body is '\(type.text)', not an object whose properties are the parts; imported as raw bytes", at: schema.position)
        return .raw(mediaType: mediaType)
    }

    /// A foreign description's form body: a flat model of text values, else raw bytes.
    private func formBody(_ schema: DocumentNode, mediaType: String, optional: Bool, typeHint: String) -> ImportedBody {
        let type = converter.convert(schema, hint: typeHint).type
        let enums = converter.enumNames
        if case .declared(let name) = type, converter.isModel(name),
           converter.allFields(of: name).allSatisfy({ $0.type.isScalar(enums: enums) || { if case .array(let element) = $0.type { return element.isScalar(enums: enums) }; return false }($0) }) {
            return .form(type.optional(optional))
        }
        warn("the form body is '\(type.text)', not a flat object of text values; imported as raw bytes", at: schema.position)
        return .raw(mediaType: mediaType)
    }

    /// The one value a parameter can have: its default, or its only enum value.
    private static func fixedValue(_ parameter: DocumentNode) -> String? {
        let schema = parameter["schema"]
        if let value = schema?["default"]?.string { return value }
        if let values = schema?["enum"]?.sequence, values.count == 1 { return values[0].string }
        return nil
    }

    private static func isMediaType(_ text: String) -> Bool {
        let base = text.split(separator: ";").first.map { $0.trimmingBlanks } ?? ""
        let parts = base.split(separator: "/", omittingEmptySubsequences: false)
        return parts.count == 2 && parts.allSatisfy { !$0.isEmpty && $0.allSatisfy { !$0.isWhitespace } }
    }

    // MARK: Responses

    private static func isSuccess(_ code: String) -> Bool {
        code.count == 3 && code.hasPrefix("2")
    }

    /// The status of the response the route answers as, when it is not the one the route file
    /// implies (200, or 204 for `Empty`).
    private func successStatus(_ node: DocumentNode, response: ImportedType) -> Int? {
        guard let first = sortedResponses(node).first(where: { Self.isSuccess($0.code) }), let code = Int(first.code) else { return nil }
        return code == (response == .builtin(EndpointKitVocabulary.emptyType) ? 204 : 200) ? nil : code
    }

    private func sortedResponses(_ node: DocumentNode) -> [(code: String, node: DocumentNode, key: DocumentNode)] {
        let entries = node["responses"]?.entries ?? []
        return entries.compactMap { entry in entry.key.string.map { ($0.uppercased(), entry.value, entry.key) } ?? entry.key.number.map { ($0, entry.value, entry.key) } }
            .sorted { $0.code < $1.code }
    }

    private func response(_ node: DocumentNode, typeHint: String, operation: ImportSession.Operation) -> (ImportedType, String?) {
        let empty = ImportedType.builtin(EndpointKitVocabulary.emptyType)
        let data = ImportedType.builtin(EndpointKitVocabulary.dataType)
        let responses = sortedResponses(node)
        var success = responses.filter { Self.isSuccess($0.code) }
        if success.isEmpty, responses.count == 1, responses[0].code == "DEFAULT" { success = responses }
        guard let first = success.first else {
            warn("\(operation.method) '\(operation.template)' has no 2xx response; imported as '-> Empty'", at: node["responses"]?.position ?? operation.position)
            return (empty, nil)
        }
        guard let response = resolve(first.node, section: "responses") else { return (empty, nil) }
        // What a route file has no place for: said once per operation, never dropped silently.
        if let headers = response["headers"]?.entries, !headers.isEmpty {
            let names = headers.compactMap(\.key.string).map { "'" + $0 + "'" }.joined(separator: ", ")
            warn("response \(first.code)'s headers \(names) are not something a route reads; left out", at: headers[0].key.position)
        }
        if let links = response["links"]?.entries, !links.isEmpty {
            warn("response \(first.code)'s links \(links.compactMap(\.key.string).map { "'" + $0 + "'" }.joined(separator: ", ")) are not something a route file says; left out", at: links[0].key.position)
        }
        let others = success.dropFirst().filter { other in
            guard let resolved = resolve(other.node, section: "responses") else { return false }
            return !(resolved["content"]?.entries?.isEmpty ?? true)
        }
        if let other = others.first {
            warn("response \(other.code) has content of its own; the route answers as its \(first.code) response", at: other.key.position)
        }
        guard first.code != "204", let content = response["content"]?.entries, !content.isEmpty else {
            // An accept beside `-> Empty`, which no response content can show.
            if let accept = node["x-routegen-accept"]?.string, Self.isMediaType(accept) { return (empty, accept) }
            return (empty, nil)
        }
        if session.isExport, content.count == 1, let mediaType = content[0].key.string, Self.isMediaType(mediaType) {
            // The export's one response content: its key is the route's accept unless it is the
            // default, and a string with `contentMediaType` is bytes not decoded.
            let accept = mediaType == "application/json" ? nil : mediaType
            guard let schema = content[0].value["schema"] else { return (.json, accept) }
            if schema["contentMediaType"] != nil { return (data, accept) }
            let converted = converter.convert(schema, hint: typeHint + "Response")
            return (converted.type.optional(converted.isNullable), accept)
        }
        if let json = content.first(where: { Self.isJSON($0.key.string ?? "") }) {
            guard let schema = json.value["schema"] else { return (.json, nil) }
            let type = converter.convert(schema, hint: typeHint + "Response").type
            return (type, nil)
        }
        let mediaType = content[0].key.string ?? ""
        if mediaType.lowercased().hasPrefix("text/plain") || Self.isMediaType(mediaType) {
            return (data, Self.isMediaType(mediaType) ? mediaType : nil)
        }
        warn("response media type '\(mediaType)' is not 'type/subtype'; imported as 'Data'", at: content[0].key.position)
        return (data, nil)
    }

    /// The stream a 2xx response offers (`text/event-stream`, `application/jsonl`,
    /// `application/x-ndjson`) and the type of one event's data or one line: its schema's, else
    /// `String` for events and `JSONValue` for lines.
    private func stream(_ node: DocumentNode, typeHint: String) -> (streaming: ResponseStreaming, element: ImportedType)? {
        guard let first = sortedResponses(node).first(where: { Self.isSuccess($0.code) }),
              let response = resolve(first.node, section: "responses"),
              let content = response["content"]?.entries else { return nil }
        for entry in content {
            guard let mediaType = entry.key.string, let streaming = ResponseStreaming(mediaType: mediaType) else { continue }
            guard let schema = entry.value["schema"] ?? entry.value["itemSchema"] else {
                return (streaming, streaming == .events ? .builtin("String") : .json)
            }
            let type = converter.convert(schema, hint: typeHint + "StreamEvent").type
            if type == .builtin(EndpointKitVocabulary.dataType) { return (streaming, .builtin("String")) }
            return (streaming, type)
        }
        return nil
    }

    private func errorType(_ node: DocumentNode, typeHint: String) -> ImportedType? {
        for response in sortedResponses(node) where response.code.hasPrefix("4") || response.code.hasPrefix("5") || response.code == "DEFAULT" {
            guard let resolved = resolve(response.node, section: "responses"),
                  let json = resolved["content"]?.entries?.first(where: { Self.isJSON($0.key.string ?? "") }),
                  let schema = json.value["schema"] else { continue }
            var hint = typeHint + "Error"
            if let reference = response.node["$ref"]?.string, let last = ReferenceIndex.pointerTokens(String(reference.dropFirst())).last {
                hint = SwiftNaming.upperCamelCase(last)
            }
            let type = converter.convert(schema, hint: hint).type
            if type == .builtin(EndpointKitVocabulary.dataType) || type == .builtin(EndpointKitVocabulary.filePartType) { continue }
            return type
        }
        return nil
    }
}

/// Finds the models that would hold themselves by value (`parent: Folder?` in `Folder`, or
/// through other models) and makes the field that closes each cycle `JSONValue`, with a warning.
struct CycleBreaker {
    let converter: SchemaConverter

    func breakCycles() {
        var state: [String: Int] = [:]  // 1: on the stack, 2: done
        for declaration in converter.orderedDeclarations {
            visit(declaration.name, &state, stack: [])
        }
    }

    private func visit(_ name: String, _ state: inout [String: Int], stack: [String]) {
        guard state[name] == nil, case .model(let includes, _)? = converter.declaration(named: name)?.kind else { return }
        state[name] = 1
        for included in includes { visit(included, &state, stack: stack + [name]) }
        var index = 0
        while case .model(_, let fields)? = converter.declaration(named: name)?.kind, index < fields.count {
            let field = fields[index]
            if let target = field.type.declaredByValue, converter.isModel(target) {
                if state[target] == 1 || target == name {
                    let cycle = (stack + [name]).drop(while: { $0 != target }) + [target]
                    converter.warn("model '\(name)' would hold itself through '\(field.wireName)' (\(cycle.joined(separator: " → "))), which a struct cannot; '\(field.wireName)' is imported as 'JSONValue'", at: field.position)
                    converter.replaceField(index, of: name, with: .json)
                } else {
                    visit(target, &state, stack: stack + [name])
                }
            }
            index += 1
        }
        state[name] = 2
    }
}
