import RoutegenCore
import RoutegenEmit
import RoutegenLint

/// The whole generator on one input: lex, parse, resolve, lint, emit, format, and render
/// every diagnostic with its caret. A crash, a hang or a broken invariant anywhere in it is
/// a bug; the fuzzer and the replayer both call this one function.
enum FuzzPipeline {
    /// What one input did, for the replayer's counts.
    enum Outcome {
        /// The front end refused it.
        case rejected
        /// It loaded and was emitted.
        case generated
    }

    @discardableResult
    static func run(_ bytes: UnsafeRawBufferPointer) -> Outcome {
        // The CLI refuses invalid UTF-8 before parsing; the parser still must not crash on the
        // replacement characters a lenient decoding gives, so both paths are fuzzed.
        run(source: String(decoding: bytes, as: UTF8.self))
    }

    @discardableResult
    static func run(source: String) -> Outcome {
        let path = "fuzz.routes"

        let diagnostics = DiagnosticCollector()
        let syntax = parse(source: source, path: path, diagnostics: diagnostics)
        let model = resolve(syntax, diagnostics: diagnostics)

        var renderer = DiagnosticRenderer()
        renderer.addSource(source, path: path)
        for diagnostic in diagnostics.diagnostics {
            _ = renderer.render(diagnostic)
        }

        var loaded: APIModel?
        if let model, !diagnostics.hasErrors {
            loaded = model
            _ = Linter().lint(model, source: source)
            let options = EmitOptions()
            _ = APIEmitter(options: options).emit(api: model)
            _ = AuditTestsEmitter(options: options).emit(api: model)
        }

        // The formatter's promises: formatting is idempotent, and a file that loads formats
        // into one that loads into the same model (types and routes; only locations move).
        let formatDiagnostics = DiagnosticCollector()
        if let formatted = format(source: source, path: path, diagnostics: formatDiagnostics) {
            let again = format(source: formatted, path: path, diagnostics: DiagnosticCollector())
            if again != formatted {
                fatalError("format is not idempotent on this input")
            }
            if let loaded {
                guard let reloaded = loadAPI(source: formatted, path: path, diagnostics: DiagnosticCollector()) else {
                    fatalError("the formatted file does not load, though the input did")
                }
                if ModelFingerprint(loaded) != ModelFingerprint(reloaded) {
                    fatalError("formatting changed the model")
                }
            }
        }
        return loaded == nil ? .rejected : .generated
    }
}

/// What formatting must keep of a model: the declared types with every source location
/// blanked, and the route table (which names no line).
struct ModelFingerprint: Equatable {
    let name: String
    let types: [TypeDeclaration]
    let routeTable: String

    init(_ api: APIModel) {
        name = api.name
        types = api.types.map(Self.withoutLocations)
        routeTable = RouteTableEmitter().emit(api: api).contents
    }

    private static let nowhere = SourceLocation(file: "", line: 0, column: 0)

    private static func withoutLocations(_ type: TypeDeclaration) -> TypeDeclaration {
        var type = type
        type.location = nowhere
        switch type.kind {
        case .model(var shape):
            shape.fields = shape.fields.map(withoutLocation)
            type.kind = .model(shape)
        case .patch(var shape):
            shape.fields = shape.fields.map(withoutLocation)
            type.kind = .patch(shape)
        case .enumeration(var shape):
            for index in shape.cases.indices { shape.cases[index].location = nowhere }
            type.kind = .enumeration(shape)
        case .union(var shape):
            for index in shape.variants.indices { shape.variants[index].location = nowhere }
            type.kind = .union(shape)
        }
        return type
    }

    private static func withoutLocation(_ field: Field) -> Field {
        var field = field
        field.location = nowhere
        return field
    }
}
