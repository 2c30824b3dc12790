/// Turns a `SyntaxFile` into a checked `APIModel`: names, access, duplicates, defaults and
/// everything else the parser cannot see line by line. Reports every problem it finds and
/// returns nil when any of them is an error.
struct Resolver {
    private enum GroupState {
        /// No `group` line yet.
        case none
        /// Routes go into `groups[index]`.
        case open(Int)
        /// The last declaration line could not be parsed: its routes are checked but not kept.
        case broken
    }

    private let file: SyntaxFile
    /// Every diagnostic goes through here, in the order of one pass over the file.
    private let diagnostics: CountingSink
    private var api: DeclarationSyntax?
    private var firstDeclarationLine: Int?
    private var brokenBeforeAPI = false
    private var imports: [ImportDeclaration] = []
    private var externalTypes: [ExternalType] = []
    private var groups: [RouteGroup] = []
    /// `errors Type` on its own line after `api`, and where it stands.
    private var apiErrorBody: (type: TypeReference, location: SourceLocation)?
    private var groupState = GroupState.none
    /// Per group: whether any route line (valid or not) stands in it, for the empty-group warning.
    private var groupHasRouteLines: [Bool] = []
    /// The `auth` lines' schemes.
    private var authSchemes = AuthSchemeTable()
    /// The `server` lines and their variables.
    private var servers = ServerTable()
    /// Per group: the scheme its authenticated routes use (nil for a public group, or after an error).
    /// Each group's schemes, in the order a client tries them; empty when the group is public or
    /// its scheme failed.
    private var groupSchemes: [[AuthSchemeSpec]] = []
    private var pendingDocumentation: [DocumentationSyntax] = []
    private var pendingDisables: [SyntaxComment] = []
    /// Type declarations with their members, checked once the whole file is read.
    private var pendingTypes: [PendingTypeDeclaration] = []
    /// The index in `file.items` of the item being resolved.
    private var currentItemIndex = 0
    /// Whether member lines go into `pendingTypes.last` (false below a broken declaration line).
    private var typeIsOpen = false

    init(file: SyntaxFile, diagnostics: any DiagnosticSink) {
        self.file = file
        self.diagnostics = CountingSink(forwardingTo: diagnostics)
    }

    /// The model, or nil after an error.
    mutating func resolve() -> APIModel? {
        for index in file.items.indices {
            currentItemIndex = index
            resolve(file.items[index])
        }
        servers.finish(diagnostics: diagnostics)
        dropPendingTrivia()
        if api == nil && !brokenBeforeAPI {
            let start = SourceLocation(file: file.path, line: 1, column: 1)
            error("the file has no 'api' line; start it with 'api Name'", at: start)
        }
        for (group, hasLines) in zip(groups, groupHasRouteLines) where !hasLines {
            warning("group '\(group.name)' has no routes; add routes below it or remove it", at: group.location)
        }
        checkDuplicateRoutes()

        // A file that declares types and imports nothing names every type it uses: an unknown
        // one is a typo. Without declared types, a name may come from the target the code is
        // generated into (the build plugin's case), which the Swift compiler checks at the line.
        let knowsEveryType = imports.isEmpty && !pendingTypes.isEmpty
        var typeResolver = TypeResolver(pending: pendingTypes, hasImports: !knowsEveryType, reservedNames: generatedNames(api: api), externalTypes: externalTypes, diagnostics: diagnostics)
        typeResolver.indexNames()
        // Whether the types the routes name exist needs only the names.
        let typeChecker = knowsEveryType ? typeResolver.reporting(to: diagnostics) : nil
        let types = typeResolver.resolveDeclarations()
        if let typeChecker { Self.checkRouteTypes(file.items, typeChecker) }
        checkUsesOfDeprecatedTypes(types)
        checkFormBodies(types)
        checkMultipartBodies(types)
        let pagination = PaginationCheck(types: types, diagnostics: diagnostics)
        for group in groups {
            for route in group.routes where route.pagination != nil { pagination.check(route) }
        }
        guard let api, !diagnostics.counts.hasErrors else { return nil }
        var model = APIModel(name: api.name.text, location: api.name.location, sourcePath: file.path, imports: imports, groups: groups, types: types, authSchemes: authSchemes.schemes)
        model.externalTypes = externalTypes
        model.servers = servers.servers
        return model
    }

    /// The types generated code declares, which a declared type must not be named.
    private func generatedNames(api: DeclarationSyntax?) -> [(name: String, what: String)] {
        var names: [(name: String, what: String)] = []
        if let api {
            names += [(api.name.text + "Routes", "route table"), (api.name.text + "Route", "route type"), (api.name.text + "ArgumentText", "argument conversions"), (api.name.text + "PreviewClient", "preview client")]
            if !servers.servers.isEmpty { names.append((api.name.text + "Servers", "server URLs")) }
        }
        for group in groups {
            names += [(group.name + "Endpoints", "endpoints"), (group.name + "Repository", "repository"), ("Remote" + group.name + "Repository", "repository")]
        }
        return names
    }

    /// A form body is flat: a declared model sent as `body form` holds only values that are one
    /// text each (no nested model, dictionary or free JSON).
    private func checkFormBodies(_ types: [TypeDeclaration]) {
        let structured = Set(types.compactMap { type -> String? in if case .enumeration = type.kind { return nil }; return type.name })
        // One text per value: anything but a declared model, patch or union, a dictionary or free
        // JSON; an optional or an array of such a value (a repeated key), not an array of arrays.
        func isFlat(_ type: TypeReference, inArray: Bool = false) -> Bool {
            switch type {
            case .optional(let inner): return isFlat(inner, inArray: inArray)
            case .array(let inner): return !inArray && isFlat(inner, inArray: true)
            case .named(let name, _):
                return !structured.contains(name) && !["Dictionary", "Swift.Dictionary", EndpointKitVocabulary.jsonValueType].contains(name)
            }
        }
        // The first declaration of each name, as a search from the start finds it.
        var firstIndex: [String: Int] = [:]
        for (index, type) in types.enumerated() where firstIndex[type.name] == nil { firstIndex[type.name] = index }
        for route in groups.flatMap(\.routes) {
            guard let body = route.body, case .form(.named(let name, []))? = Optional(body.kind),
                  let index = firstIndex[name], case .model(let shape) = types[index].kind else { continue }
            for field in shape.fields where !isFlat(field.type) {
                error(
                    "route '\(route.name)' sends 'body form \(name)', but field '\(field.wireName)' is '\(field.type)'; a form body holds one text per field, not a nested model, a dictionary or free JSON",
                    at: body.typeLocation
                )
                break
            }
        }
    }

    /// A multipart body is a model whose fields are the parts: a declared model without fields,
    /// another kind of declared type, a collection or a scalar sends nothing sensible. (An
    /// imported type is the compiler's to check.)
    private func checkMultipartBodies(_ types: [TypeDeclaration]) {
        for route in groups.flatMap(\.routes) {
            guard let body = route.body, case .multipart(let type) = body.kind else { continue }
            guard case .named(let name, _) = type, name != "Dictionary", ScalarKind(type) == nil,
                  !EndpointKitVocabulary.knownTypes.contains(where: { $0.name == name })
            else {
                error("route '\(route.name)' sends 'body multipart \(type)'; a multipart body is a model whose fields are the parts, such as 'model UploadCover' with a 'FilePart' field", at: body.typeLocation)
                continue
            }
            guard let declared = types.first(where: { $0.name == name }) else { continue }
            guard case .model(let shape) = declared.kind else {
                error("route '\(route.name)' sends 'body multipart \(name)', which is not a model; a multipart body is a model whose fields are the parts", at: body.typeLocation)
                continue
            }
            if shape.fields.isEmpty {
                error("multipart body '\(name)' of route '\(route.name)' has no fields, so it has no parts; add a field per part (a 'FilePart' for a file)", at: body.typeLocation)
            }
        }
    }

    /// A deprecated declared type used where the generated code is not deprecated makes the
    /// build warn until the use goes: said once per use, where it stands.
    private func checkUsesOfDeprecatedTypes(_ types: [TypeDeclaration]) {
        let deprecated = Set(types.filter(\.isDeprecated).map(\.name))
        guard !deprecated.isEmpty else { return }
        func used(_ type: TypeReference) -> String? {
            switch type {
            case .optional(let inner), .array(let inner): return used(inner)
            case .named(let name, let arguments):
                return deprecated.contains(name) ? name : arguments.lazy.compactMap(used).first
            }
        }
        for type in types where !type.isDeprecated {
            let members: [(name: String, type: TypeReference, location: SourceLocation)]
            switch type.kind {
            case .model(let shape): members = shape.fields.filter { $0.includedFrom == nil }.map { ($0.wireName, $0.type, $0.location) }
            case .union(let shape): members = shape.variants.map { ($0.tag, $0.type, $0.location) }
            case .patch, .enumeration: members = []
            }
            for member in members {
                if let name = used(member.type) {
                    warning("'\(member.name)' of '\(type.keyword) \(type.name)' uses the deprecated type '\(name)'; the generated code warns on every build until it stops", at: member.location)
                }
            }
        }
        for group in groups {
            for route in group.routes where !route.isDeprecated {
                let named = ([route.response] + (route.body.map { [$0.type] } ?? []) + route.parameters.map(\.type)).lazy.compactMap(used).first
                if let name = named {
                    warning("route '\(route.name)' uses the deprecated type '\(name)'; mark the route 'deprecated' too, or the generated code warns on every build", at: route.location)
                }
            }
        }
    }

    private mutating func resolve(_ item: SyntaxItem) {
        switch item {
        case .serverVariable, .blank, .comment, .documentation: break
        case .invalid(_, let isIndented) where isIndented: servers.noteBrokenLine()
        // Any other line ends the variables of the server line above it.
        default: servers.closeBlock()
        }
        switch item {
        case .blank:
            dropPendingTrivia()
        case .comment(let comment, _):
            if comment.disabledRules != nil { pendingDisables.append(comment) }
        case .documentation(let documentation):
            pendingDocumentation.append(documentation)
        case .invalid(_, let isIndented):
            pendingDocumentation = []
            pendingDisables = []
            if isIndented, case .open(let index) = groupState {
                groupHasRouteLines[index] = true
            }
            if !isIndented {
                if api == nil && firstDeclarationLine == nil { brokenBeforeAPI = true }
                groupState = .broken
                typeIsOpen = false
            }
        case .api(let declaration):
            resolveAPI(declaration)
        case .importDeclaration(let declaration):
            resolveImport(declaration)
        case .external(let declaration):
            resolveExternal(declaration)
        case .authScheme(let scheme):
            resolveAuthScheme(scheme)
        case .server(let syntax):
            resolveServer(syntax)
        case .serverVariable(let syntax):
            let documentation = takeDocumentation()
            rejectPendingTrivia(above: syntax.name.text + " " + syntax.canonicalValueText)
            servers.addVariable(syntax, documentation: documentation)
        case .group(let group):
            resolveGroup(group)
        case .errors(let errors, _):
            resolveAPIErrors(errors)
        case .route(let route):
            typeIsOpen = false
            resolveRouteItem(route)
        case .typeDeclaration(let declaration):
            resolveTypeDeclaration(declaration)
        case .member:
            let documentation = takeDocumentation()
            if !pendingDisables.isEmpty {
                for comment in pendingDisables {
                    warning("'routegen:disable' above a member applies to nothing; put it above the type's declaration line", at: comment.location)
                }
                pendingDisables = []
            }
            if typeIsOpen { pendingTypes[pendingTypes.count - 1].memberLines.append((currentItemIndex, documentation)) }
        }
    }

    private mutating func resolveTypeDeclaration(_ syntax: TypeDeclarationSyntax) {
        markDeclaration(syntax.keyword)
        let documentation = takeDocumentation()
        var disabled = pendingDisables.flatMap { $0.disabledRules ?? [] }
        pendingDisables = []
        disabled += syntax.comment?.disabledRules ?? []
        pendingTypes.append(PendingTypeDeclaration(syntax: syntax, documentation: documentation, disabledRules: disabled, items: file.items))
        typeIsOpen = true
        groupState = .none
    }

    // MARK: Trivia

    /// Documentation or a disable comment followed by a blank line documents nothing.
    private mutating func dropPendingTrivia() {
        if let first = pendingDocumentation.first {
            warning("documentation is not attached to a group or route; remove the blank line below it, or use '#' for a comment", at: first.location)
        }
        for comment in pendingDisables {
            warning("'routegen:disable' applies to the route right below it; remove the blank line below it", at: comment.location)
        }
        pendingDocumentation = []
        pendingDisables = []
    }

    private mutating func takeDocumentation() -> [String] {
        defer { pendingDocumentation = [] }
        return pendingDocumentation.map(\.text)
    }

    /// Documentation and disable comments above a line that takes neither.
    private mutating func rejectPendingTrivia(above what: String) {
        if let first = pendingDocumentation.first {
            warning("documentation above '\(what)' documents nothing; use '#' for a comment", at: first.location)
        }
        for comment in pendingDisables {
            warning("'routegen:disable' above '\(what)' applies to nothing; put it above a route or at the end of a route line", at: comment.location)
        }
        pendingDocumentation = []
        pendingDisables = []
    }

    // MARK: Declarations

    private mutating func resolveAPI(_ declaration: DeclarationSyntax) {
        typeIsOpen = false
        rejectPendingTrivia(above: "api " + declaration.name.text)
        if let first = api {
            error(
                "'api' is declared twice; keep one",
                at: declaration.keyword.location,
                note: "'api \(first.name.text)' is declared at line \(first.keyword.location.line)"
            )
            return
        }
        if let line = firstDeclarationLine {
            error(
                "'api \(declaration.name.text)' must be the first declaration; move it above line \(line)",
                at: declaration.keyword.location
            )
        }
        checkIdentifier(declaration.name, what: "api name", suggestion: SwiftNaming.upperCamelCase(declaration.name.text))
        api = declaration
        markDeclaration(declaration.keyword)
    }

    private mutating func resolveImport(_ declaration: DeclarationSyntax) {
        typeIsOpen = false
        rejectPendingTrivia(above: "import " + declaration.name.text)
        markDeclaration(declaration.keyword)
        guard SwiftNaming.isTypeName(declaration.name.text) else {
            error("module name '\(declaration.name.text)' is not a valid identifier; use letters, digits and '_'", at: declaration.name.location)
            return
        }
        if let first = imports.first(where: { $0.module == declaration.name.text }) {
            warning("module '\(first.module)' is imported twice; remove one", at: declaration.name.location, note: "first imported at line \(first.location.line)")
            return
        }
        imports.append(ImportDeclaration(module: declaration.name.text, location: declaration.name.location))
    }

    /// `external Type`: a name the file may use that the target's own code declares.
    private mutating func resolveExternal(_ declaration: DeclarationSyntax) {
        typeIsOpen = false
        rejectPendingTrivia(above: "external " + declaration.name.text)
        markDeclaration(declaration.keyword)
        let name = declaration.name.text
        guard SwiftNaming.isIdentifier(name), !name.contains(".") else {
            error("external type name '\(name)' is not a Swift identifier; name a type of the target's own code, such as 'Money'", at: declaration.name.location)
            return
        }
        if EndpointKitVocabulary.knownTypeArity(name) != nil {
            warning("'\(name)' is a type routegen knows already; 'external \(name)' is not needed", at: declaration.name.location)
            return
        }
        if let first = externalTypes.first(where: { $0.name == name }) {
            warning("external type '\(name)' is named twice; remove one", at: declaration.name.location, note: "first named at line \(first.location.line)")
            return
        }
        externalTypes.append(ExternalType(name: name, location: declaration.name.location))
    }

    /// An `auth` line: before the first group, so every group and route reads the schemes in one place.
    private mutating func resolveAuthScheme(_ syntax: AuthSchemeSyntax) {
        typeIsOpen = false
        rejectPendingTrivia(above: syntax.canonicalText)
        markDeclaration(syntax.keyword)
        if let first = groups.first {
            error("'auth' lines must come before the first group; move it above line \(first.location.line)", at: syntax.keyword.location)
        }
        authSchemes.declare(syntax, diagnostics: diagnostics)
    }

    /// A `server` line: before the first group, so every route may name it.
    private mutating func resolveServer(_ syntax: ServerSyntax) {
        typeIsOpen = false
        markDeclaration(syntax.keyword)
        let documentation = takeDocumentation()
        rejectPendingTrivia(above: syntax.canonicalText)
        if let first = groups.first {
            error("'server' lines must come before the first group; move it above line \(first.location.line)", at: syntax.keyword.location)
            servers.closeBlock()
            return
        }
        servers.declare(syntax, documentation: documentation)
    }

    private mutating func resolveGroup(_ syntax: GroupSyntax) {
        typeIsOpen = false
        servers.finish(diagnostics: diagnostics)
        markDeclaration(syntax.keyword)
        if !pendingDisables.isEmpty {
            let disables = pendingDisables
            pendingDisables = []
            for comment in disables {
                warning("'routegen:disable' above 'group \(syntax.name.text)' applies to nothing; put it above a route or at the end of a route line", at: comment.location)
            }
        }
        let documentation = takeDocumentation()
        let name = syntax.name.text
        checkIdentifier(syntax.name, what: "group name", suggestion: SwiftNaming.upperCamelCase(name))

        var access = Access.authenticated
        if let word = syntax.access {
            if let parsed = Access(rawValue: word.text) {
                access = parsed
            } else {
                error("group access must be 'auth' or 'public', not '\(word.text)'", at: word.location)
            }
        } else {
            let end = SourceLocation(file: file.path, line: syntax.name.location.line, column: syntax.name.location.column + name.unicodeScalars.count)
            error(
                "group '\(name)' has no access; add 'auth' or 'public'",
                at: end,
                note: "the access word is required so that no group is authenticated or public by accident"
            )
        }
        if let existing = groups.first(where: { $0.name == name }) {
            error("group '\(name)' is declared twice; rename one or merge them", at: syntax.name.location, note: "first declared at line \(existing.location.line)")
        }
        var scheme: AuthSchemeSpec?
        var alternatives: [AuthSchemeSpec] = []
        if access == .authenticated, let word = syntax.access {
            scheme = if let named = syntax.scheme {
                authSchemes.scheme(named: named, diagnostics: diagnostics)
            } else {
                authSchemes.defaultScheme(for: "group '\(name)'", at: word.location, diagnostics: diagnostics)
            }
            if let named = syntax.scheme { alternatives = authSchemes.alternatives(syntax.alternatives, after: named, diagnostics: diagnostics) ?? [] }
        }
        groupSchemes.append(scheme.map { [$0] + alternatives } ?? [])
        // A group with an error still collects its routes, so their own problems are found.
        var group = RouteGroup(name: name, access: access, documentation: documentation, location: syntax.name.location, routes: [])
        group.errorBody = syntax.errors.flatMap { RouteBuilder.errorBodyReference($0, diagnostics: diagnostics) }
        groups.append(group)
        groupHasRouteLines.append(false)
        groupState = .open(groups.count - 1)
    }

    private mutating func resolveRouteItem(_ syntax: RouteSyntax) {
        markDeclaration(syntax.name)
        let documentation = takeDocumentation()
        let disables = pendingDisables
        pendingDisables = []
        // Only the name and access are read: holding a copy of the group would make the
        // append below copy its whole routes array, once per route.
        var groupName = ""
        var groupAccess = Access.authenticated
        var inheritedErrorBody = apiErrorBody?.type
        var inheritedSchemes: [AuthSchemeSpec] = []
        switch groupState {
        case .none:
            error(
                "route '\(syntax.name.text)' is outside any group; add a 'group Name auth' or 'group Name public' line above it",
                at: syntax.name.location
            )
        case .broken:
            break
        case .open(let index):
            groupName = groups[index].name
            groupAccess = groups[index].access
            inheritedErrorBody = groups[index].errorBody ?? inheritedErrorBody
            inheritedSchemes = groupSchemes[index]
            groupHasRouteLines[index] = true
        }
        var builder = RouteBuilder(syntax: syntax, groupName: groupName, groupAccess: groupAccess, inheritedErrorBody: inheritedErrorBody, diagnostics: diagnostics)
        builder.authSchemes = authSchemes
        builder.groupSchemes = inheritedSchemes
        builder.servers = servers
        // A route outside any group, or below a broken line, is built only for its own problems.
        if let route = builder.build(documentation: documentation, disableComments: disables), case .open(let index) = groupState {
            groups[index].routes.append(route)
        }
    }

    /// In a file that declares types and has no `import`, every type a route names must exist.
    private static func checkRouteTypes(_ items: [SyntaxItem], _ types: TypeResolver) {
        for item in items {
            if case .errors(let errors, _) = item { _ = types.checkType(errors.type, genericParameters: []) }
            if case .group(let group) = item, let errors = group.errors { _ = types.checkType(errors.type, genericParameters: []) }
            guard case .route(let route) = item else { continue }
            for segment in route.path.segments {
                for piece in segment.pieces {
                    if case .parameter(_, let type, _, _) = piece { _ = types.checkType(type, genericParameters: []) }
                }
            }
            for clause in route.clauses {
                switch clause {
                case .query(let parameter), .header(_, let parameter):
                    _ = types.checkType(parameter.type, genericParameters: [])
                case .body(let body):
                    switch body.content {
                    case .json(let type), .mergePatch(_, let type), .form(_, let type), .multipart(_, let type): _ = types.checkType(type, genericParameters: [])
                    case .raw: break
                    }
                case .response(_, _, let type):
                    _ = types.checkType(type, genericParameters: [])
                case .errors(let errors):
                    _ = types.checkType(errors.type, genericParameters: [])
                case .accept, .flag, .authScheme, .paginate, .status, .server:
                    break
                }
            }
        }
    }

    private func checkDuplicateRoutes() {
        // The first route of each key, by name and line only: a whole `Route` per entry made
        // this table a fifth of the peak memory of a 10,000-route file.
        var shapes: [String: (name: String, line: Int)] = [:]
        shapes.reserveCapacity(groups.reduce(0) { $0 + $1.routes.count })
        for group in groups {
            var lineByName: [String: Int] = [:]
            for route in group.routes {
                if let firstLine = lineByName[route.name] {
                    diagnostics.emit(.error(
                        "route '\(route.name)' is declared twice in group '\(group.name)'; rename one",
                        at: route.location,
                        note: "first declared at line \(firstLine)"
                    ))
                } else {
                    lineByName[route.name] = route.location.line
                }
                // A stream beside a route of one value (OpenAI's `stream: true`) is told apart by its Accept.
                let key = route.method + " " + route.pathShape + (route.streaming.map { " accept " + $0.mediaType } ?? "")
                if let first = shapes[key] {
                    diagnostics.emit(.error(
                        "routes '\(first.name)' and '\(route.name)' have the same method and path shape (\(key)); a server cannot tell them apart",
                        at: route.spans.path,
                        note: "'\(first.name)' is declared at line \(first.line)"
                    ))
                } else {
                    shapes[key] = (name: route.name, line: route.location.line)
                }
            }
        }
    }

    /// `errors Type` on its own line: the API's error body, once, before the first group.
    private mutating func resolveAPIErrors(_ syntax: ErrorsSyntax) {
        typeIsOpen = false
        rejectPendingTrivia(above: syntax.canonicalText)
        if let first = apiErrorBody {
            error("the API's 'errors' is declared twice; keep one", at: syntax.keyword.location, note: "first declared at line \(first.location.line)")
            return
        }
        if !groups.isEmpty {
            error("the API's 'errors' line must come before the first group; move it up, under the 'api' line, or write it on the group line: 'group \(groups[0].name) auth errors \(syntax.type.canonicalText)'", at: syntax.keyword.location)
            return
        }
        guard let type = RouteBuilder.errorBodyReference(syntax, diagnostics: diagnostics) else { return }
        apiErrorBody = (type, syntax.keyword.location)
        groupState = .none
    }

    private mutating func markDeclaration(_ token: SyntaxToken) {
        if firstDeclarationLine == nil { firstDeclarationLine = token.location.line }
    }

    // MARK: Reporting

    @discardableResult
    private func checkIdentifier(_ token: SyntaxToken, what: String, suggestion: String) -> Bool {
        guard !SwiftNaming.isIdentifier(token.text) else { return true }
        error(
            "\(what) '\(token.text)' is not a valid identifier; use letters, digits and '_', such as '\(suggestion)'",
            at: token.location,
            fixIt: suggestion
        )
        return false
    }

    private func error(_ message: String, at location: SourceLocation, note: String? = nil, fixIt: String? = nil) {
        diagnostics.emit(.error(message, at: location, note: note, fixIt: fixIt))
    }

    private func warning(_ message: String, at location: SourceLocation, note: String? = nil) {
        diagnostics.emit(.warning(message, at: location, note: note))
    }
}
