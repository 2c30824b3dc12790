/// `server NAME URL` lines, their indented variable lines, and a route's `server NAME` clause.
extension Parser {
    /// `server NAME URL`, the cursor after the keyword. The URL is every token from the third on
    /// that touches the one before it (the lexer splits `https://a.example/{v}` into a word, a
    /// colon and a path), joined back into one token.
    func serverDeclaration(keyword: SyntaxToken, cursor: inout TokenCursor, comment: SyntaxComment?) throws(ParseFailure) -> ServerSyntax {
        let example = "server production https://api.example.com/v1"
        guard let name = cursor.take(.word) else {
            throw ParseFailure("'server' needs a name and a URL; write '\(example)'", at: cursor.currentLocation)
        }
        guard let first = cursor.current else {
            throw ParseFailure("server '\(name.text)' needs its URL; write 'server \(name.text) https://api.example.com/v1'", at: cursor.currentLocation)
        }
        if first.kind == .string {
            throw ParseFailure("write the URL of server '\(name.text)' without quotes: 'server \(name.text) https://api.example.com/v1'", at: first.location)
        }
        cursor.index += 1
        var text = first.text
        while let next = cursor.current, !next.isPrecededBySpace {
            text += next.text
            cursor.index += 1
        }
        let url = SyntaxToken(kind: .word, text: text, location: first.location, isPrecededBySpace: true)
        let syntax = ServerSyntax(keyword: keyword, name: name, url: url, comment: comment)
        try expectEnd(cursor, after: syntax.canonicalText)
        return syntax
    }

    /// An indented line under a `server` line: one of its variables.
    mutating func parseServerVariable(_ line: Lexer.Line) {
        openRoute = nil
        if let error = line.error {
            diagnostics.emit(error)
            items.append(.invalid(line: line.number, isIndented: true))
            return
        }
        do {
            items.append(.serverVariable(try serverVariable(line)))
        } catch {
            report(error)
            items.append(.invalid(line: line.number, isIndented: true))
        }
    }

    /// `name = "default" [in "a", "b", ...]`.
    func serverVariable(_ line: Lexer.Line) throws(ParseFailure) -> ServerVariableSyntax {
        var cursor = TokenCursor(line.tokens, endLocation: endLocation(of: line))
        guard let name = cursor.take(.word) else {
            throw ParseFailure(
                "expected a server variable, found '\(cursor.current?.text ?? "")'; write 'name = \"default\"' under the server line, or start a declaration in column 1",
                at: cursor.currentLocation
            )
        }
        guard let equals = cursor.take(.equals) else {
            throw ParseFailure("server variable '\(name.text)' needs a default value; write '\(name.text) = \"value\"'", at: cursor.currentLocation)
        }
        guard let value = cursor.take(.string) else {
            throw ParseFailure("the default of server variable '\(name.text)' is text in quotes; write '\(name.text) = \"value\"'", at: cursor.current?.location ?? equals.location)
        }
        var variable = ServerVariableSyntax(name: name, defaultValue: value, comment: line.comment)
        if let keyword = cursor.current, keyword.isWord("in") {
            cursor.index += 1
            variable.inKeyword = keyword
            repeat {
                guard let allowed = cursor.take(.string) else {
                    throw ParseFailure("'in' needs the allowed values in quotes, separated by commas; write 'in \"us\", \"eu\"'", at: cursor.currentLocation)
                }
                variable.allowedValues.append(allowed)
            } while cursor.take(.comma) != nil
        }
        try expectEnd(cursor, after: name.text + " " + variable.canonicalValueText)
        return variable
    }

    /// `server NAME` on a route: the route is sent to that declared server instead of the base URL.
    func serverClause(_ cursor: inout TokenCursor, keyword: SyntaxToken) throws(ParseFailure) -> RouteClauseSyntax {
        cursor.index += 1
        guard let name = cursor.take(.word) else {
            throw ParseFailure("'server' needs the name of a server the API declares; write 'server uploads'", at: cursor.currentLocation)
        }
        return .server(keyword: keyword, name: name)
    }
}
