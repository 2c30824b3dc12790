#if canImport(Glibc)
import Glibc
#endif
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

    /// Gives the pages freed so far back to the system (Linux: `malloc_trim`), after the front end
    /// and after emission. The syntax trees are many small allocations, freed all at once when the
    /// models are made; glibc keeps those pages, so without this a large API's emission starts on
    /// top of the whole front end's peak in resident memory, not of what is still alive.
    private static func returnFreedMemory() {
        #if canImport(Glibc)
        // `malloc.h` is not part of the Glibc module, so the function is looked up by name.
        typealias MallocTrim = @convention(c) (Int) -> Int32
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "malloc_trim") else { return }
        _ = unsafeBitCast(symbol, to: MallocTrim.self)(0)
        #endif
    }

    /// Makes every thread allocate from one malloc arena (Linux: `mallopt(M_ARENA_MAX, 1)`), after
    /// the front end and before emission. glibc gives each thread an arena of its own, and each
    /// keeps the garbage of its writers' doubling buffers and small strings apart: 4 to 5 MB more
    /// resident memory at the end of a 10,000-route emission. Not before: the front end's two
    /// cores parse and resolve in many small allocations, and behind one arena's lock they took
    /// turns (a 1,000-route generate 160 ms against 140 ms, interleaved runs).
    private static func shareOneMallocArena() {
        #if canImport(Glibc)
        typealias MallocOption = @convention(c) (Int32, Int32) -> Int32
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "mallopt") else { return }
        let arenaMaximum: Int32 = -8  // M_ARENA_MAX in malloc.h
        _ = unsafeBitCast(symbol, to: MallocOption.self)(arenaMaximum, 1)
        #endif
    }

    /// Loads and emits; nil (with errors printed, or with a note per route file under
    /// `--diagnostics deferred`) when any route file has an error, two files declare one API,
    /// or the folder cannot be read. Writes nothing.
    func run() -> Outcome? {
        let paths = RouteFileDiscovery.routeFiles(for: settings.inputs, context: context, diagnostics: printer)
        let (loaded, deferredFiles) = loadRouteFiles(paths: paths)
        guard !printer.hasErrors, deferredFiles == 0 else { return nil }
        Self.shareOneMallocArena()
        Self.returnFreedMemory()
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
            // One maker for the sources and the audit tests: each declared type's sample is made once.
            let samples = SampleMaker(api: model)
            if settings.artifacts.includesSources {
                files += APIEmitter(options: settings.emitOptions).emit(api: model, samples: samples)
                ownedFolders.append(GeneratedLayout.sourcesFolder(api: model.name))
                // The sources' writers grew their buffers by doubling: given back before the audit
                // tests, that garbage does not add to the emission's peak.
                Self.returnFreedMemory()
            }
            if settings.artifacts.includesAuditTests {
                files += AuditTestsEmitter(options: settings.emitOptions).emit(api: model, samples: samples)
                ownedFolders.append(GeneratedLayout.auditTestsFolder(api: model.name))
            }
        }
        guard !printer.hasErrors else { return nil }
        // The emitters' buffers are freed too; the plan and the writer start on what is left.
        Self.returnFreedMemory()

        do {
            var staleFolderSuffixes: [String] = []
            if settings.artifacts.includesSources { staleFolderSuffixes.append(GeneratedLayout.sourcesFolder(api: "")) }
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
