import RoutegenCore
import RoutegenEmit
import Testing

/// Runs small route files through the real front end and the emitters.
enum SpecSnippets {
    /// The path every snippet claims to come from.
    static let path = "Specs/Test.routes"

    /// The checked model of `source`; records an issue and returns nil when it has errors.
    static func model(_ source: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) -> APIModel? {
        let diagnostics = DiagnosticCollector()
        let model = loadAPI(source: source, path: path, diagnostics: diagnostics)
        let errors = diagnostics.diagnostics.filter { $0.severity == .error }.map(\.message)
        #expect(errors == [], sourceLocation: sourceLocation)
        return model
    }

    /// The `<Group>Endpoints` enum of the first group of `source`.
    static func endpoints(_ source: String, options: EmitOptions = EmitOptions(), sourceLocation: Testing.SourceLocation = #_sourceLocation) -> String {
        guard let model = model(source, sourceLocation: sourceLocation), let group = model.groups.first else { return "" }
        var writer = SwiftWriter()
        EndpointsEmitter(options: options).write(group: group, api: model, into: &writer)
        return writer.output
    }

    /// The repository protocol, short calls and remote struct of the first group of `source`.
    static func repository(_ source: String, options: EmitOptions = EmitOptions(), sourceLocation: Testing.SourceLocation = #_sourceLocation) -> String {
        guard let model = model(source, sourceLocation: sourceLocation), let group = model.groups.first else { return "" }
        var writer = SwiftWriter()
        RepositoryEmitter(options: options).write(group: group, sourcePath: model.sourcePath, into: &writer)
        return writer.output
    }

    /// Every file `APIEmitter` writes for `source` into the API module.
    static func files(_ source: String, options: EmitOptions = EmitOptions(), sourceLocation: Testing.SourceLocation = #_sourceLocation) -> [GeneratedFile] {
        guard let model = model(source, sourceLocation: sourceLocation) else { return [] }
        return APIEmitter(options: options).emit(api: model)
    }

    /// Every file `APIEmitter` writes for `source` into the companion module `<Api>APIPreview`.
    static func previewFiles(_ source: String, options: EmitOptions = EmitOptions(), sourceLocation: Testing.SourceLocation = #_sourceLocation) -> [GeneratedFile] {
        guard let model = model(source, sourceLocation: sourceLocation) else { return [] }
        return APIEmitter(options: options).emitPreview(api: model)
    }
}
