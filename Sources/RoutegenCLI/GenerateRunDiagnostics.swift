import RoutegenCore
import RoutegenEmit

extension GenerateRun {
    /// Loads the route files at `paths`, reporting their diagnostics as `settings.diagnostics`
    /// says: every one in full, or (deferred) one note per file with errors, which are then
    /// counted in `deferredFiles` instead of the printer's errors: held in a collector, never printed.
    func loadRouteFiles(paths: [String]) -> (files: [LoadedRouteFile], deferredFiles: Int) {
        switch settings.diagnostics {
        case .full:
            return (RouteFileLoader.load(paths: paths, context: context, sink: printer), 0)
        case .deferred:
            var files: [LoadedRouteFile] = []
            var deferredFiles = 0
            for path in paths {
                let held = DiagnosticCollector()
                files += RouteFileLoader.load(paths: [path], context: context, sink: held)
                if held.hasErrors {
                    printer.emit(Self.deferredNote(path: path, errorCount: held.counts.errors, artifacts: settings.artifacts))
                    deferredFiles += 1
                }
            }
            return (files, deferredFiles)
        }
    }

    /// Imports the descriptions at `paths` (with their configurations and overlays), each as
    /// the API model and emit options of its route text; diagnostics as for route files, at the
    /// description's, configuration's and overlays' lines.
    func loadDescriptions(paths: [String]) -> (apis: [(model: APIModel, options: EmitOptions)], deferredFiles: Int) {
        var apis: [(model: APIModel, options: EmitOptions)] = []
        var deferredFiles = 0
        for path in paths {
            let input = DescriptionInput(path: path, configurationPath: settings.configurationPath, overlayPaths: settings.overlayPaths, context: context)
            let held = settings.diagnostics == .deferred ? DiagnosticPrinter(output: StringOutputSink()) : printer
            let errorsBefore = held.counts.errors
            guard let (imported, configuration) = input.importRouteFile(apiName: settings.apiName, context: context, printer: held) else {
                if settings.diagnostics == .deferred {
                    printer.emit(Self.deferredNote(path: path, errorCount: held.counts.errors - errorsBefore, artifacts: settings.artifacts))
                    deferredFiles += 1
                }
                continue
            }
            // The importer checked the route text; a problem here is the importer's, named as such.
            let check = DiagnosticCollector()
            guard let model = RouteFileLoader.load(source: imported.text, path: path, sink: check) else {
                printer.emit(.error("the route file imported from '\(path)' does not check (\(check.sorted.first?.message ?? "no message")); run 'routegen import \(path)' and report the route file", at: nil))
                continue
            }
            var options = settings.emitOptions
            options.mapsRouteLines = false
            if !settings.accessGiven, let access = configuration.access.flatMap({ AccessLevel(rawValue: $0.text) }) {
                options.accessLevel = access
            }
            apis.append((model, options))
        }
        return (apis, deferredFiles)
    }

    /// `note: 'Specs/Library.routes' has 3 errors, listed by the build of its endpoints; no
    /// route-audit tests generated` (`no samples or preview client generated` for the companion):
    /// no location, so a build system that turns `path:line:column: error:` lines into issues does
    /// not list the errors a second time, and a note, since this run does not fail for them.
    static func deferredNote(path: String, errorCount: Int, artifacts: GenerateSettings.Artifacts) -> Diagnostic {
        let skipped = artifacts == .previewOnly ? "no samples or preview client generated" : "no route-audit tests generated"
        let message = "'\(path)' has \(errorCount) error\(errorCount == 1 ? "" : "s"), listed by the build of its endpoints; " + skipped
        return Diagnostic(severity: .note, message: message, location: nil)
    }
}
