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

    /// Loads and emits; nil (with errors printed, or with a note per route file under
    /// `--diagnostics deferred`) when any route file has an error, two files declare one API,
    /// or the folder cannot be read. Writes nothing.
    func run() -> Outcome? {
        let paths = RouteFileDiscovery.routeFiles(for: settings.inputs, context: context, diagnostics: printer)
        let (loaded, deferredFiles) = loadRouteFiles(paths: paths)
        guard !printer.hasErrors, deferredFiles == 0 else { return nil }
        let models = loaded.compactMap(\.model)
        var files: [GeneratedFile] = []
        var ownedFolders: [String] = []
        var declaringPath: [String: String] = [:]
        for model in models {
            if let earlier = declaringPath[model.name] {
                printer.emit(.error("api '\(model.name)' is declared in '\(earlier)' and '\(model.sourcePath)'; rename one", at: model.location))
                continue
            }
            declaringPath[model.name] = model.sourcePath
            // Prepared once for the sources and the audit tests: each declared type's sample is made once.
            let prepared = PreparedAPI(api: model, options: settings.emitOptions)
            if settings.artifacts.includesSources {
                files += APIEmitter(options: settings.emitOptions).emit(prepared)
                ownedFolders.append(GeneratedLayout.sourcesFolder(api: model.name))
            }
            if settings.artifacts.includesPreview {
                files += APIEmitter(options: settings.emitOptions).emitPreview(prepared)
                ownedFolders.append(GeneratedLayout.previewFolder(api: model.name))
            }
            if settings.artifacts.includesAuditTests {
                files += AuditTestsEmitter(options: settings.emitOptions).emit(prepared)
                ownedFolders.append(GeneratedLayout.auditTestsFolder(api: model.name))
            }
        }
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
