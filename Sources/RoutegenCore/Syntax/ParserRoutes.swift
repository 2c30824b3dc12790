
/// Route lines: the name, method and path, then each clause, over continuation lines.
extension Parser {
    func route(_ line: Lexer.Line, lineIndex: Int) throws(ParseFailure) -> RouteSyntax {
        var cursor = TokenCursor(line.tokens, endLocation: endLocation(of: line))
        guard let name = cursor.take(.word) else {
            throw ParseFailure("expected a route name, found '\(cursor.current?.text ?? "")'", at: cursor.currentLocation)
        }
        if Self.declarationKeywords.contains(name.text), cursor.peek(1)?.kind != .path {
            throw ParseFailure("'\(name.text)' must start at the beginning of the line; remove the indentation", at: name.location)
        }
        guard let method = cursor.take(.word) else {
            throw ParseFailure("route '\(name.text)' has no method; write '\(name.text) GET /path -> Response'", at: cursor.currentLocation)
        }
        guard let pathToken = cursor.take(.path) else {
            throw ParseFailure("route '\(name.text)' has no path; a path starts with '/'", at: cursor.currentLocation)
        }
        let path = try PathParser(lexer: lexer, line: line, lineIndex: lineIndex).parse(pathToken)
        var clauses: [RouteClauseSyntax] = []
        var hasResponse = false
        try parseClauses(&cursor, routeName: name.text, into: &clauses, hasResponse: &hasResponse)
        let lineSyntax = RouteLineSyntax(line: line.number, clauseIndices: Array(clauses.indices), comment: line.comment)
        return RouteSyntax(name: name, method: method, path: path, clauses: clauses, lines: [lineSyntax], indentation: line.indentation)
    }

    mutating func continueRoute(_ itemIndex: Int?, line: Lexer.Line, lineIndex: Int) {
        // The route's own line failed: its continuation lines were reported with it.
        guard let itemIndex, case .route(var route) = items[itemIndex] else {
            items.append(.invalid(line: line.number, isIndented: line.indentation > 0))
            return
        }
        if let error = line.error {
            diagnostics.emit(error)
            items[itemIndex] = .invalid(line: route.name.location.line, isIndented: true)
            openRoute = (nil, route.indentation)
            items.append(.invalid(line: line.number, isIndented: line.indentation > 0))
            return
        }
        var cursor = TokenCursor(line.tokens, endLocation: endLocation(of: line))
        var hasResponse = route.clauses.contains { if case .response = $0 { true } else { false } }
        let firstNew = route.clauses.count
        do {
            try parseClauses(&cursor, routeName: route.name.text, into: &route.clauses, hasResponse: &hasResponse)
        } catch {
            report(error)
            items[itemIndex] = .invalid(line: route.name.location.line, isIndented: true)
            openRoute = (nil, route.indentation)
            items.append(.invalid(line: line.number, isIndented: line.indentation > 0))
            return
        }
        route.lines.append(RouteLineSyntax(line: line.number, clauseIndices: Array(firstNew..<route.clauses.count), comment: line.comment))
        items[itemIndex] = .route(route)
    }

    func parseClauses(
        _ cursor: inout TokenCursor,
        routeName: String,
        into clauses: inout [RouteClauseSyntax],
        hasResponse: inout Bool
    ) throws(ParseFailure) {
        while let token = cursor.current {
            switch token.kind {
            case .questionMark:
                cursor.index += 1
                clauses.append(.query(try parameter(&cursor, marker: token, kind: "query", routeName: routeName)))
            case .arrow:
                cursor.index += 1
                guard !cursor.isAtEnd else {
                    throw ParseFailure("'->' needs a response type; write '-> Type' ('-> Empty' when nothing comes back)", at: token.location)
                }
                // `events` or `lines` before a type says the response streams; alone, it is a type's name.
                var stream: SyntaxToken?
                if let word = cursor.current, word.kind == .word, ResponseStreaming(keyword: word.text) != nil,
                   let next = cursor.peek(1), next.kind == .word || next.kind == .leftBracket {
                    stream = cursor.advance()
                }
                clauses.append(.response(arrow: token, stream: stream, type: try TypeParser.parse(&cursor)))
                hasResponse = true
            case .word where token.text == "header" || token.text == "cookie":
                cursor.index += 1
                guard let name = cursor.current, name.kind == .word else {
                    let example = token.text == "header" ? "header Name: Type" : "cookie name: Type"
                    throw ParseFailure("'\(token.text)' needs a name and a type; write '\(example)'", at: cursor.currentLocation)
                }
                clauses.append(.header(keyword: token, try parameter(&cursor, marker: name, kind: token.text, routeName: routeName)))
            case .word where token.text == "body":
                cursor.index += 1
                clauses.append(.body(try body(&cursor, keyword: token)))
            case .word where token.text == "accept":
                cursor.index += 1
                guard let mediaType = cursor.current, mediaType.kind == .word || mediaType.kind == .string else {
                    throw ParseFailure("'accept' needs a media type; write 'accept image/*'", at: cursor.currentLocation)
                }
                cursor.index += 1
                clauses.append(.accept(keyword: token, mediaType: mediaType))
            case .word where token.text == "paginate":
                cursor.index += 1
                clauses.append(.paginate(try paginate(&cursor, keyword: token)))
            case .word where token.text == "errors":
                if let errors = try errorsClause(&cursor) { clauses.append(.errors(errors)) }
            case .word where token.text == "server":
                clauses.append(try serverClause(&cursor, keyword: token))
            case .word where token.text == "status":
                cursor.index += 1
                guard let code = cursor.current, code.kind == .word else {
                    throw ParseFailure("'status' needs the status a success answers with; write 'status 201'", at: cursor.currentLocation)
                }
                cursor.index += 1
                clauses.append(.status(keyword: token, code: code))
            case .word where token.text == "auth" && cursor.peek(1).map { $0.kind == .word && !Self.wordsThatNameNoScheme.contains($0.text) } == true:
                let name = cursor.peek(1)!
                cursor.index += 2
                clauses.append(.authScheme(keyword: token, name: name, alternatives: try schemeAlternatives(&cursor)))
            case .word where hasResponse || Self.flagWords.contains(token.text):
                cursor.index += 1
                clauses.append(.flag(token))
            case .word where SwiftNaming.isTypeName(token.text) && token.text.first?.isUppercase == true:
                throw ParseFailure(
                    "unexpected '\(token.text)' in route '\(routeName)'; write the response type after an arrow: '-> \(token.text)'",
                    at: token.location,
                    fixIt: "-> " + token.text
                )
            default:
                throw ParseFailure(
                    "unexpected '\(token.text)' in route '\(routeName)'; expected '?name: Type', 'header', 'cookie', 'body', 'accept' or '-> Response'",
                    at: token.location
                )
            }
        }
    }

    func parameter(_ cursor: inout TokenCursor, marker: SyntaxToken, kind: String, routeName: String) throws(ParseFailure) -> ParameterSyntax {
        guard var name = cursor.take(.word) else {
            throw ParseFailure("expected a parameter name after '?'; write '?name: Type'", at: cursor.currentLocation)
        }
        if kind == "query" { name = try bracketedName(name, &cursor) }
        let example = kind == "query" ? "?\(name.text): Type" : kind + " \(name.text): Type"
        guard cursor.take(.colon) != nil, !cursor.isAtEnd else {
            throw ParseFailure("\(kind) parameter '\(name.text)' has no type; write '\(example)'", at: name.location)
        }
        let type = try TypeParser.parse(&cursor)
        var style: [SyntaxToken] = []
        if kind == "query", let word = cursor.current, word.kind == .word, ParameterStyle.queryWords.contains(word.text) {
            cursor.index += 1
            style = [word]
        }
        var defaultValue: SyntaxToken?
        if let equals = cursor.take(.equals) {
            guard let value = cursor.current, value.kind == .word || value.kind == .string else {
                throw ParseFailure("parameter '\(name.text)' has '=' but no default value; write a value after '='", at: cursor.current?.location ?? equals.location)
            }
            cursor.index += 1
            defaultValue = value
        }
        var ignored: [SyntaxToken] = []
        if defaultValue != nil, let dash = cursor.current, dash.isWord("-"), dash.isPrecededBySpace {
            while let token = cursor.current, !startsClause(token) {
                ignored.append(token)
                cursor.index += 1
            }
            let text = ignored.map(\.text).joined(separator: " ")
            diagnostics.emit(.warning("text after the default value of '\(name.text)' is ignored: '\(text)'; remove it", at: dash.location))
        }
        var parameter = ParameterSyntax(marker: marker, name: name, type: type, defaultValue: defaultValue, ignoredTokens: ignored, style: style)
        while let keyword = cursor.current, keyword.kind == .word, ConstraintSyntax.keywords.contains(keyword.text) {
            cursor.index += 1
            parameter.constraints.append(try constraint(keyword, &cursor))
        }
        return parameter
    }

    /// A query name with brackets written against it (`filter[status]`, `expand[]`), as one
    /// token of the whole text at the name's location; `name` itself when no `[` follows it.
    func bracketedName(_ name: SyntaxToken, _ cursor: inout TokenCursor) throws(ParseFailure) -> SyntaxToken {
        var text = name.text
        while let open = cursor.current, open.kind == .leftBracket, !open.isPrecededBySpace {
            cursor.index += 1
            var inner = ""
            if let word = cursor.current, word.kind == .word, !word.isPrecededBySpace {
                inner = word.text
                cursor.index += 1
            }
            guard let close = cursor.current, close.kind == .rightBracket, !close.isPrecededBySpace else {
                throw ParseFailure(
                    "bracket in query parameter name '\(text)[\(inner)' is not closed; write '\(text)[\(inner)]'",
                    at: open.location,
                    fixIt: text + "[" + inner + "]"
                )
            }
            cursor.index += 1
            text += "[" + inner + "]"
        }
        return SyntaxToken(kind: .word, text: text, location: name.location, isPrecededBySpace: name.isPrecededBySpace)
    }

    /// The forms of `paginate`, as messages list them.
    static let paginateForms = "'paginate next -> ?cursor', 'paginate next_page_uri -> link', 'paginate link', 'paginate page ?page each items' or 'paginate offset ?offset each items'"

    func paginate(_ cursor: inout TokenCursor, keyword: SyntaxToken) throws(ParseFailure) -> PaginateSyntax {
        guard let first = cursor.current, first.kind == .word else {
            throw ParseFailure("'paginate' needs a form: \(Self.paginateForms)", at: cursor.currentLocation)
        }
        cursor.index += 1
        func queryParameter(after word: SyntaxToken) throws(ParseFailure) -> SyntaxToken {
            guard cursor.take(.questionMark) != nil, let name = cursor.take(.word) else {
                throw ParseFailure("'paginate \(word.text)' needs the query parameter it counts in; write 'paginate \(word.text) ?\(word.text)'", at: cursor.currentLocation)
            }
            return name
        }
        let form: PaginateSyntax.Form
        if cursor.current?.kind == .arrow {
            let arrow = cursor.advance()
            if cursor.take(.questionMark) != nil {
                guard let parameter = cursor.take(.word) else {
                    throw ParseFailure("'paginate \(first.text) ->' needs a query parameter after '?'; write 'paginate \(first.text) -> ?cursor'", at: cursor.currentLocation)
                }
                form = .cursor(field: first, parameter: parameter)
            } else if let link = cursor.current, link.isWord("link") {
                cursor.index += 1
                form = .bodyLink(field: first)
            } else {
                throw ParseFailure("'paginate \(first.text) ->' needs '?parameter' (a cursor) or 'link' (a next URL)", at: cursor.current?.location ?? arrow.location)
            }
        } else if first.text == "link" {
            form = .linkHeader(first)
        } else if first.text == "page" {
            form = .pageNumber(parameter: try queryParameter(after: first))
        } else if first.text == "offset" {
            let parameter = try queryParameter(after: first)
            let hasMore = try field(after: "while", cursor: &cursor, needs: "'while' needs the field that says more pages follow; write 'while more'")
            form = .offset(parameter: parameter, hasMore: hasMore)
        } else {
            throw ParseFailure("unknown 'paginate' form '\(first.text)'; write \(Self.paginateForms)", at: first.location)
        }
        let items = try field(after: "each", cursor: &cursor, needs: "'each' needs the field that holds a page's items; write 'each items'")
        return PaginateSyntax(keyword: keyword, form: form, items: items)
    }

    /// The field named after an optional keyword of a `paginate` clause (`while more`, `each
    /// items`); nil when the keyword does not come next, an error when no field follows it.
    private func field(after keyword: String, cursor: inout TokenCursor, needs message: String) throws(ParseFailure) -> SyntaxToken? {
        guard let word = cursor.current, word.isWord(keyword) else { return nil }
        cursor.index += 1
        guard let field = cursor.take(.word) else { throw ParseFailure(message, at: cursor.currentLocation) }
        return field
    }

    /// Whether `token` starts a clause: where text ignored after a default ends.
    func startsClause(_ token: SyntaxToken) -> Bool {
        switch token.kind {
        case .questionMark, .arrow: true
        case .word: Self.continuationKeywords.contains(token.text)
        default: false
        }
    }

    func body(_ cursor: inout TokenCursor, keyword: SyntaxToken) throws(ParseFailure) -> BodySyntax {
        guard let next = cursor.current else {
            throw ParseFailure("'body' needs a type; write 'body Type'", at: keyword.location)
        }
        if next.isWord("merge-patch") || next.isWord("form") || next.isWord("multipart") {
            cursor.index += 1
            guard !cursor.isAtEnd else {
                throw ParseFailure("'body \(next.text)' needs a type; write 'body \(next.text) Type'", at: next.location)
            }
            let type = try TypeParser.parse(&cursor)
            switch next.text {
            case "form": return BodySyntax(keyword: keyword, content: .form(keyword: next, type))
            case "multipart": return BodySyntax(keyword: keyword, content: .multipart(keyword: next, type))
            default: return BodySyntax(keyword: keyword, content: .mergePatch(keyword: next, type))
            }
        }
        if next.isWord("raw") {
            cursor.index += 1
            guard let mediaType = cursor.current else {
                throw ParseFailure("'body raw' needs a media type in quotes; write 'body raw \"application/octet-stream\"'", at: next.location)
            }
            guard mediaType.kind == .string else {
                throw ParseFailure(
                    "write the media type of a raw body in quotes: 'body raw \"\(mediaType.text)\"'",
                    at: mediaType.location,
                    fixIt: "\"" + mediaType.text + "\""
                )
            }
            cursor.index += 1
            return BodySyntax(keyword: keyword, content: .raw(keyword: next, mediaType: mediaType))
        }
        return BodySyntax(keyword: keyword, content: .json(try TypeParser.parse(&cursor)))
    }
}
