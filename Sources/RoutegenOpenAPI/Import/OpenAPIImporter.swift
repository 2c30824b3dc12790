import RoutegenCore
import RoutegenYAML

/// `routegen import`'s library half: an OpenAPI 3.0 or 3.1 description (bytes and the path
/// diagnostics name) in, a route file in the formatter's canonical form out, with a warning
/// for everything the route file cannot say. It never touches the file system.
public struct OpenAPIImporter: Sendable {
    /// The path diagnostics name (`openapi.json`).
    public var path: String
    /// The `api` name; nil takes it from the configuration, else from `info.title`.
    public var apiName: String?
    /// What the reader refuses as too big or too deep.
    public var limits: DocumentLimits
    /// What `routegen.json` asks: the operations kept, names, the app's own types.
    public var configuration: ImportConfiguration
    /// Overlays applied to the description, in order, before it is imported.
    public var overlays: [OverlayFile]

    /// Creates an importer for the description at `path`.
    public init(path: String, apiName: String? = nil, limits: DocumentLimits = .standard, configuration: ImportConfiguration = ImportConfiguration(), overlays: [OverlayFile] = []) {
        self.path = path
        self.apiName = apiName
        self.limits = limits
        self.configuration = configuration
        self.overlays = overlays
    }

    /// The route file for the description in `bytes`; nil when there are errors (emitted to
    /// `diagnostics`, with every warning; a diagnostic at something an overlay added names the overlay).
    public func importDescription(_ bytes: [UInt8], diagnostics: any DiagnosticSink) -> ImportedRouteFile? {
        let locations = OverlayLocations(forwardingTo: diagnostics, descriptionPath: path)
        let counter = CountingSink(forwardingTo: locations)
        guard var document = DocumentReader(path: path, limits: limits).read(bytes, diagnostics: counter),
              !counter.counts.hasErrors else { return nil }
        var lineOffset = Self.lineCount(bytes) + 1
        for file in overlays {
            guard let root = DocumentReader(path: file.path, limits: limits).read(file.bytes, diagnostics: counter),
                  let overlay = Overlay.read(root, path: file.path, lineOffset: lineOffset, diagnostics: counter) else { return nil }
            locations.add(file.path, from: lineOffset)
            document = overlay.apply(to: document, documentPath: path, diagnostics: counter)
            lineOffset += Self.lineCount(file.bytes) + 1
        }
        guard !counter.counts.hasErrors else { return nil }
        return importDocument(consume document, diagnostics: counter)
    }

    private static func lineCount(_ bytes: [UInt8]) -> Int {
        bytes.count { $0 == 0x0A } + 1
    }

    /// The route file for a description already read. The tree is taken, so that it can be
    /// freed before the route file made is checked, which keeps the peak lower.
    public func importDocument(_ document: consuming DocumentNode, diagnostics: any DiagnosticSink) -> ImportedRouteFile? {
        let counter = CountingSink(forwardingTo: diagnostics)
        switch OpenAPIVersion.of(document, path: path) {
        case .failure(let error):
            counter.emit(error.diagnostic)
            return nil
        case .success:
            break
        }
        let apiName = self.apiName ?? configuration.apiName?.text
        if let name = apiName, !SwiftNaming.isIdentifier(name) {
            counter.emit(.error("api name '\(name)' is not a valid identifier; use letters, digits and '_', such as '\(SwiftNaming.upperCamelCase(name))'", at: self.apiName == nil ? configuration.apiName?.location : nil))
            return nil
        }
        if overlays.isEmpty, let carried = carriedText(of: document, diagnostics: counter) {
            // The document is an unchanged export: its route text is the import, comments and
            // layout included. The session still runs, silently, for the summary's counts.
            guard let counted = ImportSession.draft(of: consume document, path: path, apiName: apiName, configuration: configuration, sink: DiagnosticCollector()) else { return nil }
            return ImportedRouteFile(text: carried, summary: counted.summary)
        }
        let sink = OnceSink(forwardingTo: counter)
        // The session (and with it the description's tree) is gone once the draft is made, so
        // the check's peak does not stand on it.
        guard let draft = ImportSession.draft(of: consume document, path: path, apiName: apiName, configuration: configuration, sink: sink), !counter.counts.hasErrors,
              let imported = ImportSession.canonical(draft, sink: sink), !counter.counts.hasErrors else { return nil }
        return imported
    }

    /// The route text an export carries (`x-routegen-source`) when the document still says what
    /// it says and no `--api` renames it; a warning when the text is stale, since the import then
    /// keeps the document's meaning but not the text's comments and layout.
    private func carriedText(of document: DocumentNode, diagnostics: any DiagnosticSink) -> String? {
        guard let key = document.entries?.first(where: { $0.key.string == OpenAPIExporter.sourceKey })?.key else { return nil }
        guard let source = OpenAPIExporter.preservedSource(in: document) else {
            diagnostics.emit(.warning("'\(OpenAPIExporter.sourceKey)' no longer says what the document says (it was edited after the export); imported from the document, without the carried text's comments and layout", at: key.position.location(in: path)))
            return nil
        }
        if let apiName = apiName ?? configuration.apiName?.text, apiName != document["info"]?["title"]?.string { return nil }
        return source
    }
}

/// What `OpenAPIImporter` returns: the route file and what it holds.
public struct ImportedRouteFile: Hashable, Sendable {
    /// The route file's text, canonical.
    public var text: String
    /// How much of the description it holds.
    public var summary: ImportSummary
}

/// How many operations and schemas were imported and how many were not.
public struct ImportSummary: Hashable, Sendable {
    /// Operations in the description.
    public var operations: Int
    /// Operations that became routes, or were merged into one.
    public var importedOperations: Int
    /// Variants (`/files/{id}#get_shared_link`) merged into the route of their method and path.
    public var mergedOperations: Int
    /// Schemas under `components/schemas`.
    public var componentSchemas: Int
    /// Those of them that the imported routes reach (each is declared or mapped to a type).
    public var reachedComponentSchemas: Int
    /// Types declared in the route file (components and inline schemas).
    public var declaredTypes: Int
    /// Routes whose `paginate` clause was read from their response's fields and query
    /// parameters, with no extension saying it.
    public var inferredPaging: Int = 0
    /// Routes added for a stream an operation answers beside its JSON (`<name>Stream`).
    public var streamRoutes: Int = 0
    /// Operations the configuration's filter leaves out (counted among those not imported).
    public var filteredOperations: Int = 0
    /// Schemas imported as `JSONValue` because they allow any value (`{}`, an object without
    /// properties, an array without items), each with a warning.
    public var openAsJSONValue: Int = 0
    /// Schemas imported as `JSONValue` although they say what they hold (a reference that leads
    /// nowhere, several types at once), each with a warning: a loss of meaning, kept at zero on
    /// the corpus.
    public var typedAsJSONValue: Int = 0

    /// `imported 296 of 296 operations (0 not) and 280 of 305 schemas (25 not used by any route), 412 types declared`.
    public var line: String {
        let skipped = operations - importedOperations
        let unused = componentSchemas - reachedComponentSchemas
        let merged = mergedOperations > 0 ? ", \(mergedOperations) of them merged into the route of their method and path" : ""
        let filtered = filteredOperations > 0 ? ", \(filteredOperations) left out by the filter" : ""
        return "imported \(importedOperations) of \(operations) operations (\(skipped) not imported\(filtered)\(merged)) and \(reachedComponentSchemas) of \(componentSchemas) component schemas (\(unused) not used by any imported operation); \(declaredTypes == 1 ? "1 type" : "\(declaredTypes) types") declared" + (inferredPaging > 0 ? "; \(inferredPaging) paged by their response's fields" : "")
            + (streamRoutes > 0 ? "; \(streamRoutes) stream route\(streamRoutes == 1 ? "" : "s") beside their operation's route" : "")
    }
}

/// Forwards each diagnostic once: a component used by many operations (a shared parameter, an
/// error response) is warned about at its own place once, not once per use.
final class OnceSink: DiagnosticSink {
    private let base: any DiagnosticSink
    private var seen: Set<Diagnostic> = []

    init(forwardingTo base: any DiagnosticSink) {
        self.base = base
    }

    func emit(_ diagnostic: Diagnostic) {
        if seen.insert(diagnostic).inserted { base.emit(diagnostic) }
    }
}

/// Names the overlay in a diagnostic at something it added: an overlay's updates stand on lines
/// past the description's (`Overlay.read`), which this maps back to the overlay's own.
final class OverlayLocations: DiagnosticSink {
    private let base: any DiagnosticSink
    private let descriptionPath: String
    /// Each overlay's path and the first line its updates were moved to, in order.
    private var overlays: [(path: String, offset: Int)] = []

    init(forwardingTo base: any DiagnosticSink, descriptionPath: String) {
        self.base = base
        self.descriptionPath = descriptionPath
    }

    func add(_ path: String, from offset: Int) {
        overlays.append((path, offset))
    }

    func emit(_ diagnostic: Diagnostic) {
        var diagnostic = diagnostic
        if let location = diagnostic.location, location.file == descriptionPath,
           let overlay = overlays.last(where: { location.line > $0.offset }) {
            diagnostic.location = SourceLocation(file: overlay.path, line: location.line - overlay.offset, column: location.column)
        }
        base.emit(diagnostic)
    }
}
