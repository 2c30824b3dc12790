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

/// Reads route files and runs a front-end stage on each, sending its diagnostics to one sink
/// in file, line and column order: the one way every command turns paths into models (or, for
/// `format`, into formatted text).
public enum RouteFileLoader {
    /// Reads, parses and validates each file of `paths`; `additionalChecks` runs on every valid
    /// model with the file's text (lint rules), and its findings are sorted in with the file's
    /// other diagnostics.
    public static func load(
        paths: [String],
        context: CommandContext,
        sink: any DiagnosticSink,
        additionalChecks: (APIModel, SourceText, any DiagnosticSink) -> Void
    ) -> [LoadedRouteFile] {
        paths.map { path in
            guard let source = read(path, context: context, sink: sink) else {
                return LoadedRouteFile(path: path, source: "", model: nil)
            }
            let model = load(source: source, path: path, sink: sink, additionalChecks: additionalChecks)
            return LoadedRouteFile(path: path, source: source, model: model)
        }
    }

    /// Reads, parses and validates each file of `paths`.
    public static func load(paths: [String], context: CommandContext, sink: any DiagnosticSink) -> [LoadedRouteFile] {
        load(paths: paths, context: context, sink: sink) { _, _, _ in }
    }

    /// Parses and validates one route file's text.
    public static func load(source: String, path: String, sink: any DiagnosticSink) -> APIModel? {
        load(source: source, path: path, sink: sink) { _, _, _ in }
    }

    /// Parses and validates a text that did not come from a file of the working tree (`diff --base`).
    public static func load(
        source: String,
        path: String,
        sink: any DiagnosticSink,
        additionalChecks: (APIModel, SourceText, any DiagnosticSink) -> Void
    ) -> APIModel? {
        run(source: source, path: path, sink: sink) { text, collector in
            let model = loadAPI(text: text, path: path, diagnostics: collector)
            if let model { additionalChecks(model, text, collector) }
            return collector.hasErrors ? nil : model
        }
    }

    /// Reads `path` as a route file; a file that cannot be read is an error sent to `sink`.
    public static func read(_ path: String, context: CommandContext, sink: any DiagnosticSink) -> String? {
        do {
            return try context.readRouteFile(atPath: path)
        } catch {
            sink.emit(error.diagnostic)
            return nil
        }
    }

    /// Runs `stage` on one file's text, indexed once, with a collector, then sends what it
    /// reported to `sink` sorted, after making the text known to it.
    public static func run<Result>(source: String, path: String, sink: any DiagnosticSink, stage: (SourceText, DiagnosticCollector) -> Result) -> Result {
        let text = SourceText(source)
        sink.addSource(text, path: path)
        let collector = DiagnosticCollector()
        let result = stage(text, collector)
        sink.emit(contentsOf: collector.sorted)
        return result
    }
}
