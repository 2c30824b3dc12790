/// Checks one route's syntax and builds its `Route`: name, method, parameters, body,
/// accept, response and flags.
struct RouteBuilder {
    let syntax: RouteSyntax
    let groupName: String
    let groupAccess: Access
    /// The error body the route inherits: its group's, else the API's.
    let inheritedErrorBody: TypeReference?
    let diagnostics: any DiagnosticSink
    /// The API's `auth` lines, for a route that names its scheme.
    var authSchemes = AuthSchemeTable()
    /// The schemes of the group's authenticated routes, in the order a client tries them
    /// (`group G auth key or basic`); empty when the group is public or its scheme failed.
    var groupSchemes: [AuthSchemeSpec] = []
    /// The API's `server` lines, for a route that names its server (`assignServer`).
    var servers = ServerTable()
    private var isValid = true

    init(syntax: RouteSyntax, groupName: String, groupAccess: Access, inheritedErrorBody: TypeReference? = nil, diagnostics: any DiagnosticSink) {
        self.syntax = syntax
        self.groupName = groupName
        self.groupAccess = groupAccess
        self.inheritedErrorBody = inheritedErrorBody
        self.diagnostics = diagnostics
    }

    private var name: String { syntax.name.text }

    /// What the clauses after the path said, collected clause by clause.
    private struct Clauses {
        var queryParameters: [Parameter] = []
        var headerParameters: [Parameter] = []
        var cookieParameters: [Parameter] = []
        var body: RequestBodySpec?
        var accept: (mediaType: String, location: SourceLocation)?
        var response: (type: TypeReference, location: SourceLocation)?
        /// `events` or `lines` after the arrow.
        var streaming: (streaming: ResponseStreaming, location: SourceLocation)?
        var access: (access: Access, location: SourceLocation)?
        /// The scheme name of `auth name`.
        var schemeName: SyntaxToken?
        /// The names after `or`.
        var schemeAlternatives: [SyntaxToken] = []
        var isDeprecated = false
        var flagsSeen: Set<String> = []
        var pagination: PaginationSpec?
        var errorBody: TypeReference?
        var status: (code: Int, location: SourceLocation)?
    }

    mutating func build(documentation: [String], disableComments: [SyntaxComment]) -> Route? {
        checkName()
        checkMethod()
        let path = pathComponents()
        var clauses = Clauses()
        for clause in syntax.clauses {
            add(clause, to: &clauses)
        }
        if let body = clauses.body, !EndpointKitVocabulary.methodAllowsBody(syntax.method.text) {
            error(
                "route '\(name)' sends a body with \(syntax.method.text), which allows none; remove the body or use POST, PUT or PATCH",
                at: body.location
            )
        }
        checkParameterNames(path: path, query: clauses.queryParameters, headers: clauses.headerParameters + clauses.cookieParameters, hasBody: clauses.body != nil)
        if clauses.response == nil {
            error(
                "route '\(name)' has no response type; add '-> Type' ('-> Empty' when nothing comes back)",
                at: syntax.name.location
            )
        }
        let access = clauses.access?.access ?? groupAccess
        let (scheme, alternatives) = access == .authenticated ? schemes(of: clauses) : (nil, [])
        if let streaming = clauses.streaming, let pagination = clauses.pagination {
            error("route '\(name)' streams its response (\(streaming.streaming.keyword)), which has no pages; remove 'paginate'", at: pagination.location)
        }
        let server = namedServer()
        guard isValid, server.isValid, let response = clauses.response else { return nil }

        var definition = Route.Definition(
            name: name,
            groupName: groupName,
            documentation: documentation,
            method: syntax.method.text,
            path: path,
            hasTrailingSlash: syntax.path.hasTrailingSlash,
            queryParameters: clauses.queryParameters,
            headerParameters: clauses.headerParameters,
            body: clauses.body,
            accept: clauses.accept?.mediaType ?? clauses.streaming?.streaming.mediaType,
            response: response.type,
            access: access,
            authScheme: scheme,
            isDeprecated: clauses.isDeprecated,
            disabledRules: disabledRules(above: disableComments),
            pagination: clauses.pagination,
            spans: RouteSpans(
                name: syntax.name.location,
                method: syntax.method.location,
                path: syntax.path.location,
                response: response.location,
                accept: clauses.accept?.location,
                accessFlag: clauses.access?.location
            )
        )
        definition.alternativeAuthSchemes = alternatives
        definition.cookieParameters = clauses.cookieParameters
        definition.errorBody = clauses.errorBody ?? inheritedErrorBody
        guard successStatus(clauses.status, response: response.type, into: &definition) else { return nil }
        definition.streaming = clauses.streaming?.streaming
        definition.server = server.spec
        return Route(definition)
    }

    /// The credential schemes of an authenticated route: the one it names and its alternatives,
    /// the file's default for a route that turns `auth` on in a public group, else the group's.
    private mutating func schemes(of clauses: Clauses) -> (scheme: AuthSchemeSpec?, alternatives: [AuthSchemeSpec]) {
        if let named = clauses.schemeName {
            let scheme = authSchemes.scheme(named: named, diagnostics: diagnostics)
            if scheme == nil { isValid = false }
            guard let found = authSchemes.alternatives(clauses.schemeAlternatives, after: named, diagnostics: diagnostics) else {
                isValid = false
                return (scheme, [])
            }
            return (scheme, found)
        }
        if let flag = clauses.access, groupAccess == .public {
            let scheme = authSchemes.defaultScheme(for: "route '\(name)'", at: flag.location, diagnostics: diagnostics)
            if scheme == nil { isValid = false }
            return (scheme, [])
        }
        return (groupSchemes.first, Array(groupSchemes.dropFirst()))
    }

    /// `status 204` beside a response with a body is an error: false then.
    private mutating func successStatus(_ status: (code: Int, location: SourceLocation)?, response: TypeReference, into definition: inout Route.Definition) -> Bool {
        guard let status else { return true }
        if status.code == 204, !response.isEmpty {
            error("route '\(name)' answers '\(response)', and a 204 carries no body; answer '-> Empty' or another 2xx status", at: status.location)
            return false
        }
        definition.declaredSuccessStatus = status.code
        return true
    }

    // MARK: Clauses

    private mutating func add(_ clause: RouteClauseSyntax, to clauses: inout Clauses) {
        switch clause {
        case .query(let parameter):
            if let built = self.parameter(parameter, kind: .query) { clauses.queryParameters.append(built) }
        case .header(let keyword, let parameter):
            if keyword.text == "cookie" {
                if let built = self.parameter(parameter, kind: .cookie) { clauses.cookieParameters.append(built) }
            } else if let built = self.parameter(parameter, kind: .header) {
                clauses.headerParameters.append(built)
            }
        case .body(let bodySyntax):
            addBody(bodySyntax, to: &clauses)
        case .accept(let keyword, let token):
            addAccept(keyword: keyword, mediaType: token, to: &clauses)
        case .response(let arrow, let stream, let type):
            addResponse(arrow: arrow, stream: stream, type: type, to: &clauses)
        case .flag(let token):
            addFlag(token, to: &clauses)
        case .authScheme(let keyword, let scheme, let alternatives):
            addFlag(keyword, to: &clauses)
            clauses.schemeName = scheme
            clauses.schemeAlternatives = alternatives
        case .paginate(let paginate):
            addPagination(paginate, to: &clauses)
        case .status(let keyword, let code):
            guard clauses.status == nil else {
                error("route '\(name)' has two 'status' clauses; keep one", at: keyword.location)
                return
            }
            guard let value = Int(code.text), (200...299).contains(value) else {
                error("'status' of route '\(name)' must be a success status from 200 to 299, not '\(code.text)'", at: code.location)
                isValid = false
                return
            }
            clauses.status = (value, keyword.location)
        case .server:
            // Read by `namedServer`, which needs every clause of the route.
            break
        case .errors(let errors):
            if clauses.errorBody != nil {
                error("route '\(name)' has two 'errors' clauses; keep one", at: errors.keyword.location)
            } else if let type = Self.errorBodyReference(errors, diagnostics: diagnostics) {
                clauses.errorBody = type
            } else {
                isValid = false
            }
        }
    }

    private mutating func addPagination(_ syntax: PaginateSyntax, to clauses: inout Clauses) {
        guard clauses.pagination == nil else {
            error("route '\(name)' has two 'paginate' clauses; keep one", at: syntax.keyword.location)
            return
        }
        var locations: [String: SourceLocation] = [:]
        let style: PaginationSpec.Style
        switch syntax.form {
        case .cursor(let field, let parameter):
            locations["field"] = field.location
            locations["parameter"] = parameter.location
            style = .cursor(field: field.text, parameter: parameter.text)
        case .bodyLink(let field):
            locations["field"] = field.location
            style = .bodyLink(field: field.text)
        case .linkHeader:
            style = .linkHeader
        case .pageNumber(let parameter):
            locations["parameter"] = parameter.location
            style = .pageNumber(parameter: parameter.text)
        case .offset(let parameter, let hasMore):
            locations["parameter"] = parameter.location
            if let hasMore { locations["hasMore"] = hasMore.location }
            style = .offset(parameter: parameter.text, hasMoreField: hasMore?.text)
        }
        if let items = syntax.items { locations["items"] = items.location }
        clauses.pagination = PaginationSpec(style: style, itemsField: syntax.items?.text, location: syntax.keyword.location, nameLocations: locations)
    }

    private mutating func addBody(_ bodySyntax: BodySyntax, to clauses: inout Clauses) {
        if clauses.body != nil {
            error("route '\(name)' has two bodies; keep one", at: bodySyntax.keyword.location)
        } else {
            clauses.body = body(bodySyntax)
        }
    }

    private mutating func addAccept(keyword: SyntaxToken, mediaType token: SyntaxToken, to clauses: inout Clauses) {
        if clauses.accept != nil {
            error("route '\(name)' has two 'accept' clauses; keep one", at: keyword.location)
        } else if let mediaType = mediaType(token, what: "accept") {
            clauses.accept = (mediaType, token.location)
        }
    }

    private mutating func addResponse(arrow: SyntaxToken, stream: SyntaxToken?, type: TypeSyntax, to clauses: inout Clauses) {
        if clauses.response != nil {
            error("route '\(name)' has two response types; keep one", at: arrow.location)
            return
        }
        let element = TypeReference(type)
        guard let stream, let streaming = ResponseStreaming(keyword: stream.text) else {
            clauses.response = (element, type.location)
            return
        }
        if element.isEmpty || element.isData || element.isOptional {
            error("'-> \(stream.text) \(element)' streams nothing a client can read; name the type of one \(streaming == .events ? "event's data" : "line")", at: type.location)
            isValid = false
        }
        clauses.streaming = (streaming, stream.location)
        clauses.response = (.named(EndpointKitVocabulary.eventStreamType, arguments: [element]), type.location)
    }

    private mutating func addFlag(_ token: SyntaxToken, to clauses: inout Clauses) {
        guard clauses.flagsSeen.insert(token.text).inserted else {
            warning("flag '\(token.text)' is repeated on route '\(name)'; remove one", at: token.location)
            return
        }
        switch token.text {
        case "deprecated":
            clauses.isDeprecated = true
        case "auth", "public":
            let flagAccess = Access(rawValue: token.text)!
            if let existing = clauses.access, existing.access != flagAccess {
                error("route '\(name)' is flagged both 'auth' and 'public'; keep one", at: token.location)
            } else {
                clauses.access = (flagAccess, token.location)
            }
        default:
            error(
                "unknown flag '\(token.text)'; use 'auth', 'public' or 'deprecated'",
                at: token.location,
                fixIt: Suggestion.closest(to: token.text, among: Parser.flagWords)
            )
        }
    }

    /// The rule ids of `# routegen:disable` comments above the route and on its lines, each once.
    private func disabledRules(above disableComments: [SyntaxComment]) -> [String] {
        var disabledRules: [String] = []
        for comment in disableComments + syntax.lines.compactMap(\.comment) {
            guard let rules = comment.disabledRules else { continue }
            if rules.isEmpty {
                warning("'routegen:disable' names no rule; add rule ids such as 'routegen:disable path-style'", at: comment.location)
            }
            for rule in rules where !disabledRules.contains(rule) {
                disabledRules.append(rule)
            }
        }
        return disabledRules
    }

    // MARK: Name and method

    private mutating func checkName() {
        guard !SwiftNaming.isIdentifier(name) else { return }
        let suggestion = SwiftNaming.lowerCamelCase(name)
        error(
            "route name '\(name)' is not a valid identifier; use letters, digits and '_', such as '\(suggestion)'",
            at: syntax.name.location,
            fixIt: suggestion
        )
    }

    private mutating func checkMethod() {
        let method = syntax.method.text
        let scalars = method.unicodeScalars
        let isToken = scalars.first.map { ("A"..."Z").contains($0) } == true
            && scalars.allSatisfy { ("A"..."Z").contains($0) || ("0"..."9").contains($0) || $0 == "-" || $0 == "_" }
        guard !isToken else { return }
        let upper = method.uppercased()
        if upper.unicodeScalars.allSatisfy({ ("A"..."Z").contains($0) }) {
            error("method '\(method)' is not an upper-case token; write '\(upper)'", at: syntax.method.location, fixIt: upper)
        } else {
            error("method '\(method)' is not an upper-case token such as GET or POST", at: syntax.method.location)
        }
    }

    // MARK: Parameters

    private mutating func pathComponents() -> [PathComponent] {
        syntax.path.segments.map { pathComponent($0) }
    }

    private mutating func pathComponent(_ segment: PathSyntax.Segment) -> PathComponent {
        switch segment {
        case .literal(let text, let location):
            return .literal(text, location: location)
        case .joined(let pieces, let location):
            return .joined(pieces.map { pathComponent($0) }, location: location)
        case .parameter(let nameToken, let typeSyntax, let styleTokens, _):
            return .parameter(pathParameter(name: nameToken, type: typeSyntax, style: styleTokens))
        }
    }

    private mutating func parameter(_ syntax: ParameterSyntax, kind: Parameter.Kind) -> Parameter? {
        checkWireName(syntax.name, kind: kind)
        let type = TypeReference(syntax.type)
        let style = kind == .query ? queryStyle(syntax, type: type) : nil
        if kind == .header || kind == .cookie {
            checkSingleValueOrList(name: syntax.name.text, kind: kind, type: type.nonOptional, at: syntax.type.location)
        }
        var defaultValue: DefaultValue?
        if let token = syntax.defaultValue {
            var checker = DefaultValueChecker(parameterName: syntax.name.text, type: type, token: token)
            switch checker.check() {
            case .success(let value):
                defaultValue = value
            case .failure(let failure):
                diagnostics.emit(failure.diagnostic)
                isValid = false
            }
        }
        var parameter = Parameter(name: syntax.name.text, kind: kind, type: type, defaultValue: defaultValue, location: syntax.name.location, typeLocation: syntax.type.location)
        parameter.style = style
        if !syntax.constraints.isEmpty {
            parameter.constraints = ConstraintChecker(subject: "parameter '\(syntax.name.text)'", type: type, diagnostics: diagnostics).check(syntax.constraints)
        }
        return parameter
    }

    /// A wire name starts with a letter or `_` and holds letters, digits, `_`, `-` and `.`; a
    /// query name may end in brackets holding such a name or nothing (`filter[status]`, `expand[]`).
    mutating func checkWireName(_ token: SyntaxToken, kind: Parameter.Kind) {
        var base = Substring(token.text)
        if kind == .query, let open = base.firstIndex(of: "[") {
            let brackets = base[open...].dropFirst().dropLast()
            let isValidBrackets = base.last == "]" && brackets.split(separator: "][", omittingEmptySubsequences: false).allSatisfy { part in
                part.unicodeScalars.allSatisfy { isLetter($0) || ("0"..."9").contains($0) || $0 == "_" || $0 == "-" || $0 == "." }
            }
            if isValidBrackets { base = base[..<open] }
        }
        let scalars = base.unicodeScalars
        let isValidName = scalars.first.map { isLetter($0) || $0 == "_" } == true
            && scalars.allSatisfy { isLetter($0) || ("0"..."9").contains($0) || $0 == "_" || $0 == "-" || $0 == "." }
        guard !isValidName else { return }
        error(
            "\(kind.rawValue) parameter name '\(token.text)' is not valid; start with a letter or '_' and use letters, digits, '_', '-' and '.'",
            at: token.location
        )
    }

    private func isLetter(_ scalar: Unicode.Scalar) -> Bool {
        ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar)
    }

    func isDictionary(_ type: TypeReference) -> Bool {
        if case .named("Dictionary", let arguments) = type, arguments.count == 2 { return true }
        return false
    }

    /// Two parameters with one wire name, or with one Swift label, cannot both be arguments.
    private mutating func checkParameterNames(path: [PathComponent], query: [Parameter], headers: [Parameter], hasBody: Bool) {
        let all = path.flatMap(\.parameters) + query + headers
        var byName: [String: Parameter] = [:]
        var byLabel: [String: Parameter] = [:]
        for parameter in all {
            // Header names ignore case on the wire.
            let key = parameter.kind == .header ? "header:" + parameter.name.lowercased() : parameter.name
            if let first = byName[key] ?? (parameter.kind == .header ? nil : byName[parameter.name]) {
                error(
                    "parameter '\(parameter.name)' is declared twice in route '\(name)'; rename one",
                    at: parameter.location,
                    note: "first declared at line \(first.location.line), column \(first.location.column)"
                )
                continue
            }
            byName[key] = parameter
            let label = SwiftNaming.lowerCamelCase(parameter.name)
            if let first = byLabel[label] {
                error(
                    "parameters '\(first.name)' and '\(parameter.name)' of route '\(name)' both become the argument '\(label)'; rename one",
                    at: parameter.location
                )
                continue
            }
            byLabel[label] = parameter
            if hasBody && label == "body" {
                error("parameter '\(parameter.name)' of route '\(name)' clashes with its 'body' argument; rename it", at: parameter.location)
            }
        }
    }

    // MARK: Body and media types

    private mutating func body(_ syntax: BodySyntax) -> RequestBodySpec? {
        switch syntax.content {
        case .json(let type):
            return RequestBodySpec(kind: .json(TypeReference(type)), location: syntax.keyword.location, typeLocation: type.location)
        case .mergePatch(_, let type):
            return RequestBodySpec(kind: .mergePatch(TypeReference(type)), location: syntax.keyword.location, typeLocation: type.location)
        case .form(_, let type):
            return RequestBodySpec(kind: .form(TypeReference(type)), location: syntax.keyword.location, typeLocation: type.location)
        case .multipart(_, let type):
            return RequestBodySpec(kind: .multipart(TypeReference(type)), location: syntax.keyword.location, typeLocation: type.location)
        case .raw(_, let token):
            guard let mediaType = mediaType(token, what: "body raw") else { return nil }
            return RequestBodySpec(kind: .raw(mediaType: mediaType), location: syntax.keyword.location, typeLocation: token.location)
        }
    }

    /// The media type of an `accept` or `body raw` clause, unquoted; it must look like `type/subtype`.
    private mutating func mediaType(_ token: SyntaxToken, what: String) -> String? {
        let text: String
        if token.kind == .string {
            switch StringLiteral.unescape(token) {
            case .success(let value): text = value
            case .failure(let failure):
                diagnostics.emit(failure.diagnostic)
                isValid = false
                return nil
            }
        } else {
            text = token.text
        }
        let parts = text.split(separator: "/", maxSplits: 1, omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty, !parts[0].contains(" ") else {
            error("media type '\(text)' of '\(what)' must look like 'type/subtype', such as 'image/png'", at: token.location)
            return nil
        }
        return text
    }

    // MARK: Types

    /// The type of an `errors` clause (on the API, a group or a route); nil, with an error, when
    /// it is optional or a type that is no JSON body (`Empty`, `Data`).
    static func errorBodyReference(_ syntax: ErrorsSyntax, diagnostics: any DiagnosticSink) -> TypeReference? {
        let type = TypeReference(syntax.type)
        if type.isOptional {
            diagnostics.emit(.error("error body type '\(type)' cannot be optional; a failed response that has no such body still throws, with a nil typed body", at: syntax.type.location))
            return nil
        }
        if type.isEmpty || type.isData {
            diagnostics.emit(.error("error body type '\(type)' is not a JSON body; name the type the server's error JSON decodes as, such as 'ProblemDetails'", at: syntax.type.location))
            return nil
        }
        return type
    }

    // MARK: Reporting

    mutating func error(_ message: String, at location: SourceLocation, note: String? = nil, fixIt: String? = nil) {
        isValid = false
        diagnostics.emit(.error(message, at: location, note: note, fixIt: fixIt))
    }

    private func warning(_ message: String, at location: SourceLocation) {
        diagnostics.emit(.warning(message, at: location))
    }
}
