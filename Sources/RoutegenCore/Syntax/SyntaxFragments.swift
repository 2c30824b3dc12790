/// Syntax read from a fragment of route text (a type, a few clauses) rather than a whole file,
/// for a program that builds a file's syntax from parts and holds some of them as text, as the
/// OpenAPI importer holds type names. Every token stands on `line` of `path`, columns counted
/// from the fragment's start, so a later check's diagnostic names the line the part belongs to.
package enum SyntaxFragments {
    /// The type `text` spells (`[String: Int]?`, `ID<Book>`); nil when it is not one type.
    package static func type(_ text: String, path: String, line: Int) -> TypeSyntax? {
        var cursor = tokens(of: text, path: path, line: line)
        guard let type = try? TypeParser.parse(&cursor), cursor.isAtEnd else { return nil }
        return type
    }

    /// The route clauses `text` holds (`paginate next -> ?cursor each data`), in written order;
    /// nil, its problem reported to `diagnostics`, when it does not hold clauses only.
    package static func clauses(_ text: String, path: String, line: Int, routeName: String, diagnostics: any DiagnosticSink) -> [RouteClauseSyntax]? {
        let parser = Parser(source: SourceText(text), path: path, diagnostics: diagnostics)
        var cursor = tokens(of: text, path: path, line: line)
        do {
            return try parser.clauses(&cursor, routeName: routeName)
        } catch {
            diagnostics.emit(error.diagnostic)
            return nil
        }
    }

    /// The tokens of a one-line fragment; a fragment that does not lex yields the tokens before
    /// the problem, which its parse then rejects.
    private static func tokens(of text: String, path: String, line: Int) -> TokenCursor {
        let source = SourceText(text)
        let lexer = Lexer(source: source, path: path)
        var slashes: [Lexer.PathSlashes] = []
        let lexed = lexer.tokenize(0..<source.scalars.count, lineStart: 0, lineNumber: line, pathSlashes: &slashes)
        let end = SourceLocation(file: path, line: line, column: source.scalars.count + 1)
        // A fragment with a problem gets an unclosed marker token, so no parse accepts it.
        let tokens = lexed.error == nil && lexed.comment == nil ? lexed.tokens : lexed.tokens + [SyntaxToken(kind: .unexpected, text: "", location: end, isPrecededBySpace: true)]
        return TokenCursor(tokens, endLocation: end)
    }
}
