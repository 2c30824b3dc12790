import RoutegenCore
import RoutegenOpenAPI
import RoutegenYAML

/// `routegen export <file> [--format json|yaml] [-o file] [--force] [--without-source]`: the
/// route file as an OpenAPI 3.1.0 document (docs/openapi.md).
struct ExportCommand: Command {
    let name = "export"
    let abstract = "Writes a route file as an OpenAPI 3.1.0 document, in JSON or YAML."
    let discussion = """
        Every route, parameter, body, response, error body, credential scheme and declared type, \
        with x-routegen-* extensions for what OpenAPI cannot say, so 'routegen import' gives the \
        route file back; the route file's text travels in x-routegen-source. The same file always \
        gives the same bytes (sorted keys). The format is --format, else the extension of -o \
        (.json, .yaml, .yml), else JSON. Without -o the document goes to standard output. With -o, \
        an existing file is replaced only when it is an earlier export (its top level has \
        x-routegen-export); any other file only with --force. A route file with errors writes nothing.
        """
    let options: [OptionDeclaration] = [
        .value("format", valueName: "json|yaml", help: "The document's format (default: from -o's extension, else json)."),
        .value("output", shortName: "o", valueName: "file", help: "Write the document to this file instead of standard output."),
        .flag("force", help: "Replace the -o file even when it is not an earlier export."),
        .flag("without-source", help: "Leave the route file's text (x-routegen-source) out of the document."),
    ]
    let positional: PositionalDeclaration? = PositionalDeclaration(name: "file", help: "The route file to export.", isRequired: true, isRepeated: false)

    func run(_ arguments: ParsedArguments, context: CommandContext) -> ExitCode {
        let output = arguments.value("output")
        let outputFormat = output.flatMap(DocumentFormat.init(pathExtensionOf:))
        var format = outputFormat ?? .json
        if let name = arguments.value("format") {
            guard let named = DocumentFormat(rawValue: name) else {
                context.standardError.write(HelpText.usageError("unknown format '\(name)'; use json or yaml", command: self))
                return .usageError
            }
            if let outputFormat, outputFormat != named, let output {
                context.standardError.write(HelpText.usageError("'--format \(name)' does not match the extension of '\(output)'; drop one", command: self))
                return .usageError
            }
            format = named
        }
        guard let path = arguments.positionals.first else {
            context.standardError.write(HelpText.usageError("export needs a route file", command: self))
            return .usageError
        }

        let printer = DiagnosticPrinter(output: context.standardError)
        let loaded = RouteFileLoader.load(paths: [path], context: context, sink: printer)
        guard let file = loaded.first, let model = file.model, !printer.hasErrors else {
            printer.printSummary()
            return .failure
        }
        let source = arguments.flag("without-source") ? nil : RoutegenCore.format(source: file.source, path: path, diagnostics: DiagnosticCollector())
        let document = OpenAPIExporter().document(for: model, source: source)
        let text = switch format {
        case .json: JSONDocumentWriter().text(of: document)
        case .yaml: YAMLDocumentWriter().text(of: document)
        }
        guard let output else {
            context.standardOutput.write(text)
            return .success
        }
        if !arguments.flag("force"), context.fileSystem.fileExists(atPath: context.resolvedPath(output)), !Self.isEarlierExport(output, context: context) {
            printer.emit(.error("'\(output)' exists and is not an earlier export (it has no '\(OpenAPIExporter.exportMarker)' key); pass --force to replace it", at: nil))
            printer.printSummary()
            return .failure
        }
        do {
            try context.writeText(text, toPath: output)
        } catch {
            printer.emit(.error("'\(output)': \(error.reason)", at: nil))
            printer.printSummary()
            return .failure
        }
        return .success
    }

    /// Whether the file at `path` is a JSON or YAML document whose top level has the export marker.
    static func isEarlierExport(_ path: String, context: CommandContext) -> Bool {
        guard let bytes = try? context.fileSystem.readFile(atPath: context.resolvedPath(path)) else { return false }
        let document = DocumentReader(path: path).read(bytes, diagnostics: DiagnosticCollector())
        return document?[OpenAPIExporter.exportMarker] != nil
    }
}
