import RoutegenCore
import RoutegenYAML

/// One run of the importer over one description: the document read into typed values
/// (`DescriptionReader`), operations to routes (`OperationRouteBuilder`), schemas to
/// declarations (`SchemaConversion`), all built as the route file's syntax (`Draft`), which
/// `canonical(_:sink:)` checks and formats.
struct ImportSession {
    /// The description, with the operations the configuration keeps.
    let document: OpenAPIDocument
    /// How many operations the description has, kept or not.
    let operationCount: Int
    let dialect: ImportDialect
    let path: String
    let sink: any DiagnosticSink
    var apiName: String
    /// What the configuration asks, checked against the description.
    let choices: ImportChoices

    init(document described: OpenAPIDocument, path: String, apiName: String?, configuration: ImportConfiguration, sink: any DiagnosticSink) {
        choices = ImportChoices(configuration, document: described, sink: sink)
        document = described.keeping(choices.operations)
        operationCount = described.operations.count
        self.path = path
        self.sink = sink
        dialect = ImportDialect.of(document)
        let apiName = apiName ?? configuration.apiName?.text
        let title = document.title ?? ""
        if let apiName {
            self.apiName = apiName
        } else if let name = document.routegenAPIName, SwiftNaming.isIdentifier(name) {
            self.apiName = name
        } else if dialect.keepsNamesAsWritten, SwiftNaming.isIdentifier(title) {
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
    private static func mergeTargets(_ operations: [OperationObject]) -> [Int: OperationObject] {
        var plain: [String: Int] = [:]
        for (index, operation) in operations.enumerated() where !operation.template.contains(where: { $0 == "#" || $0 == "?" }) {
            let key = operation.method + " " + operation.template
            if plain[key] == nil { plain[key] = index }
        }
        var targets: [Int: OperationObject] = [:]
        for (index, operation) in operations.enumerated() {
            let base = operation.template.prefix { $0 != "#" && $0 != "?" }
            guard base.count < operation.template.count, let target = plain[operation.method + " " + base] else { continue }
            targets[index] = operations[target]
        }
        return targets
    }

    private func collectGroupFacts(groups: [String], operationGroups: [String]) -> [String: GroupFacts] {
        var tagOfGroup: [String: String] = [:]
        for (operation, group) in zip(document.operations, operationGroups) where tagOfGroup[group] == nil {
            if let tag = operation.firstTag { tagOfGroup[group] = tag }
        }
        var facts: [String: GroupFacts] = [:]
        for tag in document.tags {
            for group in groups where tagOfGroup[group] == tag.name {
                var fact = GroupFacts()
                if let access = tag.routegenAccess, access == "auth" || access == "public" { fact.access = access }
                if let errors = tag.routegenErrors.flatMap({ WrittenType($0, isScalar: false) }) { fact.errors = .written(errors) }
                if dialect.keepsEveryDocumentationLine { fact.documentation = RouteText.documentationLines(tag.description) }
                facts[group] = fact
            }
        }
        return facts
    }

    func warn(_ message: String, at position: DocumentPosition) {
        sink.emit(.warning(message, at: position.location(in: path)))
    }

    mutating func run() -> Draft? {
        for warning in document.pathWarnings { warn(warning.value, at: warning.position) }
        let (groups, operationGroups) = assignGroups()
        groupFacts = collectGroupFacts(groups: groups, operationGroups: operationGroups)
        // An export's route file already says each type it sends and answers.
        let split = dialect.splitsByDirection ? DirectionPlan(document: document).split : []
        let table = DeclarationTable(document: document, dialect: dialect, path: path, reservedNames: reservedTypeNames(groups: groups), splitComponents: split, choices: choices, sink: sink)
        let security = SecurityPlan(document: document, table: table)
        let servers = ServerPlan(document: document, dialect: dialect, path: path, sink: sink)
        if dialect.declaresEveryComponent { declareEveryComponent(table) }
        var mergedOperations = 0
        let builder = OperationRouteBuilder(table: table, security: security, mergeTargets: Self.mergeTargets(document.operations), routeNames: choices.routeNames)
        let routes = resolveShapeConflicts(buildRoutes(builder, operationGroups: operationGroups, servers: servers), mergedOperations: &mergedOperations)
        let apiErrors = apiErrorType(of: routes)
        CycleBreaker(table: table).breakCycles()

        var syntax = RouteFileSyntax(path: Self.routeFileName(apiName))
        appendHead(to: &syntax, security: security, apiErrors: apiErrors, servers: servers, choices: choices.head(reached: table.reachedComponents))
        for group in groups {
            appendGroup(group, to: &syntax, routes: routes.filter { $0.group == group }, security: security, apiErrors: apiErrors)
        }
        let declarations = keptDeclarations(of: table, routes: routes, apiErrors: apiErrors)
        for declaration in declarations { syntax.appendDeclaration(declaration) }
        var summary = summary(operations: operationCount, routes: routes, mergedOperations: mergedOperations, table: table, declarations: declarations)
        summary.filteredOperations = operationCount - document.operations.count
        return Draft(syntax: syntax, summary: summary)
    }

    /// An export declares every type of its route file, used by a route or not.
    private func declareEveryComponent(_ table: DeclarationTable) {
        let conversion = SchemaConversion(table: table)
        for name in document.schemas.componentNames {
            guard let schema = document.schemas.component(name), !schema.extensions.isStandIn else { continue }
            let reference = SchemaReference(
                text: "#/components/schemas/" + SchemaConversion.pointerEscaped(name), position: .none,
                target: .schema(component: ("schemas", name), insideSchemaComponent: name)
            )
            _ = conversion.convert(.made(reference: reference), hint: name)
        }
    }

    /// The names the generated code takes for itself, which no declared type may have.
    private func reservedTypeNames(groups: [String]) -> Set<String> {
        var reserved: Set<String> = [apiName + "Routes", apiName + "Route", apiName + "ArgumentText", apiName + "PreviewClient"]
        for group in groups { reserved.formUnion([group + "Endpoints", group + "Repository", "Remote" + group + "Repository"]) }
        return reserved
    }

    /// Each operation's route, its name made unique within its group.
    private func buildRoutes(_ builder: OperationRouteBuilder, operationGroups: [String], servers: ServerPlan) -> [ImportedRoute] {
        var routes: [ImportedRoute] = []
        var namesByGroup: [String: Set<String>] = [:]
        for (offset, (operation, group)) in zip(document.operations, operationGroups).enumerated() {
            guard var route = builder.route(for: operation, group: group, offset: offset) else { continue }
            route.server = servers.routeServers[offset]
            for var route in [route] + (route.streamRoute.map { [$0] } ?? []) {
                var used = namesByGroup[group] ?? []
                let base = route.name
                var number = 2
                while used.contains(route.name) { route.name = base + String(number); number += 1 }
                used.insert(route.name)
                namesByGroup[group] = used
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
        if dialect.keepsAPIErrorsOnlyWhenUniform && (errorOrder.count != 1 || !everyRouteHasOne) { return nil }
        return errorOrder.max { (errorCounts[$0] ?? 0) < (errorCounts[$1] ?? 0) || ((errorCounts[$0] ?? 0) == (errorCounts[$1] ?? 0) && errorOrder.firstIndex(of: $0)! > errorOrder.firstIndex(of: $1)!) }
    }

    /// `api`, `import`, `external`, `server`, `auth` and `errors` lines.
    private func appendHead(to syntax: inout RouteFileSyntax, security: SecurityPlan, apiErrors: ImportedType?, servers: ServerPlan, choices: (imports: [String], externals: [String])) {
        syntax.appendAPI(apiName)
        for name in document.routegenImports where name.split(separator: ".", omittingEmptySubsequences: false).allSatisfy({ SwiftNaming.isIdentifier(String($0)) }) {
            syntax.appendImport(name)
        }
        for module in choices.imports where !document.routegenImports.contains(module) { syntax.appendImport(module) }
        for name in document.routegenExternals + choices.externals where SwiftNaming.isIdentifier(name) { syntax.appendExternal(name) }
        for server in servers.declarations { syntax.appendServer(server) }
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
    private func keptDeclarations(of table: DeclarationTable, routes: [ImportedRoute], apiErrors: ImportedType?) -> [ImportedDeclaration] {
        let declarations = table.orderedDeclarations
        guard !dialect.declaresEveryComponent else { return declarations }
        let reachable = Self.reachableDeclarations(from: routes.flatMap(\.types) + (apiErrors.map { [$0] } ?? []) + groupFacts.values.compactMap(\.errors), table: table)
        return declarations.filter { reachable.contains($0.name) }
    }

    private func summary(operations: Int, routes: [ImportedRoute], mergedOperations: Int, table: DeclarationTable, declarations: [ImportedDeclaration]) -> ImportSummary {
        let keptNames = Set(declarations.map(\.name))
        return ImportSummary(
            operations: operations,
            importedOperations: routes.count(where: { $0.isOwnOperation }) + mergedOperations,
            mergedOperations: mergedOperations,
            componentSchemas: document.schemas.componentNames.count,
            reachedComponentSchemas: table.reachedComponents.count { component in
                guard let name = table.typeName(ofComponent: component), table.declaration(named: name) != nil else { return true }
                return keptNames.contains(name) || table.inputTypeNames[component].map(keptNames.contains) == true
            },
            declaredTypes: declarations.count,
            inferredPaging: routes.count(where: \.isPagingInferred),
            streamRoutes: routes.count(where: { !$0.isOwnOperation }),
            openAsJSONValue: table.openAsJSON,
            typedAsJSONValue: table.typedAsJSON
        )
    }

    /// What a run makes, before it is checked and put in canonical form: the route file's syntax.
    struct Draft {
        var syntax: RouteFileSyntax
        var summary: ImportSummary
    }

    /// The draft of a run over `document`; the session, which holds the document's tree, is
    /// freed on return.
    static func draft(of document: consuming DocumentNode, path: String, apiName: String?, configuration: ImportConfiguration, sink: any DiagnosticSink) -> Draft? {
        var session = ImportSession(document: DescriptionReader.read(consume document), path: path, apiName: apiName, configuration: configuration, sink: sink)
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
    static func reachableDeclarations(from types: [ImportedType], table: DeclarationTable) -> Set<String> {
        var reached: Set<String> = []
        var pending: [String] = []
        func visit(_ name: String) {
            if table.declaration(named: name) != nil, reached.insert(name).inserted { pending.append(name) }
        }
        for type in types { type.names.forEach(visit) }
        while let name = pending.popLast() {
            switch table.declaration(named: name)?.kind {
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

    /// Each operation's group (its first tag, else its first path segment), by the operation's
    /// place; the groups in the order of the description's `tags`, then as they first appear.
    private func assignGroups() -> (groups: [String], ofOperation: [String]) {
        var nameOfKey: [String: String] = [:]
        var used: Set<String> = []
        var order: [String] = []
        func name(for key: String) -> String {
            if let existing = nameOfKey[key] { return existing }
            var base = SwiftNaming.isIdentifier(key) && (key.first?.isUppercase == true || dialect.keepsNamesAsWritten) ? key : SwiftNaming.upperCamelCase(key)
            if let renamed = choices.groupNames[key] { base = renamed }
            if !SwiftNaming.isIdentifier(base) || base == "_" { base = "Group" + base.filter { $0.isLetter || $0.isNumber } }
            var candidate = base
            var number = 2
            while used.contains(candidate) { candidate = base + String(number); number += 1 }
            used.insert(candidate)
            nameOfKey[key] = candidate
            return candidate
        }
        let keys = document.operations.map { operation -> String in
            if let group = operation.extensions.group { return group }
            if let tag = operation.firstTag, !tag.isEmpty { return tag }
            let path = operation.template.prefix { $0 != "?" && $0 != "#" }
            let literal = path.split(separator: "/").first { !$0.contains("{") }
            return literal.map(String.init) ?? "Root"
        }
        let usedKeys = Set(keys)
        for tag in document.tags.map(\.name) where usedKeys.contains(tag) && nameOfKey[tag] == nil { order.append(name(for: tag)) }
        var groups: [String] = []
        for key in keys {
            let isNew = nameOfKey[key] == nil
            groups.append(name(for: key))
            if isNew { order.append(groups[groups.count - 1]) }
        }
        return (order, groups)
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
                    guard case .parameter(let name, _, let defaultText?, _) = route.segments[index].first, route.segments[index].count == 1 else { continue }
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
