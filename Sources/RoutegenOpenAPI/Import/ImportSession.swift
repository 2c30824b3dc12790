import RoutegenCore
import RoutegenYAML

/// One run of the importer over one description: operations to routes, schemas to
/// declarations (through `SchemaConverter`), all built as the route file's syntax (`Draft`),
/// which `canonical(_:sink:)` checks and formats.
struct ImportSession {
    static let methods = ["get", "put", "post", "delete", "options", "head", "patch", "trace"]

    let document: DocumentNode
    let path: String
    let sink: any DiagnosticSink
    let index: ReferenceIndex
    var apiName: String
    /// Whether the document says it is a routegen export (`x-routegen-export`): then its names,
    /// documentation, optional parameters and bodies are read as the exporter writes them
    /// (docs/openapi.md), so the model survives the trip without the carried text.
    let isExport: Bool

    init(document: DocumentNode, path: String, apiName: String?, sink: any DiagnosticSink) {
        self.document = document
        self.path = path
        self.sink = sink
        self.index = ReferenceIndex(root: document)
        self.isExport = document[OpenAPIExporter.exportMarker] != nil
        let title = document["info"]?["title"]?.string ?? ""
        if let apiName {
            self.apiName = apiName
        } else if let name = document["x-routegen-api"]?.string, SwiftNaming.isIdentifier(name) {
            self.apiName = name
        } else if isExport, SwiftNaming.isIdentifier(title) {
            self.apiName = title
        } else {
            let name = SwiftNaming.upperCamelCase(title)
            self.apiName = SwiftNaming.isIdentifier(name) && name != "_" && !title.isEmpty ? name : "ImportedAPI"
        }
    }

    /// What a group's tag says of it: `x-routegen-access`, `x-routegen-errors`, and in an
    /// export its description as documentation.
    struct GroupFacts {
        var access: String?
        var errors: ImportedType?
        var documentation: [String] = []
    }
    var groupFacts: [String: GroupFacts] = [:]
    /// Each variant (`#fragment` or `?query` path) that has a plain operation of its method and
    /// path to merge into, by index, with that operation: its body and responses are
    /// described, not converted, since the route keeps its own.
    var mergeTargets: [Int: DocumentNode] = [:]

    private static func mergeTargets(_ operations: [Operation]) -> [Int: DocumentNode] {
        var plain: [String: Int] = [:]
        for (index, operation) in operations.enumerated() where !operation.template.contains(where: { $0 == "#" || $0 == "?" }) {
            let key = operation.method + " " + operation.template
            if plain[key] == nil { plain[key] = index }
        }
        var targets: [Int: DocumentNode] = [:]
        for (index, operation) in operations.enumerated() {
            let base = operation.template.prefix { $0 != "#" && $0 != "?" }
            guard base.count < operation.template.count, let target = plain[operation.method + " " + base] else { continue }
            targets[index] = operations[target].node
        }
        return targets
    }

    private func collectGroupFacts(groups: [String], operations: [Operation]) -> [String: GroupFacts] {
        var tagOfGroup: [String: String] = [:]
        for operation in operations where tagOfGroup[operation.group] == nil {
            if let tag = operation.node["tags"]?.sequence?.first?.string { tagOfGroup[operation.group] = tag }
        }
        var facts: [String: GroupFacts] = [:]
        for tag in document["tags"]?.sequence ?? [] {
            guard let name = tag["name"]?.string else { continue }
            for group in groups where tagOfGroup[group] == name {
                var fact = GroupFacts()
                if let access = tag["x-routegen-access"]?.string, access == "auth" || access == "public" { fact.access = access }
                if let errors = tag["x-routegen-errors"]?.string.flatMap({ WrittenType($0, isScalar: false) }) { fact.errors = .written(errors) }
                if isExport { fact.documentation = RouteText.documentationLines(tag["description"]?.string) }
                facts[group] = fact
            }
        }
        return facts
    }

    func warn(_ message: String, at position: DocumentPosition) {
        sink.emit(.warning(message, at: position.location(in: path)))
    }

    /// One operation of `paths`.
    struct Operation {
        var template: String
        var method: String
        var node: DocumentNode
        var pathItem: DocumentNode
        var position: DocumentPosition
        var group = ""
    }

    mutating func run() -> Draft? {
        var operations = collectOperations()
        let groups = assignGroups(&operations)
        groupFacts = collectGroupFacts(groups: groups, operations: operations)
        mergeTargets = Self.mergeTargets(operations)
        let security = SecurityPlan(document: document, index: index, operations: operations, session: self)
        let converter = SchemaConverter(index: index, path: path, names: TypeNames(reserved: reservedTypeNames(groups: groups)), sink: sink, isExport: isExport)
        // An export's route file already says each type it sends and answers.
        if !isExport { converter.splitComponents = DirectionPlan(operations: operations.map(\.node), index: index).split }
        var mergedOperations = 0
        let routes = resolveShapeConflicts(buildRoutes(operations, converter: converter, security: security), mergedOperations: &mergedOperations)
        let apiErrors = apiErrorType(of: routes)
        CycleBreaker(converter: converter).breakCycles()

        var syntax = RouteFileSyntax(path: Self.routeFileName(apiName))
        appendHead(to: &syntax, security: security, apiErrors: apiErrors)
        for group in groups {
            appendGroup(group, to: &syntax, routes: routes.filter { $0.group == group }, security: security, apiErrors: apiErrors)
        }
        let declarations = keptDeclarations(of: converter, routes: routes, apiErrors: apiErrors)
        for declaration in declarations { syntax.appendDeclaration(declaration) }
        let summary = summary(operations: operations.count, routes: routes, mergedOperations: mergedOperations, converter: converter, declarations: declarations)
        return Draft(syntax: syntax, summary: summary)
    }

    /// The names the generated code takes for itself, which no declared type may have.
    private func reservedTypeNames(groups: [String]) -> Set<String> {
        var reserved: Set<String> = [apiName + "Routes", apiName + "Route", apiName + "ArgumentText", apiName + "PreviewClient"]
        for group in groups { reserved.formUnion([group + "Endpoints", group + "Repository", "Remote" + group + "Repository"]) }
        return reserved
    }

    /// Each operation's route, its name made unique within its group.
    private func buildRoutes(_ operations: [Operation], converter: SchemaConverter, security: SecurityPlan) -> [ImportedRoute] {
        var builder = OperationRouteBuilder(session: self, converter: converter, security: security)
        var routes: [ImportedRoute] = []
        var namesByGroup: [String: Set<String>] = [:]
        for operation in operations {
            guard let route = builder.route(for: operation) else { continue }
            for var route in [route] + (route.streamRoute.map { [$0] } ?? []) {
                var used = namesByGroup[operation.group] ?? []
                let base = route.name
                var number = 2
                while used.contains(route.name) { route.name = base + String(number); number += 1 }
                used.insert(route.name)
                namesByGroup[operation.group] = used
                routes.append(route)
            }
        }
        return routes
    }

    /// The error body most routes have, which becomes the API's (the others say their own); in
    /// an export, only when every route outside a group with its own has that one.
    private func apiErrorType(of routes: [ImportedRoute]) -> ImportedType? {
        var errorCounts: [ImportedType: Int] = [:]
        var errorOrder: [ImportedType] = []
        for route in routes where groupFacts[route.group]?.errors == nil {
            guard let type = route.errorType else { continue }
            if errorCounts[type] == nil { errorOrder.append(type) }
            errorCounts[type, default: 0] += 1
        }
        // An export says exactly which routes have an error body: the API's line is only
        // right when every route outside a group with its own has the same one.
        let everyRouteHasOne = routes.allSatisfy { $0.errorType != nil || groupFacts[$0.group]?.errors != nil }
        if isExport && (errorOrder.count != 1 || !everyRouteHasOne) { return nil }
        return errorOrder.max { (errorCounts[$0] ?? 0) < (errorCounts[$1] ?? 0) || ((errorCounts[$0] ?? 0) == (errorCounts[$1] ?? 0) && errorOrder.firstIndex(of: $0)! > errorOrder.firstIndex(of: $1)!) }
    }

    /// `api`, `import`, `auth` and `errors` lines.
    private func appendHead(to syntax: inout RouteFileSyntax, security: SecurityPlan, apiErrors: ImportedType?) {
        syntax.appendAPI(apiName)
        for module in document["x-routegen-imports"]?.sequence ?? [] {
            if let name = module.string, name.split(separator: ".", omittingEmptySubsequences: false).allSatisfy({ SwiftNaming.isIdentifier(String($0)) }) {
                syntax.appendImport(name)
            }
        }
        for scheme in security.declarations { syntax.appendAuthScheme(name: scheme.name, carrier: scheme.carrier) }
        if let apiErrors { syntax.appendErrors(apiErrors) }
    }

    /// A group's block: a blank line, its documentation, its `group` line and its routes; nothing
    /// for a group without routes.
    private func appendGroup(_ group: String, to syntax: inout RouteFileSyntax, routes members: [ImportedRoute], security: SecurityPlan, apiErrors: ImportedType?) {
        guard !members.isEmpty else { return }
        let facts = groupFacts[group]
        syntax.appendBlank()
        for line in facts?.documentation ?? [] { syntax.appendDocumentation(line, isIndented: false, of: "group " + group) }
        // An export marks the routes that say their own access; the others show the group's.
        let inheriting = members.filter { !$0.isAccessExplicit }
        var access = security.groupAccess((inheriting.isEmpty ? members : inheriting).map(\.access))
        if facts?.access == "public" {
            access = GroupAccess(access: .open)
        } else if facts?.access == "auth", access.access == .open {
            access = GroupAccess(access: .auth(security.fallbackSchemeName))
        }
        let groupErrors = facts?.errors
        syntax.appendGroup(group, access: access, errors: groupErrors)
        for route in members {
            syntax.appendRoute(route, groupAccess: access, inheritedErrors: groupErrors ?? apiErrors)
        }
    }

    /// The declarations the route file keeps, in order. A foreign description's declarations
    /// that no route reaches (the body or response of a variant merged into the route of its
    /// method and path) are left out; an export's are the route file's, each kept.
    private func keptDeclarations(of converter: SchemaConverter, routes: [ImportedRoute], apiErrors: ImportedType?) -> [ImportedDeclaration] {
        let declarations = converter.orderedDeclarations
        guard !isExport else { return declarations }
        let reachable = Self.reachableDeclarations(from: routes.flatMap(\.types) + (apiErrors.map { [$0] } ?? []) + groupFacts.values.compactMap(\.errors), converter: converter)
        return declarations.filter { reachable.contains($0.name) }
    }

    private func summary(operations: Int, routes: [ImportedRoute], mergedOperations: Int, converter: SchemaConverter, declarations: [ImportedDeclaration]) -> ImportSummary {
        let keptNames = Set(declarations.map(\.name))
        return ImportSummary(
            operations: operations,
            importedOperations: routes.count(where: { $0.isOwnOperation }) + mergedOperations,
            mergedOperations: mergedOperations,
            componentSchemas: index.componentNames["schemas"]?.count ?? 0,
            reachedComponentSchemas: converter.reachedComponents.count { component in
                guard let name = converter.typeName(ofComponent: component), converter.declaration(named: name) != nil else { return true }
                return keptNames.contains(name) || converter.inputTypeNames[component].map(keptNames.contains) == true
            },
            declaredTypes: declarations.count,
            inferredPaging: routes.count(where: \.isPagingInferred),
            streamRoutes: routes.count(where: { !$0.isOwnOperation }),
            openAsJSONValue: converter.openAsJSON,
            typedAsJSONValue: converter.typedAsJSON
        )
    }

    /// What a run makes, before it is checked and put in canonical form: the route file's syntax.
    struct Draft {
        var syntax: RouteFileSyntax
        var summary: ImportSummary
    }

    /// The draft of a run over `document`; the session, which holds the document's tree, is
    /// freed on return.
    static func draft(of document: consuming DocumentNode, path: String, apiName: String?, sink: any DiagnosticSink) -> Draft? {
        var session = ImportSession(document: consume document, path: path, apiName: apiName, sink: sink)
        return session.run()
    }

    /// The draft in canonical form, once it checks; nil after an error, which is a routegen bug.
    /// Each item of the built syntax stands on its own line, so a diagnostic's line is the line
    /// it would have in the draft written out, and the item it names is said.
    static func canonical(_ draft: Draft, sink: any DiagnosticSink) -> ImportedRouteFile? {
        let collector = DiagnosticCollector()
        let built = draft.syntax
        for problem in built.problems { collector.emit(problem) }
        let syntax = SyntaxFile(path: built.path, items: built.items)
        var resolves = false
        if !collector.hasErrors {
            resolves = RoutegenCore.resolve(syntax, diagnostics: collector) != nil
        }
        guard !collector.hasErrors, resolves else {
            for diagnostic in collector.sorted where diagnostic.severity == .error {
                let place = diagnostic.location.map { "\($0.line):\($0.column): " } ?? ""
                sink.emit(.error("the imported route file does not check: \(place)\(built.place(of: diagnostic.location))\(diagnostic.message)", at: nil, note: "this is a routegen bug; please report it with the description"))
            }
            return nil
        }
        return ImportedRouteFile(text: RouteFormatter().format(syntax), summary: draft.summary)
    }

    /// The declarations `types` name, and those they hold (fields, includes, variants, a
    /// patch's model), transitively.
    static func reachableDeclarations(from types: [ImportedType], converter: SchemaConverter) -> Set<String> {
        var reached: Set<String> = []
        var pending: [String] = []
        func visit(_ name: String) {
            if converter.declaration(named: name) != nil, reached.insert(name).inserted { pending.append(name) }
        }
        for type in types { type.names.forEach(visit) }
        while let name = pending.popLast() {
            switch converter.declaration(named: name)?.kind {
            case .model(let includes, let fields)?:
                includes.forEach(visit)
                for field in fields { field.type.names.forEach(visit) }
            case .union(_, let variants)?:
                for variant in variants { variant.model.names.forEach(visit) }
            case .patch(let model, _)?:
                visit(model)
            case .enumeration?, nil:
                break
            }
        }
        return reached
    }

    /// `<Api>.routes`: the name the route file's diagnostics would have.
    static func routeFileName(_ api: String) -> String { api + ".routes" }

    // MARK: Operations and groups

    private func collectOperations() -> [Operation] {
        var operations: [Operation] = []
        guard let paths = document["paths"] else { return [] }
        guard let entries = paths.entries else {
            warn("'paths' is \(paths.kindDescription), not a mapping; no operation imported", at: paths.position)
            return []
        }
        for entry in entries {
            guard let template = entry.key.string else { continue }
            var item = entry.value
            if let reference = item["$ref"]?.string {
                guard case .node(let target, _) = index.target(of: reference) else {
                    warn("path item '\(template)' refers to '\(reference)', which is not in this document; its operations are not imported", at: item.position)
                    continue
                }
                item = target
            }
            for field in item.entries ?? [] {
                guard let key = field.key.string else { continue }
                if Self.methods.contains(key) {
                    operations.append(Operation(template: template, method: key.uppercased(), node: field.value, pathItem: item, position: field.key.position))
                }
            }
            // Methods OpenAPI has no field for (`PURGE`, `REPORT`), as the export writes them.
            for field in item["x-routegen-methods"]?.entries ?? [] {
                guard let method = field.key.string, !method.isEmpty, method.allSatisfy({ $0.isASCII && ($0.isUppercase || $0 == "-") }) else { continue }
                operations.append(Operation(template: template, method: method, node: field.value, pathItem: item, position: field.key.position))
            }
        }
        if let webhooks = document["webhooks"]?.entries, !webhooks.isEmpty {
            warn("the description's \(webhooks.count) webhooks are requests the API sends, not routes; not imported", at: webhooks[0].key.position)
        }
        return operations
    }

    /// Each operation's group (its first tag, else its first path segment); the groups in the
    /// order of the description's `tags`, then as they first appear.
    private func assignGroups(_ operations: inout [Operation]) -> [String] {
        var nameOfKey: [String: String] = [:]
        var used: Set<String> = []
        var order: [String] = []
        func name(for key: String) -> String {
            if let existing = nameOfKey[key] { return existing }
            var base = SwiftNaming.isIdentifier(key) && (key.first?.isUppercase == true || isExport) ? key : SwiftNaming.upperCamelCase(key)
            if !SwiftNaming.isIdentifier(base) || base == "_" { base = "Group" + base.filter { $0.isLetter || $0.isNumber } }
            var candidate = base
            var number = 2
            while used.contains(candidate) { candidate = base + String(number); number += 1 }
            used.insert(candidate)
            nameOfKey[key] = candidate
            return candidate
        }
        var declaredTags: [String] = []
        for tag in document["tags"]?.sequence ?? [] { if let text = tag["name"]?.string { declaredTags.append(text) } }
        var keys: [String] = []
        for index in operations.indices {
            let operation = operations[index]
            let key: String
            if let group = operation.node["x-routegen-group"]?.string {
                key = group
            } else if let tag = operation.node["tags"]?.sequence?.first?.string, !tag.isEmpty {
                key = tag
            } else {
                let path = operation.template.prefix { $0 != "?" && $0 != "#" }
                let literal = path.split(separator: "/").first { !$0.contains("{") }
                key = literal.map(String.init) ?? "Root"
            }
            keys.append(key)
        }
        let used_ = Set(keys)
        for tag in declaredTags where used_.contains(tag) && nameOfKey[tag] == nil { order.append(name(for: tag)) }
        for (index, key) in keys.enumerated() {
            let isNew = nameOfKey[key] == nil
            operations[index].group = name(for: key)
            if isNew { order.append(operations[index].group) }
        }
        return order
    }

    /// Routes whose method and path shape another route has already: a path parameter with a
    /// default becomes its default's literal text (Vault's mount paths); otherwise the route is left out.
    private func resolveShapeConflicts(_ routes: [ImportedRoute], mergedOperations: inout Int) -> [ImportedRoute] {
        var seen: [String: Int] = [:]
        var result: [ImportedRoute] = []
        for var route in routes {
            if let first = seen[route.shapeKey], route.variant != nil || result[first].variant != nil,
               result[first].method == route.method, result[first].pathText == route.pathText {
                if result[first].variant != nil, route.variant == nil {
                    // The plain route came after its variant: it is the one that stays.
                    let earlier = result[first]
                    result[first] = route
                    result[first].merge(earlier, session: self)
                } else {
                    result[first].merge(route, session: self)
                }
                mergedOperations += 1
                continue
            }
            if let firstIndex = seen[route.shapeKey] {
                let first = result[firstIndex].name
                var replaced: [String] = []
                for index in route.segments.indices {
                    guard case .parameter(let name, _, let defaultText?) = route.segments[index].first, route.segments[index].count == 1 else { continue }
                    let candidate = route.withLiteral(defaultText, atSegment: index)
                    route = candidate
                    replaced.append("'\(name)' as its default '\(defaultText)'")
                    if seen[route.shapeKey] == nil { break }
                }
                if seen[route.shapeKey] == nil {
                    warn("route '\(route.name)' has the method and path shape of route '\(first)'; its path parameter \(replaced.joined(separator: ", ")) is written as literal text", at: route.position)
                } else {
                    warn("route '\(route.name)' has the method and path shape of route '\(first)', which a server cannot tell apart; not imported", at: route.position)
                    continue
                }
            }
            seen[route.shapeKey] = result.count
            result.append(route)
        }
        return result
    }
}
