import RoutegenCore
import RoutegenYAML

/// One piece of a path segment.
enum SegmentPiece: Hashable {
    case literal(String)
    /// A parameter: its name, its type's text and its default when that could stand as literal text.
    case parameter(String, String, String?)
}

/// A route line before it is text.
struct RouteLine {
    var group: String
    var name: String
    var method: String
    var segments: [[SegmentPiece]]
    var hasTrailingSlash: Bool
    var clauses: [String]
    /// The query and header parameters: wire name, Swift label, and the clause as an optional
    /// parameter (for merging a variant into the route of its method and path).
    var parameters: [(wireName: String, label: String, optionalClause: String)] = []
    /// `#fragment` or `?query` of a path written as a variant of another (Box's
    /// `/files/{id}#get_shared_link`, OpenAI's `/responses?beta=true`), with its `#` or `?`.
    var variant: String?
    var response: String
    var errorType: String?
    var access: RouteAccess
    /// Whether the route line says `auth` or `public` itself (`x-routegen-access` in an export).
    var isAccessExplicit = false
    /// `paginate` and what follows it.
    var pagination: String?
    /// Lint rules turned off for the route (`# routegen:disable ...` at the end of the line).
    var disabledRules: [String] = []
    /// For a variant merged into another route: its body or response the route does not keep.
    var payloadNotes: [String]?
    var isDeprecated: Bool
    var documentation: [String]
    var position: DocumentPosition

    var pathText: String {
        if segments.isEmpty { return "/" }
        let body = segments.map { pieces in
            pieces.map { piece in
                switch piece {
                case .literal(let text): text
                case .parameter(let name, let type, _): "{" + name + ": " + type + "}"
                }
            }.joined()
        }.joined(separator: "/")
        return "/" + body + (hasTrailingSlash ? "/" : "")
    }

    var shapeKey: String {
        let body = segments.map { pieces in
            pieces.map { piece in
                if case .literal(let text) = piece { return text }
                return "{}"
            }.joined()
        }.joined(separator: "/")
        return method + " /" + body + (hasTrailingSlash ? "/" : "")
    }

    /// Every text of the line that can name a type: parameters, clauses, response, error body.
    var typeTexts: [String] {
        var texts = clauses + [response] + (errorType.map { [$0] } ?? [])
        for pieces in segments {
            for case .parameter(_, let type, _) in pieces { texts.append(type) }
        }
        return texts
    }

    func withLiteral(_ text: String, atSegment index: Int) -> RouteLine {
        var copy = self
        copy.segments[index] = [.literal(text)]
        return copy
    }

    /// The route's lines; `inheritedErrors` is the error body its group or the API gives it.
    func lines(groupAccess: GroupAccess, inheritedErrors: String?) -> [String] {
        var result = documentation.map { "  " + RouteText.documentation($0) }
        var line = "  " + name + " " + method + " " + pathText
        for clause in clauses { line += " " + clause }
        line += " -> " + response
        if let errorType, errorType != inheritedErrors { line += " errors " + errorType }
        if let pagination { line += " paginate " + pagination }
        switch (access, groupAccess.access) {
        case (.open, .auth): line += " public"
        case (.open, .open) where isAccessExplicit: line += " public"
        case (.auth(let scheme), .auth(let groupScheme)) where scheme != groupScheme || isAccessExplicit: line += " auth" + (scheme.map { " " + $0 } ?? "")
        case (.auth(let scheme), .open): line += " auth" + (scheme.map { " " + $0 } ?? "")
        default: break
        }
        if isDeprecated { line += " deprecated" }
        line += RouteText.disableComment(disabledRules)
        result.append(line)
        return result
    }
}

/// Builds the route line of one operation: path, parameters, body, response, error body, access.
struct RouteBuilder {
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

    mutating func route(for operation: ImportSession.Operation) -> RouteLine? {
        defer { offset += 1 }
        let node = operation.node
        let operationName = routeName(operation)
        let typeHint = SwiftNaming.upperCamelCase(operationName)

        // Parameters: the path item's, then the operation's (which replace those of the same name and place).
        var parameters: [DocumentNode] = []
        var keys: [String] = []
        for list in [operation.pathItem["parameters"], node["parameters"]] {
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

        // The path.
        var pathParameters: [String: DocumentNode] = [:]
        for parameter in parameters where parameter["in"]?.string == "path" {
            if let name = parameter["name"]?.string { pathParameters[name] = parameter }
        }
        var template = operation.template
        var variant: String?
        if let hash = template.firstIndex(of: "#") {
            variant = String(template[hash...])
            template = String(template[..<hash])
        }
        // A query written into the path (OpenAI's `/responses?beta=true`): each item is a query
        // parameter whose default is its value, and the operation a variant of the route of
        // its method and path.
        var fixedQuery: [(name: String, value: String)] = []
        if let mark = template.firstIndex(of: "?") {
            let query = template[template.index(after: mark)...]
            variant = (variant ?? "") + String(template[mark...])
            template = String(template[..<mark])
            for item in query.split(separator: "&") {
                let pair = item.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                let name = String(pair[0])
                let value = pair.count > 1 ? String(pair[1]) : ""
                guard RouteText.isQueryName(name), value.unicodeScalars.allSatisfy({ !$0.properties.isWhitespace && $0 != "%" && $0 != "+" }) else {
                    warn("path '\(operation.template)' holds the query '\(query)', whose item '\(item)' is not a name and plain value a route can send; not imported", at: operation.position)
                    return nil
                }
                fixedQuery.append((name, value))
            }
        }
        guard let (segments, hasTrailingSlash, usedNames) = buildPath(operation, template: template, pathParameters: pathParameters, typeHint: typeHint) else { return nil }
        var labels: Set<String> = []
        var wireNames: Set<String> = []
        for name in usedNames {
            labels.insert(SwiftNaming.lowerCamelCase(name))
            wireNames.insert(name)
        }
        for parameter in parameters where parameter["in"]?.string == "path" {
            if let name = parameter["name"]?.string, !usedNames.contains(name) {
                warn("path parameter '\(name)' is not in the path '\(operation.template)'; left out", at: parameter.position)
            }
        }

        if let callbacks = node["callbacks"]?.entries, !callbacks.isEmpty {
            warn("the operation's callbacks \(callbacks.compactMap(\.key.string).map { "'" + $0 + "'" }.joined(separator: ", ")) are requests the API sends, not routes; not imported", at: callbacks[0].key.position)
        }

        // The body, first: its argument label takes part in the clash check.
        var bodyClause: String?
        var bodyMediaType: String?
        let mergeTarget = session.mergeTargets[offset]
        if let requestBody = node["requestBody"], mergeTarget == nil {
            if !EndpointKitVocabulary.methodAllowsBody(operation.method) {
                warn("\(operation.method) '\(operation.template)' has a request body, which a \(operation.method) route cannot send; left out", at: requestBody.position)
            } else if let resolved = resolve(requestBody, section: "requestBodies") {
                if let (clause, mediaType) = body(resolved, typeHint: typeHint + "Request") {
                    bodyClause = clause
                    bodyMediaType = mediaType
                }
                if bodyClause != nil { labels.insert("body") }
            }
        }

        var acceptHeader: String?
        var merged: [(wireName: String, label: String, optionalClause: String)] = []
        var clauses: [String] = []
        var queryClauses: [String] = []
        var headerClauses: [String] = []
        for parameter in parameters {
            guard let name = parameter["name"]?.string, let place = parameter["in"]?.string, place != "path" else { continue }
            let label = SwiftNaming.lowerCamelCase(name)
            switch place {
            case "query":
                guard RouteText.isQueryName(name) else {
                    warn("query parameter name '\(name)' is not one a route can send (letters, digits, '_', '-', '.', and brackets); left out", at: parameter.position)
                    continue
                }
                guard !wireNames.contains(name), !labels.contains(label) else {
                    warn("query parameter '\(name)' has the name or Swift label of another parameter of this operation; left out", at: parameter.position)
                    continue
                }
                guard let clause = query(parameter, name: name, typeHint: typeHint) else { continue }
                queryClauses.append(clause)
                merged.append((name, label, Self.optional(clause)))
                fixedQuery.removeAll { $0.name == name }
            case "header":
                switch name.lowercased() {
                case "accept":
                    // A fixed Accept (PagerDuty's versioned media type) is the route's `accept`.
                    if let value = Self.fixedValue(parameter), Self.isMediaType(value) {
                        acceptHeader = value
                    } else {
                        warn("header parameter 'Accept' has no one value to send; left out (the route sends its own Accept)", at: parameter.position)
                    }
                    continue
                case "content-type":
                    let value = Self.fixedValue(parameter)
                    if let bodyMediaType, value?.lowercased() != bodyMediaType.lowercased() {
                        warn("header parameter 'Content-Type' is set by the route from its body; left out", at: parameter.position)
                    }
                    continue
                case "authorization":
                    warn("header parameter 'Authorization' is the credential, which the route's 'auth' sends; left out", at: parameter.position)
                    continue
                default:
                    break
                }
                guard HTTPSyntax.isToken(name), RouteText.isWireName(name) else {
                    warn("header parameter name '\(name)' is not one a route can send; left out", at: parameter.position)
                    continue
                }
                guard !wireNames.contains(name), !labels.contains(label) else {
                    warn("header parameter '\(name)' has the name or Swift label of another parameter of this operation; left out", at: parameter.position)
                    continue
                }
                guard let clause = header(parameter, name: name, typeHint: typeHint) else { continue }
                headerClauses.append(clause)
                merged.append((name, label, Self.optional(clause)))
            case "cookie":
                warn("cookie parameter '\(name)' is not something a route sends; left out", at: parameter.position)
                continue
            default:
                warn("parameter '\(name)' is in '\(place)', which is not a place OpenAPI knows; left out", at: parameter.position)
                continue
            }
            labels.insert(label)
            wireNames.insert(name)
        }
        for item in fixedQuery {
            let label = SwiftNaming.lowerCamelCase(item.name)
            guard !wireNames.contains(item.name), !labels.contains(label) else {
                warn("the query item '\(item.name)' of path '\(operation.template)' has the name or Swift label of another parameter of this operation; left out", at: operation.position)
                continue
            }
            // Standing alone, the route sends the value by default; merged into the route
            // of its method and path, the item joins as an optional parameter, so that route
            // does not start sending it.
            queryClauses.append("?" + item.name + ": String = " + RouteText.quoted(item.value))
            merged.append((item.name, label, "?" + item.name + ": String?"))
            labels.insert(label)
            wireNames.insert(item.name)
        }
        clauses += queryClauses + headerClauses
        if let bodyClause { clauses.append(bodyClause) }

        let (response, accept) = mergeTarget == nil ? self.response(node, typeHint: typeHint, operation: operation) : (EndpointKitVocabulary.emptyType, nil)
        if let accept = accept ?? acceptHeader.map(Self.mediaTypeText) { clauses.append("accept " + accept) }
        var documentation: [String]
        if session.isExport {
            // The export writes `summary` (the first line) and, for several lines, `description` (all of them).
            documentation = RouteText.documentationLines(node["description"]?.string ?? node["summary"]?.string)
        } else {
            let summary = RouteText.documentationLine(node["summary"]?.string) ?? RouteText.documentationLine(node["description"]?.string)
            documentation = summary.map { [$0] } ?? []
        }
        var line = RouteLine(
            group: operation.group, name: operationName, method: operation.method, segments: segments,
            hasTrailingSlash: hasTrailingSlash, clauses: clauses,
            parameters: merged, variant: variant, response: response,
            errorType: mergeTarget == nil ? errorType(node, typeHint: typeHint) : nil, access: security.access(ofOperation: offset),
            isDeprecated: node["deprecated"]?.bool == true, documentation: documentation,
            position: operation.position
        )
        if let access = node["x-routegen-access"]?.string, access == "auth" || access == "public" { line.isAccessExplicit = true }
        if let errors = node["x-routegen-errors"]?.string, RouteText.isTypeText(errors) { line.errorType = errors }
        if let clause = node["x-routegen-paginate"]?.string, RouteText.isPaginationClause(clause) {
            line.pagination = clause
        } else {
            line.pagination = PaginationExtensions(converter: converter, session: session).clause(for: node, response: response, queryClauses: queryClauses)
        }
        line.disabledRules = RouteText.disabledRules(node["x-routegen-disable"])
        if let mergeTarget { line.payloadNotes = payloadNotes(of: node, keptBy: mergeTarget) }
        return line
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
        let chosen = chosenEntry(entries)
        let schema = chosen.value["schema"]?["$ref"]?.string ?? "an inline schema"
        return "'" + (chosen.key.string ?? "") + "' " + schema
    }

    // MARK: Path

    private static let literalCharacters = Set("-._~!$&'()*+,;=:@".unicodeScalars)

    private func buildPath(_ operation: ImportSession.Operation, template: String, pathParameters: [String: DocumentNode], typeHint: String) -> ([[SegmentPiece]], Bool, [String])? {
        guard template.hasPrefix("/") else {
            warn("path '\(template)' does not start with '/'; its operations are not imported", at: operation.position)
            return nil
        }
        var raw = template.dropFirst().split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        var hasTrailingSlash = false
        if raw.count > 1, raw.last == "" {
            hasTrailingSlash = true
            raw.removeLast()
        }
        if raw == [""] { raw = [] }
        var segments: [[SegmentPiece]] = []
        var used: [String] = []
        for segment in raw {
            if segment.isEmpty || segment == "." || segment == ".." {
                warn("path '\(template)' has an empty, '.' or '..' segment, which a route cannot send; not imported", at: operation.position)
                return nil
            }
            var pieces: [SegmentPiece] = []
            var rest = Substring(segment)
            while !rest.isEmpty {
                if rest.first == "{" {
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
                    guard !used.contains(name) else {
                        warn("path '\(template)' names parameter '\(name)' twice; not imported", at: operation.position)
                        return nil
                    }
                    used.append(name)
                    pieces.append(pathParameter(name, parameter: pathParameters[name], typeHint: typeHint, operation: operation))
                    rest = rest[rest.index(after: close)...]
                } else {
                    let end = rest.firstIndex(of: "{") ?? rest.endIndex
                    let literal = String(rest[..<end])
                    if let bad = literal.unicodeScalars.first(where: { $0.isASCII && !($0.properties.isAlphabetic || ("0"..."9").contains($0) || Self.literalCharacters.contains($0)) }) {
                        warn("path '\(template)' holds '\(bad)', which a route path cannot; not imported", at: operation.position)
                        return nil
                    }
                    pieces.append(.literal(literal))
                    rest = rest[end...]
                }
            }
            segments.append(pieces)
        }
        return (segments, hasTrailingSlash, used)
    }

    private func pathParameter(_ name: String, parameter: DocumentNode?, typeHint: String, operation: ImportSession.Operation) -> SegmentPiece {
        guard let parameter else {
            warn("path parameter '\(name)' of '\(operation.template)' is not declared; imported as 'String'", at: operation.position)
            return .parameter(name, "String", nil)
        }
        guard let schema = parameter["schema"] else {
            return .parameter(name, "String", nil)
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
        return .parameter(name, type.text, literal)
    }

    // MARK: Query and header

    private func query(_ parameter: DocumentNode, name: String, typeHint: String) -> String? {
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
        switch converted.type {
        case .array(let element) where element.isScalar(enums: enums):
            return "?" + name + ": " + converted.type.text + (exportOptional == true ? "?" : "")
        case .dictionary(let value) where value.isScalar(enums: enums) && parameter["style"]?.string == "deepObject":
            return "?" + name + ": " + converted.type.text + ((exportOptional ?? !required) ? "?" : "") + " deep"
        case let type where type.isScalar(enums: enums):
            if !required, !converted.isNullable, let value = schema["default"], let literal = converter.defaultLiteral(value, for: type),
               ["Int", "Int64", "Double", "Bool", "String"].contains(type.text) || session.isExport {
                return "?" + name + ": " + type.text + (exportOptional == true ? "?" : "") + " = " + literal
            }
            return "?" + name + ": " + type.text + ((exportOptional ?? !required) ? "?" : "")
        default:
            warn("query parameter '\(name)' is '\(converted.type.text)', which a query item cannot hold\(converted.type.declaredByValue != nil ? " (an object is sent as 'deepObject' only with '[String: Value]')" : ""); left out", at: schema.position)
            return nil
        }
    }

    private func header(_ parameter: DocumentNode, name: String, typeHint: String) -> String? {
        let required = parameter["required"]?.bool == true
        let optional = session.isExport ? parameter["x-routegen-optional"]?.bool == true : !required
        guard let schema = parameter["schema"] else { return "header " + name + ": String" + (optional ? "?" : "") }
        let converted = converter.convert(schema, hint: typeHint + SwiftNaming.upperCamelCase(name))
        var type = converted.type
        if !type.isScalar(enums: converter.enumNames) {
            warn("header parameter '\(name)' is '\(type.text)', which a header route parameter cannot be; imported as 'String'", at: schema.position)
            type = .builtin("String")
        }
        if session.isExport, !required, let value = schema["default"], let literal = converter.defaultLiteral(value, for: type) {
            return "header " + name + ": " + type.text + (optional ? "?" : "") + " = " + literal
        }
        return "header " + name + ": " + type.text + (optional ? "?" : "")
    }

    // MARK: Body

    private static func isJSON(_ mediaType: String) -> Bool {
        let base = mediaType.split(separator: ";").first.map { $0.trimmingBlanks.lowercased() } ?? ""
        return base == "application/json" || (base.hasSuffix("+json") && base != "application/merge-patch+json" && base != "application/json-patch+json") || base == "*/*" && false
    }

    private func body(_ requestBody: DocumentNode, typeHint: String) -> (String, String)? {
        guard let mediaType = chosenMediaType(requestBody), let clause = bodyClause(requestBody, typeHint: typeHint) else { return nil }
        return (clause, mediaType)
    }

    private func chosenMediaType(_ requestBody: DocumentNode) -> String? {
        guard let content = requestBody["content"]?.entries, !content.isEmpty else { return nil }
        return Self.chosenEntry(content).key.string
    }

    private static func chosenEntry(_ content: [DocumentEntry]) -> DocumentEntry {
        let preference: [(String) -> Bool] = [
            { isJSON($0) },
            { $0.lowercased() == "application/merge-patch+json" },
            { $0.lowercased().hasPrefix("multipart/form-data") },
            { $0.lowercased().hasPrefix("application/x-www-form-urlencoded") },
        ]
        for accepts in preference {
            for entry in content where accepts(entry.key.string ?? "") { return entry }
        }
        return content[0]
    }

    private func bodyClause(_ requestBody: DocumentNode, typeHint: String) -> String? {
        guard let content = requestBody["content"]?.entries, !content.isEmpty else { return nil }
        let mediaTypes = content.compactMap { $0.key.string }
        let chosen = Self.chosenEntry(content)
        let mediaType = chosen.key.string ?? ""
        if mediaTypes.count > 1 {
            warn("the request body is also accepted as \(mediaTypes.filter { $0 != mediaType }.map { "'" + $0 + "'" }.joined(separator: ", ")); imported as '\(mediaType)'", at: chosen.key.position)
        }
        let lowered = mediaType.lowercased()
        let schema = chosen.value["schema"]
        // An export writes `required: false` for an optional body type; a foreign description
        // leaves `required` out for most bodies it means to be sent.
        let optional = session.isExport && requestBody["required"]?.bool == false ? "?" : ""
        if schema?["contentMediaType"] != nil {
            return "body raw " + RouteText.quoted(mediaType)
        }
        if Self.isJSON(lowered) || lowered == "application/merge-patch+json" {
            guard let schema else { return "body JSONValue" }
            let type = converter.convert(schema, hint: typeHint).type
            if type == .builtin(EndpointKitVocabulary.dataType) || type == .builtin(EndpointKitVocabulary.filePartType) {
                return "body raw " + RouteText.quoted(mediaType)
            }
            return "body " + (lowered == "application/merge-patch+json" ? "merge-patch " : "") + type.text + optional
        }
        // An export's form and multipart bodies are what the route file said (a generic
        // instance or an imported type too); the resolver checks them.
        if session.isExport, let schema, lowered.hasPrefix("multipart/form-data") || lowered.hasPrefix("application/x-www-form-urlencoded") {
            let kind = lowered.hasPrefix("multipart/form-data") ? "multipart" : "form"
            return "body " + kind + " " + converter.convert(schema, hint: typeHint, context: kind == "multipart" ? .multipart : .json).type.text + optional
        }
        if lowered.hasPrefix("multipart/form-data"), let schema {
            let type = converter.convert(schema, hint: typeHint, context: .multipart).type
            if case .declared(let name) = type, converter.isModel(name), !converter.allFields(of: name).isEmpty {
                return "body multipart " + name + optional
            }
            warn("the multipart body is '\(type.text)', not an object whose properties are the parts; imported as raw bytes", at: schema.position)
            return "body raw " + RouteText.quoted(mediaType)
        }
        if lowered.hasPrefix("application/x-www-form-urlencoded"), let schema {
            let type = converter.convert(schema, hint: typeHint).type
            let enums = converter.enumNames
            if case .declared(let name) = type, converter.isModel(name),
               converter.allFields(of: name).allSatisfy({ $0.type.isScalar(enums: enums) || { if case .array(let element) = $0.type { return element.isScalar(enums: enums) }; return false }($0) }) {
                return "body form " + name + optional
            }
            warn("the form body is '\(type.text)', not a flat object of text values; imported as raw bytes", at: schema.position)
            return "body raw " + RouteText.quoted(mediaType)
        }
        guard Self.isMediaType(mediaType) else {
            warn("request body media type '\(mediaType)' is not 'type/subtype'; imported as 'application/octet-stream'", at: chosen.key.position)
            return "body raw \"application/octet-stream\""
        }
        return "body raw " + RouteText.quoted(mediaType)
    }

    /// A parameter clause as an optional parameter: `?q: String` → `?q: String?`.
    private static func optional(_ clause: String) -> String {
        if clause.hasSuffix("?") || clause.hasSuffix("]") || clause.contains(" = ") || clause.hasSuffix(" deep") { return clause }
        return clause + "?"
    }

    /// The one value a parameter can have: its default, or its only enum value.
    private static func fixedValue(_ parameter: DocumentNode) -> String? {
        let schema = parameter["schema"]
        if let value = schema?["default"]?.string { return value }
        if let values = schema?["enum"]?.sequence, values.count == 1 { return values[0].string }
        return nil
    }

    /// A media type as an `accept` clause writes it: quoted when it has parameters.
    private static func mediaTypeText(_ mediaType: String) -> String {
        mediaType.contains(";") || mediaType.contains(" ") ? RouteText.quoted(mediaType) : mediaType
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

    private func sortedResponses(_ node: DocumentNode) -> [(code: String, node: DocumentNode, key: DocumentNode)] {
        let entries = node["responses"]?.entries ?? []
        return entries.compactMap { entry in entry.key.string.map { ($0.uppercased(), entry.value, entry.key) } ?? entry.key.number.map { ($0, entry.value, entry.key) } }
            .sorted { $0.code < $1.code }
    }

    private func response(_ node: DocumentNode, typeHint: String, operation: ImportSession.Operation) -> (String, String?) {
        let responses = sortedResponses(node)
        var success = responses.filter { Self.isSuccess($0.code) }
        if success.isEmpty, responses.count == 1, responses[0].code == "DEFAULT" { success = responses }
        guard let first = success.first else {
            warn("\(operation.method) '\(operation.template)' has no 2xx response; imported as '-> Empty'", at: node["responses"]?.position ?? operation.position)
            return (EndpointKitVocabulary.emptyType, nil)
        }
        guard let response = resolve(first.node, section: "responses") else { return (EndpointKitVocabulary.emptyType, nil) }
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
            if let accept = node["x-routegen-accept"]?.string, Self.isMediaType(accept) { return (EndpointKitVocabulary.emptyType, Self.mediaTypeText(accept)) }
            return (EndpointKitVocabulary.emptyType, nil)
        }
        if session.isExport, content.count == 1, let mediaType = content[0].key.string, Self.isMediaType(mediaType) {
            // The export's one response content: its key is the route's accept unless it is the
            // default, and a string with `contentMediaType` is bytes not decoded.
            let accept = mediaType == "application/json" ? nil : Self.mediaTypeText(mediaType)
            guard let schema = content[0].value["schema"] else { return ("JSONValue", accept) }
            if schema["contentMediaType"] != nil { return (EndpointKitVocabulary.dataType, accept) }
            let converted = converter.convert(schema, hint: typeHint + "Response")
            return (converted.type.text + (converted.isNullable ? "?" : ""), accept)
        }
        if let json = content.first(where: { Self.isJSON($0.key.string ?? "") }) {
            guard let schema = json.value["schema"] else { return ("JSONValue", nil) }
            let type = converter.convert(schema, hint: typeHint + "Response").type
            if type == .builtin(EndpointKitVocabulary.dataType) { return (EndpointKitVocabulary.dataType, nil) }
            return (type.text, nil)
        }
        let mediaType = content[0].key.string ?? ""
        if mediaType.lowercased().hasPrefix("text/plain") || Self.isMediaType(mediaType) {
            let accept = mediaType.contains(";") || mediaType.contains(" ") ? RouteText.quoted(mediaType) : mediaType
            return (EndpointKitVocabulary.dataType, Self.isMediaType(mediaType) ? accept : nil)
        }
        warn("response media type '\(mediaType)' is not 'type/subtype'; imported as 'Data'", at: content[0].key.position)
        return (EndpointKitVocabulary.dataType, nil)
    }

    private func errorType(_ node: DocumentNode, typeHint: String) -> String? {
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
            return type.text
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

extension RouteLine {
    /// Takes in a variant of this route (same method and path, a `#fragment` in the
    /// description): its parameters this route lacks join as optional ones; a body or response of
    /// its own is warned about, since the route keeps its own.
    mutating func merge(_ variant: RouteLine, session: ImportSession) {
        let labels = Set(parameters.map(\.label)).union(segments.flatMap { $0 }.compactMap { piece -> String? in
            if case .parameter(let name, _, _) = piece { return SwiftNaming.lowerCamelCase(name) }
            return nil
        })
        var added: [String] = []
        for parameter in variant.parameters where !labels.contains(parameter.label) {
            let insertAt = clauses.firstIndex { $0.hasPrefix("body ") || $0.hasPrefix("accept ") } ?? clauses.count
            clauses.insert(parameter.optionalClause, at: insertAt)
            parameters.append(parameter)
            added.append("'" + parameter.wireName + "'")
        }
        let ownBody = clauses.first { $0.hasPrefix("body ") }
        let variantBody = variant.clauses.first { $0.hasPrefix("body ") }
        var notes: [String] = []
        if !added.isEmpty { notes.append("its parameters \(added.joined(separator: ", ")) join as optional ones") }
        if let payloadNotes = variant.payloadNotes {
            notes += payloadNotes
        } else {
            if variantBody != ownBody { notes.append("its body '\(variantBody ?? "none")' is not imported, the route sends '\(ownBody ?? "none")'") }
            if variant.response != response { notes.append("it answers '\(variant.response)', the route '\(response)'") }
        }
        let what = notes.isEmpty ? "it adds nothing the route lacks" : notes.joined(separator: "; ")
        session.warn("operation '\(variant.name)' is a variant '\(variant.variant ?? "")' of route '\(name)' (\(method) \(pathText)); merged into it: \(what)", at: variant.position)
        if documentation.isEmpty { documentation = variant.documentation }
    }
}
