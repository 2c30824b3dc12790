import RoutegenCore
import RoutegenSamples

/// Emits every source file of one API: one file per group, the declared types, the preview
/// client, then the route table.
///
/// The route-audit tests come from `AuditTestsEmitter`, which the CLI runs alongside.
public struct APIEmitter: Sendable {
    /// The options that shape the text.
    public var options: EmitOptions

    /// Creates an emitter.
    public init(options: EmitOptions = EmitOptions()) {
        self.options = options
    }

    /// The sources of `api`, in a fixed order: groups in file order, declared types in file
    /// order, the preview client, then the route table. `samples` makes the served samples; pass
    /// the maker the audit tests get too, so each sample is made once per API.
    public func emit(api: APIModel, samples: SampleMaker? = nil) -> [GeneratedFile] {
        emit(PreparedAPI(api: api, options: options, samples: samples))
    }

    /// `emit(api:samples:)` on an API prepared once for this emitter and the audit tests.
    public func emit(_ prepared: PreparedAPI) -> [GeneratedFile] {
        let api = prepared.api
        let endpoints = EndpointsEmitter(options: options)
        let models = ModelsEmitter(options: options)
        let samples = prepared.samples
        let context = ModelContext(prepared, access: options.accessLevel.keyword, previewSamples: true)
        let groups = api.groups
        let modelFiles = models.fileContents(prepared)
        // The route table and the preview client, the largest single files, start first so they
        // do not run alone at the end.
        let files = ConcurrentJobs.map(count: groups.count + modelFiles.count + 2) { index in
            if index == 0 { return RouteTableEmitter(options: options).emit(api: api) }
            if index == 1 { return PreviewClientEmitter(options: options).emit(api: api, samples: samples) }
            if index < groups.count + 2 { return endpoints.emit(api: api, group: groups[index - 2]) }
            let file = modelFiles[index - 2 - groups.count]
            return models.emit(file.types, path: file.path, context: context)
        }
        return Array(files.dropFirst(2)) + [files[1], files[0]]
    }
}
