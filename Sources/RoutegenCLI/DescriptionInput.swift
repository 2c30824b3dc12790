import RoutegenCore
import RoutegenOpenAPI

/// An OpenAPI description given to `generate` or `import`, with what shapes its import: the
/// configuration (`routegen.json`, or swift-openapi-generator's `openapi-generator-config.yaml`)
/// and the overlays, each named on the command line or, when none is, found beside the
/// description under the names the build plugin uses.
struct DescriptionInput {
    /// The extensions of a description, without the dot.
    static let fileExtensions = ["yaml", "yml", "json"]

    /// The options `generate` and `import` accept for a description.
    static let options: [OptionDeclaration] = [
        .value("config", valueName: "file", help: "The import's configuration (filter, renames, types): routegen.json or openapi-generator-config.yaml (default: the one beside the description)."),
        .value("overlay", valueName: "file", help: "An OpenAPI Overlay applied before the import; repeat for several, applied in order (default: openapi.overlay.yaml, .yml or .json beside the description)."),
    ]

    /// The description's path as given.
    var path: String
    /// The configuration file's path, if any.
    var configurationPath: String?
    /// The overlays' paths, in the order applied.
    var overlayPaths: [String]

    /// Whether `path` names a description rather than a route file.
    static func isDescription(_ path: String) -> Bool {
        guard let dot = path.lastIndex(of: "."), !path[dot...].contains("/") else { return false }
        return fileExtensions.contains(String(path[path.index(after: dot)...]).lowercased())
    }

    /// The description at `path` with the configuration and overlays named, or else the ones
    /// beside it.
    init(path: String, configurationPath: String?, overlayPaths: [String], context: CommandContext) {
        self.path = path
        let folder = path.contains("/") ? String(path[..<path.lastIndex(of: "/")!]) : ""
        func beside(_ name: String) -> String? {
            let candidate = folder.isEmpty ? name : PathNormalizer.joined(folder, name)
            return context.fileSystem.fileExists(atPath: context.resolvedPath(candidate)) ? candidate : nil
        }
        self.configurationPath = configurationPath
            ?? ([ImportConfiguration.fileName] + ImportConfiguration.generatorConfigFileNames).lazy.compactMap(beside).first
        self.overlayPaths = overlayPaths.isEmpty ? OverlayFile.pluginFileNames.compactMap(beside).prefix(1).map { $0 } : overlayPaths
    }

    /// The description at `path` with the `--config` and `--overlay` files of `arguments`.
    init(path: String, arguments: ParsedArguments, context: CommandContext) {
        self.init(path: path, configurationPath: arguments.value("config"), overlayPaths: arguments.values["overlay"] ?? [], context: context)
    }

    /// Reads, configures, overlays and imports the description, printing every diagnostic at
    /// its file's line with the line shown; nil when there is an error. `apiName` is `--api`.
    func importRouteFile(apiName: String?, context: CommandContext, printer: DiagnosticPrinter) -> (imported: ImportedRouteFile, configuration: ImportConfiguration)? {
        let limits = DocumentLimits.standard
        guard let bytes = read(path, limits: limits, context: context, printer: printer) else { return nil }
        var configuration = ImportConfiguration()
        if let configurationPath {
            guard let configurationBytes = read(configurationPath, limits: limits, context: context, printer: printer) else { return nil }
            let collector = DiagnosticCollector()
            let read = ImportConfiguration.read(configurationBytes, path: configurationPath, diagnostics: collector)
            Self.print(collector, sources: [(configurationPath, configurationBytes)], to: printer)
            guard let read else { return nil }
            configuration = read
        }
        var overlays: [OverlayFile] = []
        for overlayPath in overlayPaths {
            guard let overlayBytes = read(overlayPath, limits: limits, context: context, printer: printer) else { return nil }
            overlays.append(OverlayFile(path: overlayPath, bytes: overlayBytes))
        }
        let collector = DiagnosticCollector()
        let importer = OpenAPIImporter(path: path, apiName: apiName, limits: limits, configuration: configuration, overlays: overlays)
        let imported = importer.importDescription(bytes, diagnostics: collector)
        Self.print(collector, sources: [(path, bytes)] + overlays.map { ($0.path, $0.bytes) }, to: printer)
        guard let imported, !collector.counts.hasErrors else { return nil }
        return (imported, configuration)
    }

    /// The bytes of `path`; nil, with an error printed, when it cannot be read or is too large.
    private func read(_ path: String, limits: DocumentLimits, context: CommandContext, printer: DiagnosticPrinter) -> [UInt8]? {
        let resolved = context.resolvedPath(path)
        if let size = context.fileSystem.fileSize(atPath: resolved), size > limits.maximumBytes {
            printer.emit(.error("'\(path)' is \(size) bytes, over the \(limits.maximumBytesDescription) that are read", at: nil))
            return nil
        }
        do {
            return try context.fileSystem.readFile(atPath: resolved)
        } catch {
            printer.emit(.error("'\(path)': \(error.reason)", at: nil))
            return nil
        }
    }

    /// Prints what `collector` holds in file, line and column order; the files' lines are
    /// indexed for the carets only when there is a diagnostic to show.
    private static func print(_ collector: DiagnosticCollector, sources: [(path: String, bytes: [UInt8])], to printer: DiagnosticPrinter) {
        guard !collector.diagnostics.isEmpty else { return }
        for source in sources { printer.addSource(utf8: source.bytes, path: source.path) }
        printer.emit(contentsOf: collector.sorted)
    }
}
