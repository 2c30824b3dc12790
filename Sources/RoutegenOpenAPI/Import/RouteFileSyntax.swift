import RoutegenCore

/// The route file's syntax as the importer builds it from its parts: each item stands on a line
/// of its own, numbered in order, and what each line holds is kept (`route 'Files.getFile'`), so
/// a check of the built file that fails can say which route or declaration it is about.
struct RouteFileSyntax {
    /// The route file's name, every token's location's file.
    let path: String
    private(set) var items: [SyntaxItem] = []
    /// What each item is, by its line (item index + 1).
    private(set) var descriptions: [String] = []
    /// Parts that could not be built (a type text that is no type), each on the line of the
    /// item it belongs to: routegen bugs, reported by the check.
    private(set) var problems: [Diagnostic] = []

    init(path: String) {
        self.path = path
    }

    /// The line the next item stands on.
    var nextLine: Int { items.count + 1 }

    mutating func append(_ item: SyntaxItem, describing description: String) {
        items.append(item)
        descriptions.append(description)
    }

    mutating func appendBlank() {
        append(.blank(line: nextLine), describing: "a blank line")
    }

    /// A `///` line: as the parser reads `/// text`, trailing whitespace left out.
    mutating func appendDocumentation(_ text: String, isIndented: Bool, of owner: String) {
        var raw = text.isEmpty ? "" : " " + text
        while let last = raw.unicodeScalars.last, [" ", "\t", "\r", "\u{0B}", "\u{0C}"].contains(last) { raw.unicodeScalars.removeLast() }
        let location = SourceLocation(file: path, line: nextLine, column: isIndented ? 3 : 1)
        append(.documentation(DocumentationSyntax(rawText: raw, location: location, isIndented: isIndented)), describing: "documentation of " + owner)
    }

    /// A token on the next line.
    func token(_ kind: SyntaxToken.Kind, _ text: String) -> SyntaxToken {
        SyntaxToken(kind: kind, text: text, location: SourceLocation(file: path, line: nextLine, column: 1), isPrecededBySpace: true)
    }

    /// A word, or a string token when `text` is quoted.
    func wordOrString(_ text: String) -> SyntaxToken {
        token(text.hasPrefix("\"") ? .string : .word, text)
    }

    /// A problem with the item the next line holds.
    mutating func noteProblem(_ message: String) {
        problems.append(.error(message, at: token(.word, "").location))
    }

    /// The check's error for a problem at `location`: the line's item named, since no text shows it.
    func place(of location: SourceLocation?) -> String {
        guard let line = location?.line, line >= 1, line <= descriptions.count else { return "" }
        return descriptions[line - 1] + ": "
    }
}

extension RouteFileSyntax {
    /// `api Name`.
    mutating func appendAPI(_ name: String) {
        append(.api(DeclarationSyntax(keyword: token(.word, "api"), name: token(.word, name), comment: nil)), describing: "api " + name)
    }

    /// `import Module`.
    mutating func appendImport(_ module: String) {
        append(.importDeclaration(DeclarationSyntax(keyword: token(.word, "import"), name: token(.word, module), comment: nil)), describing: "import " + module)
    }

    /// `external Type`.
    mutating func appendExternal(_ name: String) {
        append(.external(DeclarationSyntax(keyword: token(.word, "external"), name: token(.word, name), comment: nil)), describing: "external " + name)
    }

    /// `auth [name =] kind [argument] [prefix "text"]`.
    mutating func appendAuthScheme(name: String?, carrier: SecurityPlan.Carrier) {
        let scheme = AuthSchemeSyntax(
            keyword: token(.word, "auth"), name: name.map { token(.word, $0) }, kind: token(.word, carrier.kind),
            argument: carrier.argument.map { token(.word, $0) }, prefix: carrier.prefix.map { token(.string, StringLiteral.quoted($0)) }, comment: nil
        )
        append(.authScheme(scheme), describing: "auth scheme " + (name ?? carrier.kind))
    }

    /// `errors Type` of the API.
    mutating func appendErrors(_ errorType: ImportedType) {
        let errors = ErrorsSyntax(keyword: token(.word, "errors"), type: type(errorType))
        append(.errors(errors, comment: nil), describing: "errors " + errorType.text)
    }

    /// `group Name auth [scheme]|public [errors Type]`.
    mutating func appendGroup(_ name: String, access: GroupAccess, errors: ImportedType?) {
        let errorsSyntax = errors.map { ErrorsSyntax(keyword: token(.word, "errors"), type: type($0)) }
        var accessWord = token(.word, "public")
        var schemes: [SyntaxToken] = []
        if case .auth(let names) = access.access {
            accessWord = token(.word, "auth")
            schemes = names.map { token(.word, $0) }
        }
        var group = GroupSyntax(keyword: token(.word, "group"), name: token(.word, name), access: accessWord, scheme: schemes.first, comment: nil, errors: errorsSyntax)
        group.alternatives = Array(schemes.dropFirst())
        append(.group(group), describing: "group " + name)
    }
}

extension RouteFileSyntax {
    /// A route's documentation and its line; `inheritedErrors` is the error body its group or
    /// the API gives it.
    mutating func appendRoute(_ route: ImportedRoute, groupAccess: GroupAccess, inheritedErrors: ImportedType?) {
        let owner = "route '\(route.group).\(route.name)'"
        for line in route.documentation { appendDocumentation(line, isIndented: true, of: owner) }
        var clauses: [RouteClauseSyntax] = route.queries.map { .query(parameter($0)) }
        clauses += route.headers.map { .header(keyword: token(.word, $0.place.keyword ?? "header"), parameter($0)) }
        if let body = route.body { clauses.append(.body(bodySyntax(body))) }
        if let accept = route.accept {
            clauses.append(.accept(keyword: token(.word, "accept"), mediaType: wordOrString(ImportedRoute.mediaTypeText(accept))))
        }
        clauses.append(.response(arrow: token(.arrow, "->"), stream: route.streaming.map { token(.word, $0.keyword) }, type: type(route.response)))
        if let status = route.status { clauses.append(.status(keyword: token(.word, "status"), code: token(.word, String(status)))) }
        if let errorType = route.errorType, errorType != inheritedErrors {
            clauses.append(.errors(ErrorsSyntax(keyword: token(.word, "errors"), type: type(errorType))))
        }
        if let pagination = route.pagination { clauses.append(.paginate(paginate(pagination))) }
        if let server = route.server { clauses.append(.server(keyword: token(.word, "server"), name: token(.word, server))) }
        switch route.accessClause(groupAccess: groupAccess) {
        case .none: break
        case .some((let word, let schemes)) where schemes.isEmpty: clauses.append(.flag(token(.word, word)))
        case .some((let word, let schemes)):
            clauses.append(.authScheme(keyword: token(.word, word), name: token(.word, schemes[0]), alternatives: schemes.dropFirst().map { token(.word, $0) }))
        }
        if route.isDeprecated { clauses.append(.flag(token(.word, "deprecated"))) }
        let line = RouteLineSyntax(line: nextLine, clauseIndices: Array(clauses.indices), comment: disableComment(route.disabledRules))
        let syntax = RouteSyntax(
            name: token(.word, route.name), method: token(.word, route.method), path: path(of: route),
            clauses: clauses, lines: [line], indentation: 2
        )
        append(.route(syntax), describing: owner)
    }

    private mutating func parameter(_ parameter: ImportedParameter) -> ParameterSyntax {
        let name = token(.word, parameter.name)
        var syntax = ParameterSyntax(
            marker: parameter.place == .query ? token(.questionMark, "?") : name, name: name,
            type: type(parameter.type.optional(parameter.isOptional)),
            defaultValue: parameter.defaultValue.map(wordOrString), style: (parameter.style?.words ?? []).map { token(.word, $0) }
        )
        syntax.constraints = parameter.constraints.map(constraintSyntax)
        return syntax
    }

    private func constraintSyntax(_ constraint: ImportedConstraint) -> ConstraintSyntax {
        ConstraintSyntax(keyword: token(.word, constraint.keyword), value: token(constraint.isString ? .string : .word, constraint.value))
    }

    private mutating func bodySyntax(_ body: ImportedBody) -> BodySyntax {
        let keyword = token(.word, "body")
        switch body {
        case .json(let bodyType): return BodySyntax(keyword: keyword, content: .json(type(bodyType)))
        case .mergePatch(let bodyType): return BodySyntax(keyword: keyword, content: .mergePatch(keyword: token(.word, "merge-patch"), type(bodyType)))
        case .form(let bodyType): return BodySyntax(keyword: keyword, content: .form(keyword: token(.word, "form"), type(bodyType)))
        case .multipart(let bodyType): return BodySyntax(keyword: keyword, content: .multipart(keyword: token(.word, "multipart"), type(bodyType)))
        case .raw(let mediaType): return BodySyntax(keyword: keyword, content: .raw(keyword: token(.word, "raw"), mediaType: token(.string, StringLiteral.quoted(mediaType))))
        }
    }

    /// The `paginate` clause: a plan's, or an export's as it was read, on this line.
    private func paginate(_ pagination: ImportedPagination) -> PaginateSyntax {
        switch pagination {
        case .written(let syntax):
            return PaginateSyntax(keyword: token(.word, "paginate"), form: syntax.form, items: syntax.items)
        case .plan(let plan):
            let form: PaginateSyntax.Form = switch plan {
            case .cursor(let field, let parameter, _): .cursor(field: token(.word, field), parameter: token(.word, parameter))
            case .bodyLink(let field, _): .bodyLink(field: token(.word, field))
            case .page(let parameter, _): .pageNumber(parameter: token(.word, parameter))
            case .offset(let parameter, let more, _): .offset(parameter: token(.word, parameter), hasMore: more.map { token(.word, $0) })
            }
            return PaginateSyntax(keyword: token(.word, "paginate"), form: form, items: plan.items.map { token(.word, $0) })
        }
    }

    private mutating func path(of route: ImportedRoute) -> PathSyntax {
        let location = token(.path, "/").location
        let segments = route.segments.map { pieces -> PathSyntax.Segment in
            let syntax = pieces.map { piece -> PathSyntax.Segment in
                switch piece {
                case .literal(let text): .literal(text: text, location: location)
                case .parameter(let name, let parameterType, _, let style):
                    .parameter(name: token(.word, name), type: type(parameterType), style: (style?.words ?? []).map { token(.word, $0) }, location: location)
                }
            }
            return syntax.count == 1 ? syntax[0] : .joined(pieces: syntax, location: location)
        }
        return PathSyntax(segments: segments, hasTrailingSlash: route.hasTrailingSlash, location: location)
    }
}

extension RouteFileSyntax {
    /// A declaration after a blank line: its documentation, its head and its members.
    mutating func appendDeclaration(_ declaration: ImportedDeclaration) {
        appendBlank()
        let kind: TypeDeclarationSyntax.Kind = switch declaration.kind {
        case .model: .model
        case .enumeration: .enumeration
        case .union: .union
        case .patch: .patch
        }
        let owner = kind.rawValue + " " + declaration.name
        for line in declaration.documentation { appendDocumentation(line, isIndented: false, of: owner) }
        var head = TypeDeclarationSyntax(
            kind: kind, keyword: token(.word, kind.rawValue), name: token(.word, declaration.name),
            genericParameters: declaration.genericParameters.map { token(.word, $0) },
            flags: declaration.isDeprecated ? [token(.word, "deprecated")] : [], comment: disableComment(declaration.disabledRules)
        )
        switch declaration.kind {
        case .model(let includes, let fields):
            if !includes.isEmpty { head.includes = IncludesClause(keyword: token(.word, "includes"), types: includes.map { type(.declared($0)) }) }
            append(.typeDeclaration(head), describing: owner)
            for field in fields { appendField(field, of: owner) }
        case .enumeration(let isInteger, let cases):
            if isInteger { head.rawType = type(.builtin("Int")) }
            append(.typeDeclaration(head), describing: owner)
            for item in cases { appendCase(item, of: owner) }
        case .union(let discriminator, let variants):
            // `by shape` is the union by shape; a field named `shape` is quoted.
            let clause = UnionShape.byClause(discriminator: discriminator)
            let subject = if let discriminator, !UnionShape.isQuotedSubject(discriminator) {
                memberName(discriminator, mustBeWord: true)
            } else {
                token(discriminator == nil ? .word : .string, clause)
            }
            head.subject = KeywordClause(keyword: token(.word, "by"), name: subject)
            append(.typeDeclaration(head), describing: owner)
            for variant in variants { appendVariant(variant, of: owner) }
        case .patch(let model, let fields):
            head.subject = KeywordClause(keyword: token(.word, "of"), name: token(.word, model))
            append(.typeDeclaration(head), describing: owner)
            for field in fields { append(.member(MemberSyntax(name: memberName(field))), describing: "field '\(field)' of \(owner)") }
        }
    }

    private mutating func appendField(_ field: ImportedField, of owner: String) {
        let member = "field '\(field.wireName)' of \(owner)"
        for line in field.documentation { appendDocumentation(line, isIndented: true, of: member) }
        var type = type(field.type)
        if field.isOptional || field.isRequiredNullable { type = optional(type) }
        var flags: [SyntaxToken] = []
        if field.isRequiredNullable { flags.append(token(.word, "required")) }
        if field.isDeprecated { flags.append(token(.word, "deprecated")) }
        if field.isAdditional { flags.append(token(.word, "additional")) }
        var syntax = MemberSyntax(
            name: memberName(field.wireName), swiftName: swiftName(field.swiftName), type: type,
            defaultValue: field.defaultValue.map(defaultValue), flags: flags
        )
        syntax.constraints = field.constraints.map(constraintSyntax)
        append(.member(syntax), describing: member)
    }

    private mutating func appendCase(_ item: ImportedCase, of owner: String) {
        let member = "case '\(item.name)' of \(owner)"
        for line in item.documentation { appendDocumentation(line, isIndented: true, of: member) }
        let syntax = MemberSyntax(
            name: memberName(item.name), swiftName: swiftName(item.swiftName),
            defaultValue: item.integer.map { .token(token(.word, $0)) }, flags: item.isDeprecated ? [token(.word, "deprecated")] : []
        )
        append(.member(syntax), describing: member)
    }

    private mutating func appendVariant(_ variant: ImportedVariant, of owner: String) {
        let member = "variant '\(variant.tag)' of \(owner)"
        for line in variant.documentation { appendDocumentation(line, isIndented: true, of: member) }
        let syntax = MemberSyntax(
            name: memberName(variant.tag), swiftName: swiftName(variant.swiftName), type: type(variant.model),
            flags: variant.isDeprecated ? [token(.word, "deprecated")] : []
        )
        append(.member(syntax), describing: member)
    }

    /// A wire name: a word when it is one, otherwise a string; where only a word may stand
    /// (a union's discriminator), a string is a problem.
    private mutating func memberName(_ name: String, mustBeWord: Bool = false) -> SyntaxToken {
        if RouteText.isWord(name) { return token(.word, name) }
        if mustBeWord { noteProblem("'\(name)' is not a word") }
        return token(.string, StringLiteral.quoted(name))
    }

    private func swiftName(_ name: String?) -> KeywordClause? {
        name.map { KeywordClause(keyword: token(.word, "as"), name: token(.word, $0)) }
    }

    /// A field's default as the importer writes it: `[]`, `[:]`, a word or a string.
    private func defaultValue(_ text: String) -> DefaultSyntax {
        switch text {
        case "[]": .emptyArray(token(.leftBracket, "[").location)
        case "[:]": .emptyDictionary(token(.leftBracket, "[").location)
        default: .token(wordOrString(text))
        }
    }

    /// `# routegen:disable rule, rule` at the end of a route's or a declaration's line.
    private func disableComment(_ rules: [String]) -> SyntaxComment? {
        rules.isEmpty ? nil : SyntaxComment(text: "# routegen:disable " + rules.joined(separator: ", "), location: token(.word, "#").location)
    }

    /// The syntax of a type the importer built, on this line.
    private mutating func type(_ imported: ImportedType) -> TypeSyntax {
        let location = token(.word, "").location
        switch imported {
        case .builtin(let name), .declared(let name):
            return TypeSyntax(kind: .named(name: token(.word, name), arguments: []), location: location)
        case .written(let written):
            return relocated(written.syntax)
        case .array(let element):
            return TypeSyntax(kind: .array(type(element)), location: location)
        case .dictionary(let value):
            let key = TypeSyntax(kind: .named(name: token(.word, "String"), arguments: []), location: location)
            return TypeSyntax(kind: .dictionary(key: key, value: type(value)), location: location)
        case .optional(let wrapped):
            return optional(type(wrapped))
        }
    }

    /// A type read from a description's extension, its tokens moved onto this line.
    private func relocated(_ syntax: TypeSyntax) -> TypeSyntax {
        let location = token(.word, "").location
        switch syntax.kind {
        case .named(let name, let arguments):
            return TypeSyntax(kind: .named(name: token(.word, name.text), arguments: arguments.map(relocated)), location: location)
        case .array(let element):
            return TypeSyntax(kind: .array(relocated(element)), location: location)
        case .dictionary(let key, let value):
            return TypeSyntax(kind: .dictionary(key: relocated(key), value: relocated(value)), location: location)
        case .optional(let wrapped):
            return TypeSyntax(kind: .optional(relocated(wrapped)), location: location)
        }
    }

    /// `type?`; a problem when it is optional already, as `T??` is no type.
    private mutating func optional(_ type: TypeSyntax) -> TypeSyntax {
        if case .optional = type.kind { noteProblem("'\(type.canonicalText)?' is not a type") }
        return TypeSyntax(kind: .optional(type), location: type.location)
    }
}
