import RoutegenCore

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
