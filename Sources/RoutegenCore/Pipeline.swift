/// Lexes and parses a route file into its syntax tree. Syntax errors go to `diagnostics`;
/// the tree holds every line that parsed (broken lines are `.invalid`).
public func parse(source: String, path: String, diagnostics: any DiagnosticSink) -> SyntaxFile {
    parse(text: SourceText(source), path: path, diagnostics: diagnostics)
}

/// Parses a route file whose text is already indexed (the loader shares one `SourceText` with
/// the diagnostics printer and the lint rules).
public func parse(text source: SourceText, path: String, diagnostics: any DiagnosticSink) -> SyntaxFile {
    var parser = Parser(source: source, path: path, diagnostics: diagnostics)
    return parser.parseFile()
}

/// Checks a syntax tree and builds the model; nil when any problem is an error.
public func resolve(_ file: SyntaxFile, diagnostics: any DiagnosticSink) -> APIModel? {
    var resolver = Resolver(file: file, diagnostics: diagnostics)
    return resolver.resolve()
}

/// The front end in one call: lex, parse and resolve a route file into a checked model.
///
/// Every problem goes to `diagnostics`, syntax and meaning alike, so one run reports all of
/// a file's problems; the model is nil when any of them is an error, so nothing downstream
/// ever sees a file with errors.
public func loadAPI(source: String, path: String, diagnostics: any DiagnosticSink) -> APIModel? {
    loadAPI(text: SourceText(source), path: path, diagnostics: diagnostics)
}

/// `loadAPI(source:path:diagnostics:)` on a text already indexed.
public func loadAPI(text: SourceText, path: String, diagnostics: any DiagnosticSink) -> APIModel? {
    let counter = CountingSink(forwardingTo: diagnostics)
    let file = parse(text: text, path: path, diagnostics: counter)
    let model = resolve(file, diagnostics: counter)
    return !counter.counts.hasErrors ? model : nil
}

/// The canonical text of a route file (see `RouteFormatter`); nil when the file has syntax
/// errors, which go to `diagnostics`: a file that does not parse is never rewritten.
public func format(source: String, path: String, diagnostics: any DiagnosticSink) -> String? {
    format(text: SourceText(source), path: path, diagnostics: diagnostics)
}

/// `format(source:path:diagnostics:)` on a text already indexed.
public func format(text: SourceText, path: String, diagnostics: any DiagnosticSink) -> String? {
    let counter = CountingSink(forwardingTo: diagnostics)
    let file = parse(text: text, path: path, diagnostics: counter)
    return !counter.counts.hasErrors ? RouteFormatter().format(file) : nil
}
