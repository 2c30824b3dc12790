import RoutegenCore
import RoutegenSamples

/// Emits every source file of one API: one file per group, the declared types, then the route
/// table; and, for the companion module `<Api>APIPreview`, each type's samples and the preview client.
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
    /// order, then the route table.
    public func emit(api: APIModel) -> [GeneratedFile] {
        emit(PreparedAPI(api: api, options: options))
    }

    /// `emit(api:)` on an API prepared once for this emitter and the audit tests.
    public func emit(_ prepared: PreparedAPI) -> [GeneratedFile] {
        let api = prepared.api
        let endpoints = EndpointsEmitter(options: options)
        let models = ModelsEmitter(options: options)
        let context = ModelContext(prepared, access: options.accessLevel.keyword)
        let groups = api.groups
        let modelFiles = models.fileContents(prepared)
        // The route table, the largest single file, starts first so it does not run alone at the end.
        let files = ConcurrentJobs.map(count: groups.count + modelFiles.count + 1) { index in
            if index == 0 { return RouteTableEmitter(options: options).emit(api: api) }
            if index < groups.count + 1 { return endpoints.emit(api: api, group: groups[index - 1], origins: prepared.origins) }
            let file = modelFiles[index - 1 - groups.count]
            return models.emit(file.types, path: file.path, context: context)
        }
        return Array(files.dropFirst()) + [files[0]]
    }

    /// The companion module's sources of `api` (`GeneratedLayout.previewFolder`), in a fixed order:
    /// the declared types' samples in file order, then the preview client. `samples` makes the
    /// served samples; pass the maker the audit tests get too, so each sample is made once per API.
    public func emitPreview(api: APIModel, samples: SampleMaker? = nil) -> [GeneratedFile] {
        emitPreview(PreparedAPI(api: api, options: options, samples: samples))
    }

    /// `emitPreview(api:samples:)` on an API prepared once for this emitter and the audit tests.
    public func emitPreview(_ prepared: PreparedAPI) -> [GeneratedFile] {
        let context = ModelContext(prepared, access: options.accessLevel.keyword, previewSamples: true)
        let samplesFiles = ModelsEmitter(options: options).fileContents(prepared)
        let writer = SamplesFileEmitter(context: context, options: options)
        // The preview client, the largest single file, starts first so it does not run alone at the end.
        let files = ConcurrentJobs.map(count: samplesFiles.count + 1) { index in
            if index == 0 { return PreviewClientEmitter(options: options).emit(api: prepared.api, samples: prepared.samples) }
            let file = samplesFiles[index - 1]
            return writer.emit(file.types, path: file.samplesPath)
        }
        return Array(files.dropFirst()) + [files[0]]
    }
}
