import RoutegenCore

/// Emits one group's file: `public enum <Group>Endpoints` with one endpoint per route,
/// followed by the group's repository (see `RepositoryEmitter`).
///
/// A route with arguments becomes a `static func`, one without a `static var`; each
/// returns `Endpoint<Response>` built from the route's method, path (and its trailing
/// slash), query (sorted by wire name here, at generation time), headers, body, accept
/// and access.
public struct EndpointsEmitter: Sendable {
    /// The options that shape the text.
    public var options: EmitOptions

    /// Creates an emitter.
    public init(options: EmitOptions = EmitOptions()) {
        self.options = options
    }

    /// The file `<Api>API/<Group>Endpoints.swift` for `group` of `api`.
    public func emit(api: APIModel, group: RouteGroup) -> GeneratedFile {
        emit(api: api, group: group, origins: nil)
    }

    /// The file of `group`, with the origins of `api`'s type names worked out once for every group.
    func emit(api: APIModel, group: RouteGroup, origins: TypeOrigins?) -> GeneratedFile {
        var writer = SwiftWriter()
        GeneratedFileHeader.write(sourcePath: api.sourcePath, into: &writer)
        var imports = Self.imports(of: api)
        imports.expose(EndpointKitVocabulary.runtimeModule)
        imports.expose(namesIn: group.routes.flatMap { Self.signatureTypes(of: $0, api: api) }, origins: origins ?? TypeOrigins(api: api), declaredIn: nil)
        writer.lines(imports.lines(access: options.accessLevel))
        writer.blank()
        // Worked out once per route, for the endpoint and the repository's three declarations.
        let signatures = group.routes.map(RouteSignature.init)
        write(group: group, signatures: signatures, api: api, into: &writer)
        writer.blank()
        RepositoryEmitter(options: options).write(group: group, signatures: signatures, sourcePath: options.routeLinesPath(of: api), api: api, into: &writer)
        return GeneratedFile(
            relativePath: GeneratedLayout.groupFile(api: api.name, group: group.name),
            utf8: writer.outputUTF8
        )
    }

    /// EndpointKit, Foundation, then the route file's imports in file order, each module once,
    /// none exposed yet.
    static func imports(of api: APIModel) -> ImportList {
        ImportList([EndpointKitVocabulary.runtimeModule, "Foundation"] + api.imports.map(\.module))
    }

    /// The types a route's endpoint and repository methods name in their signatures: its
    /// parameters', its body's, its response's and, for a paginated route, its items'.
    static func signatureTypes(of route: Route, api: APIModel) -> [TypeReference] {
        var types = route.parameters.map(\.type) + [route.response]
        if let body = route.body { types.append(body.type) }
        if let item = PaginationEmitter.itemType(of: route, api: api) { types.append(item) }
        return types
    }

    /// Writes the `<Group>Endpoints` enum of `group` of `api`.
    public func write(group: RouteGroup, api: APIModel, into writer: inout SwiftWriter) {
        write(group: group, signatures: group.routes.map(RouteSignature.init), api: api, into: &writer)
    }

    /// Writes the enum with the routes' signatures worked out already, one per route in order.
    func write(group: RouteGroup, signatures: [RouteSignature], api: APIModel, into writer: inout SwiftWriter) {
        writer.docComment(RouteDocumentation.lines(for: group))
        writer.block(options.accessLevel.topLevelModifiers + " enum " + group.name + "Endpoints") { body in
            for (route, signature) in zip(group.routes, signatures) {
                body.blank()
                write(route: route, signature: signature, api: api, into: &body)
            }
        }
    }

    /// Writes one route's endpoint.
    func write(route: Route, signature: RouteSignature, api: APIModel, into writer: inout SwiftWriter) {
        let name = SwiftNaming.escapedIdentifier(route.name)
        let returnType = "Endpoint<" + route.response.description + ">"
        let head = options.accessLevel.keyword + " static "
        let declaration = SourceMappedDeclaration(
            sourcePath: options.routeLinesPath(of: api),
            line: route.location.line,
            documentation: RouteDocumentation.lines(for: route),
            attributes: route.isDeprecated ? ["@available(*, deprecated)"] : [],
            signature: signature.isProperty
                ? head + "var " + name + ": " + returnType
                : head + "func " + name + signature.parameterClause + " -> " + returnType
        )
        let errorBody = route.errorBody.map { ".withErrorBody(" + $0.description + ".self)" }
        let alternatives = route.alternativeAuthSchemes.isEmpty ? nil
            : ".withAlternativeAuth([" + route.alternativeAuthSchemes.map(EndpointKitVocabulary.authArgumentExpression).joined(separator: ", ") + "])"
        let closing = ")" + (alternatives ?? "") + (Self.pathTemplateModifier(for: route) ?? "") + (errorBody ?? "") + (PaginationEmitter.modifier(for: route, api: api) ?? "")
            + (ServersEmitter.endpointModifier(for: route, api: api.name) ?? "")
        declaration.write(into: &writer) { body in
            body.wrapped("Endpoint(", closing: closing) { arguments in
                arguments.lines(Self.initializerArguments(for: route, api: api.name))
            }
        }
    }

    /// The arguments of `Endpoint(...)`, one per line, each but the last ending in a comma.
    static func initializerArguments(for route: Route, api: String) -> [String] {
        var arguments = [
            "method: " + methodExpression(route.method),
            "path: " + pathExpression(route, api: api),
        ]
        if route.hasTrailingSlash && !route.path.isEmpty {
            arguments.append("hasTrailingSlash: true")
        }
        if !route.queryParameters.isEmpty {
            arguments.append("query: " + queryExpression(route.queryParameters, api: api))
        }
        if !route.headerParameters.isEmpty || !route.cookieParameters.isEmpty {
            arguments.append("headers: " + headersExpression(route.headerParameters, cookies: route.cookieParameters, api: api))
        }
        if let body = route.body {
            arguments.append("body: " + bodyExpression(body))
        }
        let scheme = route.access.requiresAuthentication ? route.authScheme ?? .defaultBearer : nil
        arguments.append("auth: " + EndpointKitVocabulary.authArgumentExpression(scheme))
        if let accept = route.accept {
            arguments.append("accept: " + SwiftNaming.stringLiteral(accept))
        }
        return arguments.enumerated().map { index, argument in
            index == arguments.count - 1 ? argument : argument + ","
        }
    }

    /// `.get` for a method `HTTPMethod` names, `HTTPMethod(rawValue: "PURGE")` for any other.
    static func methodExpression(_ method: String) -> String {
        EndpointKitVocabulary.isStandardMethod(method) ? "." + method.lowercased() : "HTTPMethod(rawValue: " + SwiftNaming.stringLiteral(method) + ")"
    }

    /// `["books", .value(id), "cover"]`, `["Calls", .joined([.value(sid), ".json"])]`; `[]` for the path `/`.
    static func pathExpression(_ route: Route, api: String) -> String {
        "[" + route.path.map { segmentExpression($0, api: api) }.joined(separator: ", ") + "]"
    }

    private static func segmentExpression(_ component: PathComponent, api: String) -> String {
        switch component {
        case .literal(let text, _):
            SwiftNaming.stringLiteral(text)
        case .parameter(let parameter):
            pathParameterExpression(parameter, api: api)
        case .joined(let pieces, _):
            ".joined([" + pieces.map { segmentExpression($0, api: api) }.joined(separator: ", ") + "])"
        }
    }

    /// `.withPathTemplate("/Calls/{value}.json")` for a route with a joined segment, whose
    /// `Endpoint.route` the path alone cannot show; nil for every other route.
    static func pathTemplateModifier(for route: Route) -> String? {
        EndpointKitVocabulary.joinedPathTemplate(of: route).map { ".withPathTemplate(" + SwiftNaming.stringLiteral($0) + ")" }
    }

    /// `.value(id)`; an array `.list(ids)`; a styled value `.label(id, explode: false)` or
    /// `.matrix("ids", ids, explode: true)`.
    private static func pathParameterExpression(_ parameter: Parameter, api: String) -> String {
        let label = SwiftNaming.argumentLabel(forWireName: parameter.name)
        let value = ArgumentTextEmitter.queryValue(label, type: parameter.type, api: api)
        switch parameter.style {
        case .label(let explode)?:
            return ".label(" + value + ", explode: " + String(explode) + ")"
        case .matrix(let explode)?:
            return ".matrix(" + SwiftNaming.stringLiteral(parameter.name) + ", " + value + ", explode: " + String(explode) + ")"
        default:
            return parameter.type.isArray ? ".list(" + value + ")" : ArgumentTextEmitter.pathSegment(label, type: parameter.type, api: api)
        }
    }

    /// `.items(["limit": limit, "q": q])`, sorted by wire name (stable for equal names); a
    /// `deep` or `spread` dictionary follows as `+ .deepObject("metadata", metadata)` or
    /// `+ .spread(filter)`, in the order written.
    static func queryExpression(_ parameters: [Parameter], api: String) -> String {
        let spreadsKeys: (Parameter) -> Bool = { $0.style == .deep || $0.style == .spread }
        let sorted = parameters.filter { !spreadsKeys($0) }.enumerated().sorted { lhs, rhs in
            lhs.element.name != rhs.element.name ? lhs.element.name < rhs.element.name : lhs.offset < rhs.offset
        }.map(\.element)
        var parts = sorted.isEmpty ? [] : [".items([" + pairs(sorted, api: api) + "])"]
        for parameter in parameters where spreadsKeys(parameter) {
            let label = SwiftNaming.argumentLabel(forWireName: parameter.name)
            parts.append(parameter.style == .deep ? ".deepObject(" + SwiftNaming.stringLiteral(parameter.name) + ", " + label + ")" : ".spread(" + label + ")")
        }
        return parts.joined(separator: " + ")
    }

    /// `.headerFields(["If-Match": ifMatch])`, in the order written; with cookies,
    /// `.headerFields([...]).merging(.cookieField(["session": session])) { header, _ in header }`.
    static func headersExpression(_ parameters: [Parameter], cookies: [Parameter] = [], api: String) -> String {
        let cookieField = ".cookieField([" + pairs(cookies, api: api) + "])"
        guard !parameters.isEmpty else { return cookieField }
        let headerFields = ".headerFields([" + pairs(parameters, api: api) + "])"
        return cookies.isEmpty ? headerFields : headerFields + ".merging(" + cookieField + ") { header, _ in header }"
    }

    /// `"limit": limit`, a joined array `"ids": JoinedValues(ids, separator: ",")`.
    private static func pairs(_ parameters: [Parameter], api: String) -> String {
        parameters.map { parameter in
            let label = SwiftNaming.argumentLabel(forWireName: parameter.name)
            // A `comma` dictionary goes to `JoinedValues`'s dictionary form as it is.
            let isDictionary = if case .named("Dictionary", _) = parameter.type.nonOptional { true } else { false }
            var value = isDictionary ? label : ArgumentTextEmitter.queryValue(label, type: parameter.type, api: api)
            if let separator = parameter.style?.querySeparator {
                value = "JoinedValues(" + value + ", separator: " + SwiftNaming.stringLiteral(separator) + ")"
            }
            return SwiftNaming.stringLiteral(parameter.name) + ": " + value
        }.joined(separator: ", ")
    }

    /// `.json(body)`, `.mergePatch(body)`, `.form(body)`, `.multipart(body)` or `.raw(body, contentType: "...")`.
    static func bodyExpression(_ body: RequestBodySpec) -> String {
        switch body.kind {
        case .json: ".json(body)"
        case .mergePatch: ".mergePatch(body)"
        case .form: ".form(body)"
        case .multipart: "." + EndpointKitVocabulary.multipartBodyFunction + "(body)"
        case .raw(let mediaType): ".raw(body, contentType: " + SwiftNaming.stringLiteral(mediaType) + ")"
        }
    }
}
