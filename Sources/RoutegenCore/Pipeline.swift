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

/// `parse(text:path:diagnostics:)` in one pass, or in halves whatever the file's size (cut at the
/// first fresh start from the middle; one pass when there is none): for the fuzzer, which checks
/// that both give the same tree and diagnostics.
package func parse(text source: SourceText, path: String, diagnostics: any DiagnosticSink, inHalves: Bool) -> SyntaxFile {
    var parser = Parser(source: source, path: path, diagnostics: diagnostics)
    return parser.parseFile(cutAt: inHalves ? parser.firstFreshStart(from: Lexer(source: source, path: path).lineCount / 2) : nil)
}

/// Checks a syntax tree and builds the model; nil when any problem is an error.
public func resolve(_ file: SyntaxFile, diagnostics: any DiagnosticSink) -> APIModel? {
    var resolver = Resolver(file: file, diagnostics: diagnostics)
    return resolver.resolve()
}

/// `resolve(_:diagnostics:)` with `sideJob` run beside the resolver's own jobs, sharing the
/// cores with them: for a caller with other work on the same tree (the import formats the text
/// it checks). The side job must share nothing mutable with the resolver.
package func resolve(_ file: SyntaxFile, diagnostics: any DiagnosticSink, alongside sideJob: () -> Void) -> APIModel? {
    withoutActuallyEscaping(sideJob) { sideJob in
        var resolver = Resolver(file: file, diagnostics: diagnostics)
        return resolver.resolve(alongside: sideJob)
    }
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

/// `loadAPI(text:path:diagnostics:)` for a caller that has no more use for the text, and the
/// syntax tree the model was built from.
///
/// The text is freed once parsed, before the resolver builds the model beside the syntax: its
/// scalars are four bytes a character (8 MB for a 10,000-route file), a tenth of a large file's
/// peak memory. The tree is handed back rather than freed, for a caller with other work to do
/// beside the freeing: a 10,000-route file's tree is a million small blocks, 26 ms to free on one core.
public func loadAPIHandingBackSyntax(consumingText text: consuming SourceText, path: String, diagnostics: any DiagnosticSink) -> (model: APIModel?, syntax: SyntaxFile) {
    let counter = CountingSink(forwardingTo: diagnostics)
    let file = parse(text: text, path: path, diagnostics: counter)
    _ = consume text
    let model = resolve(file, diagnostics: counter)
    return (!counter.counts.hasErrors ? model : nil, file)
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
