import RoutegenCore
import RoutegenEmit
import RoutegenSamples

/// The part `generate` and `check` share: find and load the route files, emit every API,
/// and compare the result with the output folder. Prints diagnostics as it goes.
struct GenerateRun {
    /// The plan, and how many APIs went into it.
    struct Outcome {
        /// What differs between the emitted files and the folder.
        var plan: GeneratePlan
        /// The files emitted, in emission order.
        var files: [GeneratedFile]
    }

    /// The settings from the command line.
    var settings: GenerateSettings
    /// Where files are read.
    var context: CommandContext
    /// Where diagnostics go.
    var printer: DiagnosticPrinter

    /// Reads generate's arguments and runs: the start `generate` and `check` share. A usage
    /// error is printed with `command`'s usage, and nil returned.
    static func start(_ arguments: ParsedArguments, context: CommandContext, command: any Command) -> (run: GenerateRun, outcome: Outcome?)? {
        switch GenerateSettings.parse(arguments) {
        case .success(let settings):
            let run = GenerateRun(settings: settings, context: context, printer: DiagnosticPrinter(output: context.standardError))
            return (run, run.run())
        case .failure(let usage):
            context.standardError.write(HelpText.usageError(usage.text, command: command))
            return nil
        }
    }

    /// The artifacts `settings` ask for of one API, and the folders they fill.
    private func emit(_ model: APIModel, options: EmitOptions) -> (files: [GeneratedFile], folders: [String]) {
        var files: [GeneratedFile] = []
        var folders: [String] = []
        // Prepared once for the sources and the audit tests: each declared type's sample is made once.
        let prepared = PreparedAPI(api: model, options: options)
        if settings.artifacts.includesSources {
            files += APIEmitter(options: options).emit(prepared)
            folders.append(GeneratedLayout.sourcesFolder(api: model.name))
        }
        if settings.artifacts.includesPreview {
            files += APIEmitter(options: options).emitPreview(prepared)
            folders.append(GeneratedLayout.previewFolder(api: model.name))
        }
        if settings.artifacts.includesAuditTests {
            files += AuditTestsEmitter(options: options).emit(prepared)
            folders.append(GeneratedLayout.auditTestsFolder(api: model.name))
        }
        return (files, folders)
    }

    /// Loads and emits; nil (with errors printed, or with a note per route file under
    /// `--diagnostics deferred`) when any route file has an error, two files declare one API,
    /// or the folder cannot be read. Writes nothing.
    func run() -> Outcome? {
        let routeInputs = settings.inputs.filter { !DescriptionInput.isDescription($0) }
        let paths = routeInputs.isEmpty ? [] : RouteFileDiscovery.routeFiles(for: routeInputs, context: context, diagnostics: printer)
        let (loaded, deferredFiles) = loadRouteFiles(paths: paths)
        let (described, deferredDescriptions) = loadDescriptions(paths: settings.inputs.filter(DescriptionInput.isDescription))
        guard !printer.hasErrors, deferredFiles + deferredDescriptions == 0 else { return nil }
        let apis = loaded.compactMap(\.model).map { (model: $0, options: settings.emitOptions) } + described
        var files: [GeneratedFile] = []
        var ownedFolders: [String] = []
        var declaringPath: [String: String] = [:]
        for (model, options) in apis {
            if let earlier = declaringPath[model.name] {
                printer.emit(.error("api '\(model.name)' is declared in '\(earlier)' and '\(model.sourcePath)'; rename one", at: model.location))
                continue
            }
            declaringPath[model.name] = model.sourcePath
            let emitted = emit(model, options: options)
            files += settings.bundleCount.map { FolderBundling.bundle(emitted.files, count: $0, sourcePath: model.sourcePath) } ?? emitted.files
            ownedFolders += emitted.folders
        }
        let models = apis.map(\.model)
        guard !printer.hasErrors else { return nil }

        do {
            var staleFolderSuffixes: [String] = []
            if settings.artifacts.includesSources { staleFolderSuffixes.append(GeneratedLayout.sourcesFolder(api: "")) }
            if settings.artifacts.includesPreview { staleFolderSuffixes.append(GeneratedLayout.previewFolder(api: "")) }
            if settings.artifacts.includesAuditTests { staleFolderSuffixes.append(GeneratedLayout.auditTestsFolder(api: "")) }
            let plan = try GeneratePlan.make(
                files: files, ownedFolders: ownedFolders,
                regeneratedSourcePaths: Set(models.map(\.sourcePath)), staleFolderSuffixes: staleFolderSuffixes,
                outputFolder: settings.outputFolder, context: context
            )
            return Outcome(plan: plan, files: files)
        } catch {
            printer.emit(.error(error.description, at: nil))
            return nil
        }
    }
}
