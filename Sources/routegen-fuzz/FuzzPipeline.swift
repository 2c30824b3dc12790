import RoutegenCore
import RoutegenEmit
import RoutegenLint

/// The whole generator on one input: lex, parse, resolve, lint, emit, format, and render
/// every diagnostic with its caret. A crash, a hang or a broken invariant anywhere in it is
/// a bug; the fuzzer and the replayer both call this one function.
enum FuzzPipeline {
    static func run(_ bytes: UnsafeRawBufferPointer) {
        // The CLI refuses invalid UTF-8 before parsing; the parser still must not crash on the
        // replacement characters a lenient decoding gives, so both paths are fuzzed.
        let source = String(decoding: bytes, as: UTF8.self)
        let path = "fuzz.routes"

        let diagnostics = DiagnosticCollector()
        let syntax = parse(source: source, path: path, diagnostics: diagnostics)
        let model = resolve(syntax, diagnostics: diagnostics)

        var renderer = DiagnosticRenderer()
        renderer.addSource(source, path: path)
        for diagnostic in diagnostics.diagnostics {
            _ = renderer.render(diagnostic)
        }

        if let model, !diagnostics.hasErrors {
            _ = Linter().lint(model, source: source)
            let options = EmitOptions()
            _ = APIEmitter(options: options).emit(api: model)
            _ = AuditTestsEmitter(options: options).emit(api: model)
        }

        // The formatter's promise: formatting is idempotent.
        let formatDiagnostics = DiagnosticCollector()
        if let formatted = format(source: source, path: path, diagnostics: formatDiagnostics) {
            let again = format(source: formatted, path: path, diagnostics: DiagnosticCollector())
            if again != formatted {
                fatalError("format is not idempotent on this input")
            }
        }
    }
}
