/// Turns a route file's text into a `SyntaxFile`, one line at a time.
///
/// A line with a syntax error is reported and skipped (as are its continuation lines), so
/// every problem of a file is found in one run. Meaning (names, duplicates, defaults, access)
/// is the resolver's job; the parser only checks shape.
struct Parser {
    let lexer: Lexer
    let diagnostics: any DiagnosticSink
    var items: [SyntaxItem] = []
    /// The route that continuation lines extend: its item index (nil when its line failed) and indentation.
    var openRoute: (itemIndex: Int?, indentation: Int)?
    /// Whether indented lines are members of a type (after `model`, `enum`, `patch`, `union`)
    /// rather than routes (after `group`, or before any declaration).
    var inTypeBlock = false
    /// Whether indented lines are the variables of the `server` line above them.
    var inServerBlock = false

    /// The words that start a continuation line (besides `?` and `->`).
    static let continuationKeywords: Set<String> = ["header", "cookie", "body", "accept", "paginate", "errors", "status", "server"]
    /// The words that are route flags.
    static let flagWords: [String] = ["auth", "public", "deprecated"]
    /// Words that start a clause of their own after `auth` on a group or route line, so they
    /// never name a scheme (`errors` is the typed-error-body clause of the parallel branch).
    static let wordsThatNameNoScheme: Set<String> = continuationKeywords.union(flagWords).union(["errors", "or"])

    init(source: SourceText, path: String, diagnostics: any DiagnosticSink) {
        lexer = Lexer(source: source, path: path)
        self.diagnostics = diagnostics
    }

    mutating func parseFile() -> SyntaxFile {
        // At most one item per line: reserving once keeps a large file's items from being
        // copied at each doubling.
        items.reserveCapacity(lexer.lineCount)
        for index in 0..<lexer.lineCount {
            parseLine(lexer.line(at: index), lineIndex: index)
        }
        return SyntaxFile(path: lexer.path, items: items)
    }

    mutating func parseLine(_ line: Lexer.Line, lineIndex: Int) {
        let contentLocation = SourceLocation(file: lexer.path, line: line.number, column: line.contentColumn)
        if line.contentLength == 0 {
            openRoute = nil
            items.append(.blank(line: line.number))
            return
        }
        if line.content.hasPrefix("///") {
            openRoute = nil
            let raw = String(line.content.unicodeScalars.dropFirst(3))
            items.append(.documentation(DocumentationSyntax(rawText: raw, location: contentLocation, isIndented: line.indentation > 0)))
            return
        }
        if line.content.hasPrefix("#") {
            openRoute = nil
            items.append(.comment(SyntaxComment(text: line.content, location: contentLocation), isIndented: line.indentation > 0))
            return
        }
        if line.content.hasPrefix("//") {
            openRoute = nil
            report(ParseFailure("'//' does not start a comment; use '# text' for a comment or '/// text' for documentation", at: contentLocation))
            items.append(.invalid(line: line.number, isIndented: line.indentation > 0))
            return
        }

        if inTypeBlock && line.indentation > 0 {
            parseMember(line)
            return
        }
        if inServerBlock && line.indentation > 0 {
            parseServerVariable(line)
            return
        }
        if let route = openRoute, line.indentation > route.indentation, isContinuation(line.tokens) {
            continueRoute(route.itemIndex, line: line, lineIndex: lineIndex)
            return
        }
        openRoute = nil
        if line.indentation > 0, isContinuation(line.tokens), let first = line.tokens.first {
            report(ParseFailure("'\(first.text)' continues a route, but no route line is right above it; put it directly below its route", at: first.location))
            items.append(.invalid(line: line.number, isIndented: true))
            return
        }
        if let error = line.error {
            diagnostics.emit(error)
            items.append(.invalid(line: line.number, isIndented: line.indentation > 0))
            if line.indentation > 0 { openRoute = (nil, line.indentation) }
            return
        }
        do {
            if line.indentation == 0 {
                inTypeBlock = false
                // The variables of a server whose line is broken are not taken for routes either.
                inServerBlock = line.tokens.first?.isWord("server") == true
                let item = try declaration(line)
                if case .typeDeclaration = item { inTypeBlock = true }
                items.append(item)
            } else {
                items.append(.route(try route(line, lineIndex: lineIndex)))
                openRoute = (items.count - 1, line.indentation)
            }
        } catch {
            report(error)
            items.append(.invalid(line: line.number, isIndented: line.indentation > 0 || error.isRouteLine))
            if line.indentation > 0 { openRoute = (nil, line.indentation) }
            // The members of a type whose line is broken are not taken for routes.
            if line.indentation == 0, error.isTypeLine { inTypeBlock = true }
        }
    }

    mutating func parseMember(_ line: Lexer.Line) {
        openRoute = nil
        if let error = line.error {
            diagnostics.emit(error)
            items.append(.invalid(line: line.number, isIndented: true))
            return
        }
        let tokens = line.tokens
        if tokens.count >= 3, tokens[0].kind == .word, tokens[1].kind == .word, tokens[2].kind == .path {
            report(ParseFailure("route '\(tokens[0].text)' stands among the members of a type; put a 'group Name auth' or 'group Name public' line above it", at: tokens[0].location))
            items.append(.invalid(line: line.number, isIndented: true))
            return
        }
        do {
            items.append(.member(try member(line)))
        } catch {
            report(error)
            items.append(.invalid(line: line.number, isIndented: true))
        }
    }

    func report(_ failure: ParseFailure) {
        diagnostics.emit(failure.diagnostic)
    }

    /// Whether an indented line continues a route: it starts with `?`, `->`, `header`, `body`,
    /// `accept` or a flag, and is not itself a route line (`public GET /x -> X` is a route named `public`).
    func isContinuation(_ tokens: [SyntaxToken]) -> Bool {
        guard let first = tokens.first else { return false }
        // `body GET /x -> X` is a route named `body`: name, method, path.
        if tokens.count >= 3, tokens[1].kind == .word, tokens[2].kind == .path { return false }
        switch first.kind {
        case .questionMark, .arrow:
            return true
        case .word:
            if Self.continuationKeywords.contains(first.text) { return true }
            guard Self.flagWords.contains(first.text) else { return false }
            guard tokens.count > 1 else { return true }
            // `auth key`: the flag with a scheme name.
            if first.text == "auth", tokens.count >= 2, tokens[1].kind == .word, !Self.wordsThatNameNoScheme.contains(tokens[1].text),
               tokens.count == 2 || tokens[2].isWord("or") { return true }
            return tokens[1].kind == .word && Self.flagWords.contains(tokens[1].text)
        default:
            return false
        }
    }

    func endLocation(of line: Lexer.Line) -> SourceLocation {
        SourceLocation(file: lexer.path, line: line.number, column: line.contentColumn + line.contentLength)
    }

    // MARK: Declarations

    func declaration(_ line: Lexer.Line) throws(ParseFailure) -> SyntaxItem {
        var cursor = TokenCursor(line.tokens, endLocation: endLocation(of: line))
        guard let keyword = cursor.current, keyword.kind == .word else {
            throw ParseFailure("expected \(Self.declarationList) at the start of the line, found '\(cursor.current?.text ?? "")'", at: cursor.currentLocation)
        }
        cursor.index += 1
        switch keyword.text {
        case "api", "import", "external":
            guard let name = cursor.take(.word) else {
                let what = ["api": "Name", "import": "Module", "external": "Type"][keyword.text] ?? "Name"
                throw ParseFailure("'\(keyword.text)' needs a name; write '\(keyword.text) \(what)'", at: cursor.currentLocation)
            }
            try expectEnd(cursor, after: keyword.text + " " + name.text)
            let declaration = DeclarationSyntax(keyword: keyword, name: name, comment: line.comment)
            switch keyword.text {
            case "api": return .api(declaration)
            case "import": return .importDeclaration(declaration)
            default: return .external(declaration)
            }
        case "group":
            guard let name = cursor.take(.word) else {
                throw ParseFailure("'group' needs a name and an access; write 'group Name auth' or 'group Name public'", at: cursor.currentLocation)
            }
            let access = cursor.current?.isWord("errors") == true ? nil : cursor.take(.word)
            let scheme = access?.text == "auth" && cursor.current.map { !Self.wordsThatNameNoScheme.contains($0.text) } != false ? cursor.take(.word) : nil
            let alternatives = scheme == nil ? [] : try schemeAlternatives(&cursor)
            let errors = try errorsClause(&cursor)
            let schemes = ([scheme].compactMap { $0 } + alternatives).map(\.text).joined(separator: " or ")
            try expectEnd(cursor, after: "group " + name.text + (access.map { " " + $0.text } ?? "") + (schemes.isEmpty ? "" : " " + schemes) + (errors.map { " " + $0.canonicalText } ?? ""))
            var group = GroupSyntax(keyword: keyword, name: name, access: access, scheme: scheme, comment: line.comment, errors: errors)
            group.alternatives = alternatives
            return .group(group)
        case "errors":
            cursor.index -= 1
            guard let errors = try errorsClause(&cursor) else { throw ParseFailure("'errors' needs a type", at: keyword.location) }
            try expectEnd(cursor, after: errors.canonicalText)
            return .errors(errors, comment: line.comment)
        case "server":
            return .server(try serverDeclaration(keyword: keyword, cursor: &cursor, comment: line.comment))
        case "auth":
            return .authScheme(try authScheme(keyword: keyword, cursor: &cursor, comment: line.comment))
        case "model", "enum", "patch", "union":
            do {
                return .typeDeclaration(try typeDeclaration(keyword: keyword, cursor: &cursor, comment: line.comment))
            } catch {
                var failure = error
                failure.isTypeLine = true
                throw failure
            }
        default:
            if line.tokens.count >= 3, line.tokens[1].kind == .word, line.tokens[2].kind == .path {
                var failure = ParseFailure(
                    "route '\(keyword.text)' must be indented under its group; indent it with two spaces",
                    at: keyword.location
                )
                failure.isRouteLine = true
                throw failure
            }
            let guess = Suggestion.closest(to: keyword.text, among: Self.declarationKeywords)
            throw ParseFailure(
                "unknown declaration '\(keyword.text)'; expected \(Self.declarationList)" + (guess.map { " (did you mean '\($0)'?)" } ?? ""),
                at: keyword.location,
                fixIt: guess
            )
        }
    }

    /// `errors Type` at the cursor, when the cursor stands on the word `errors`.
    func errorsClause(_ cursor: inout TokenCursor) throws(ParseFailure) -> ErrorsSyntax? {
        guard let keyword = cursor.current, keyword.isWord("errors") else { return nil }
        cursor.index += 1
        guard !cursor.isAtEnd, cursor.current?.kind == .word || cursor.current?.kind == .leftBracket else {
            throw ParseFailure("'errors' needs the type of the error body; write 'errors ProblemDetails'", at: cursor.currentLocation)
        }
        return ErrorsSyntax(keyword: keyword, type: try TypeParser.parse(&cursor))
    }

    /// `or name` after a scheme's name, as often as written: the schemes also accepted.
    func schemeAlternatives(_ cursor: inout TokenCursor) throws(ParseFailure) -> [SyntaxToken] {
        var alternatives: [SyntaxToken] = []
        while let or = cursor.current, or.isWord("or") {
            cursor.index += 1
            guard let name = cursor.current, name.kind == .word, !Self.wordsThatNameNoScheme.contains(name.text) else {
                throw ParseFailure("'or' needs the name of another scheme; write 'auth key or basic'", at: cursor.currentLocation)
            }
            cursor.index += 1
            alternatives.append(name)
        }
        return alternatives
    }

    /// `auth [name =] bearer|basic|header Name [prefix "text"]|query name`.
    func authScheme(keyword: SyntaxToken, cursor: inout TokenCursor, comment: SyntaxComment?) throws(ParseFailure) -> AuthSchemeSyntax {
        let forms = "'auth bearer', 'auth basic', 'auth header Name', 'auth query name' or 'auth name = bearer'"
        var name: SyntaxToken?
        if let first = cursor.current, first.kind == .word, cursor.peek(1)?.kind == .equals {
            name = first
            cursor.index += 2
        }
        guard let kind = cursor.current, kind.kind == .word else {
            throw ParseFailure("'auth' needs a scheme; write \(forms)", at: cursor.currentLocation)
        }
        cursor.index += 1
        guard AuthSchemeSyntax.kinds.contains(kind.text) else {
            let guess = Suggestion.closest(to: kind.text, among: AuthSchemeSyntax.kinds)
            throw ParseFailure(
                "unknown auth scheme '\(kind.text)'; expected 'bearer', 'basic', 'header Name' or 'query name'" + (guess.map { " (did you mean '\($0)'?)" } ?? ""),
                at: kind.location,
                fixIt: guess
            )
        }
        var argument: SyntaxToken?
        var prefix: SyntaxToken?
        switch kind.text {
        case "header":
            guard let header = cursor.take(.word) else {
                throw ParseFailure("'auth header' needs the header's name; write 'auth header X-Api-Key'", at: cursor.currentLocation)
            }
            argument = header
            if let word = cursor.current, word.isWord("prefix") {
                cursor.index += 1
                guard let text = cursor.current, text.kind == .string else {
                    throw ParseFailure("'prefix' needs the text in quotes; write 'prefix \"Token token=\"'", at: cursor.current?.location ?? word.location)
                }
                cursor.index += 1
                prefix = text
            }
        case "query":
            guard let item = cursor.take(.word) else {
                throw ParseFailure("'auth query' needs the query item's name; write 'auth query key'", at: cursor.currentLocation)
            }
            argument = item
        default:
            break
        }
        let syntax = AuthSchemeSyntax(keyword: keyword, name: name, kind: kind, argument: argument, prefix: prefix, comment: comment)
        try expectEnd(cursor, after: syntax.canonicalText)
        return syntax
    }

    /// The words that start a declaration line.
    static let declarationKeywords = ["api", "import", "external", "group", "model", "enum", "patch", "union"]
    /// They, as messages list them.
    static let declarationList = "'api', 'import', 'external', 'group', 'model', 'enum', 'patch' or 'union'"

    // MARK: Types

    func typeDeclaration(keyword: SyntaxToken, cursor: inout TokenCursor, comment: SyntaxComment?) throws(ParseFailure) -> TypeDeclarationSyntax {
        let kind = TypeDeclarationSyntax.Kind(rawValue: keyword.text)!
        let example = switch kind {
        case .model: "model Book"
        case .enumeration: "enum Genre"
        case .patch: "patch BookPatch of Book"
        case .union: "union Shape by kind"
        }
        guard let name = cursor.take(.word) else {
            throw ParseFailure("'\(keyword.text)' needs a name; write '\(example)'", at: cursor.currentLocation)
        }
        var declaration = TypeDeclarationSyntax(kind: kind, keyword: keyword, name: name, comment: comment)
        if kind == .model, let open = cursor.current, open.kind == .leftAngle, !open.isPrecededBySpace {
            cursor.index += 1
            repeat {
                guard let parameter = cursor.take(.word) else {
                    throw ParseFailure("expected a generic parameter name in 'model \(name.text)<...>', such as 'model Page<Item>'", at: cursor.currentLocation)
                }
                declaration.genericParameters.append(parameter)
            } while cursor.take(.comma) != nil
            guard cursor.take(.rightAngle) != nil else {
                throw ParseFailure("unclosed '<' in 'model \(name.text)<\(declaration.genericParameters.map(\.text).joined(separator: ", "))'; add '>'", at: open.location)
            }
        }
        switch kind {
        case .enumeration:
            if cursor.take(.colon) != nil {
                guard !cursor.isAtEnd else {
                    throw ParseFailure("'enum \(name.text):' needs a raw type; write 'enum \(name.text): Int'", at: cursor.currentLocation)
                }
                declaration.rawType = try TypeParser.parse(&cursor)
            }
        case .patch, .union:
            let word = kind == .patch ? "of" : "by"
            // A union's field may be quoted: `by "shape"` is a field, `by shape` the shape form.
            guard let subjectKeyword = cursor.current, subjectKeyword.isWord(word), let subject = cursor.peek(1),
                  subject.kind == .word || (kind == .union && subject.kind == .string) else {
                let what = kind == .patch ? "the model it patches" : "the field that tells its variants apart"
                throw ParseFailure("'\(keyword.text) \(name.text)' needs \(what); write '\(example)'", at: cursor.currentLocation)
            }
            cursor.index += 2
            declaration.subject = KeywordClause(keyword: subjectKeyword, name: subject)
        case .model:
            if let includes = cursor.current, includes.isWord("includes") {
                cursor.index += 1
                var types: [TypeSyntax] = []
                repeat {
                    guard !cursor.isAtEnd else {
                        throw ParseFailure("'includes' needs a model; write 'model \(name.text) includes Base'", at: cursor.currentLocation)
                    }
                    types.append(try TypeParser.parse(&cursor))
                } while cursor.take(.comma) != nil
                declaration.includes = IncludesClause(keyword: includes, types: types)
            }
        }
        while let flag = cursor.current {
            guard flag.kind == .word else {
                throw ParseFailure("unexpected '\(flag.text)' after '\(declaration.canonicalText)'", at: flag.location)
            }
            cursor.index += 1
            declaration.flags.append(flag)
        }
        return declaration
    }

    /// `name [as swiftName] [: Type] [= default] {flag}`.
    func member(_ line: Lexer.Line) throws(ParseFailure) -> MemberSyntax {
        var cursor = TokenCursor(line.tokens, endLocation: endLocation(of: line))
        guard let name = cursor.current, name.kind == .word || name.kind == .string else {
            throw ParseFailure(
                "expected a field, case or variant name, found '\(cursor.current?.text ?? "")'; write 'name: Type' in a model, 'name' in an enum",
                at: cursor.currentLocation
            )
        }
        cursor.index += 1
        var member = MemberSyntax(name: name, comment: line.comment, indentation: line.indentation)
        if let keyword = cursor.current, keyword.isWord("as") {
            guard let swiftName = cursor.peek(1), swiftName.kind == .word else {
                throw ParseFailure("'as' needs a Swift name; write '\(name.text) as swiftName'", at: keyword.location)
            }
            cursor.index += 2
            member.swiftName = KeywordClause(keyword: keyword, name: swiftName)
        }
        if let colon = cursor.take(.colon) {
            guard !cursor.isAtEnd, cursor.current?.kind != .equals else {
                throw ParseFailure("'\(name.text):' needs a type; write '\(name.text): Type'", at: colon.location)
            }
            member.type = try TypeParser.parse(&cursor)
        }
        if let equals = cursor.take(.equals) {
            member.defaultValue = try defaultValue(&cursor, after: equals, name: name.text)
        }
        while let flag = cursor.current {
            guard flag.kind == .word else {
                let hint = member.type == nil && flag.kind == .questionMark ? "; write the type after a colon: '\(name.text): Type?'" : ""
                throw ParseFailure("unexpected '\(flag.text)' in '\(name.text)'\(hint)", at: flag.location)
            }
            cursor.index += 1
            if ConstraintSyntax.keywords.contains(flag.text) {
                member.constraints.append(try constraint(flag, &cursor))
            } else {
                member.flags.append(flag)
            }
        }
        return member
    }

    /// The value after a constraint keyword (`max-length 100`, `pattern "^[a-z]+$"`).
    func constraint(_ keyword: SyntaxToken, _ cursor: inout TokenCursor) throws(ParseFailure) -> ConstraintSyntax {
        guard let value = cursor.current, value.kind == .word || value.kind == .string,
              !ConstraintSyntax.keywords.contains(value.text) else {
            let example = keyword.text == "pattern" ? "pattern \"^[a-z]+$\"" : keyword.text == "format" ? "format email" : keyword.text + " 1"
            throw ParseFailure("'\(keyword.text)' needs a value; write '\(example)'", at: cursor.currentLocation)
        }
        cursor.index += 1
        return ConstraintSyntax(keyword: keyword, value: value)
    }

    func defaultValue(_ cursor: inout TokenCursor, after equals: SyntaxToken, name: String) throws(ParseFailure) -> DefaultSyntax {
        guard let value = cursor.current else {
            throw ParseFailure("'\(name)' has '=' but no default value; write a value after '='", at: equals.location)
        }
        switch value.kind {
        case .word, .string:
            cursor.index += 1
            return .token(value)
        case .leftBracket:
            cursor.index += 1
            if cursor.take(.rightBracket) != nil { return .emptyArray(value.location) }
            if cursor.take(.colon) != nil, cursor.take(.rightBracket) != nil { return .emptyDictionary(value.location) }
            throw ParseFailure("a collection default must be empty: write '= []' or '= [:]'", at: value.location)
        default:
            throw ParseFailure("'\(name)' has '=' but no default value; write a value after '='", at: value.location)
        }
    }

    func expectEnd(_ cursor: TokenCursor, after written: String) throws(ParseFailure) {
        if let extra = cursor.current {
            throw ParseFailure("unexpected '\(extra.text)' after '\(written)'", at: extra.location)
        }
    }
}

extension Parser {
    /// The clauses from `cursor` to its end, for `SyntaxFragments`.
    func clauses(_ cursor: inout TokenCursor, routeName: String) throws(ParseFailure) -> [RouteClauseSyntax] {
        var clauses: [RouteClauseSyntax] = []
        var hasResponse = false
        try parseClauses(&cursor, routeName: routeName, into: &clauses, hasResponse: &hasResponse)
        return clauses
    }
}
