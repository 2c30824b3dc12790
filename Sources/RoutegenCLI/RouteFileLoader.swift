import RoutegenCore

/// A route file after reading and checking it.
public struct LoadedRouteFile {
    /// The path as the user wrote it (or as discovery built it from a folder).
    public var path: String
    /// The file's text; empty when it could not be read.
    public var source: String
    /// The checked model; nil when the file could not be read or had errors.
    public var model: APIModel?
}

/// Reads, parses and validates route files, printing their diagnostics in file, line and
/// column order. The one way commands turn paths into models.
public enum RouteFileLoader {
    /// Loads each file of `paths`; `additionalChecks` runs on every valid model with the
    /// file's text (lint rules) and its findings are printed with the file's other diagnostics.
    public static func load(
        paths: [String],
        context: CommandContext,
        printer: DiagnosticPrinter,
        additionalChecks: (APIModel, String, any DiagnosticSink) -> Void = { _, _, _ in }
    ) -> [LoadedRouteFile] {
        var loaded: [LoadedRouteFile] = []
        for path in paths {
            let source: String
            do {
                source = try context.readRouteFile(atPath: path)
            } catch {
                printer.print([error.diagnostic])
                loaded.append(LoadedRouteFile(path: path, source: "", model: nil))
                continue
            }
            printer.addSource(source, path: path)
            let collector = DiagnosticCollector()
            let model = loadAPI(source: source, path: path, diagnostics: collector)
            if let model {
                additionalChecks(model, source, collector)
            }
            printer.print(collector.sorted)
            loaded.append(LoadedRouteFile(path: path, source: source, model: collector.hasErrors ? nil : model))
        }
        return loaded
    }
}
