import RoutegenCore

/// Emits every source file of one API: one file per group, then the route table.
///
/// The route-audit tests come from `AuditTestsEmitter`, which the CLI runs alongside.
public struct APIEmitter: Sendable {
    /// The options that shape the text.
    public var options: EmitOptions

    /// Creates an emitter.
    public init(options: EmitOptions = EmitOptions()) {
        self.options = options
    }

    /// The sources of `api`, in a fixed order: groups in file order, then the route table.
    public func emit(api: APIModel) -> [GeneratedFile] {
        let endpoints = EndpointsEmitter(options: options)
        let groups = api.groups
        // The route table, the largest single file, starts first so it does not run alone at the end.
        let files = ConcurrentJobs.map(count: groups.count + 1) { index in
            index == 0
                ? RouteTableEmitter(options: options).emit(api: api)
                : endpoints.emit(api: api, group: groups[index - 1])
        }
        return Array(files.dropFirst()) + [files[0]]
    }
}
