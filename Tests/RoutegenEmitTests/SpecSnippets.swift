import RoutegenCore
@testable import RoutegenEmit
import Testing

/// Runs small route files through the real front end and the emitters.
enum SpecSnippets {
    /// The path every snippet claims to come from.
    static let path = "Specs/Test.routes"

    /// The checked model of `source`; records an issue and returns nil when it has errors.
    static func model(_ source: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) -> APIModel? {
        let diagnostics = DiagnosticCollector()
        let model = loadAPI(source: source, path: path, diagnostics: diagnostics)
        let errors = diagnostics.diagnostics.filter { $0.severity == .error }.map(\.message)
        #expect(errors == [], sourceLocation: sourceLocation)
        return model
    }

    /// The `<Group>Endpoints` enum of the first group of `source`.
    static func endpoints(_ source: String, options: EmitOptions = EmitOptions(), sourceLocation: Testing.SourceLocation = #_sourceLocation) -> String {
        guard let model = model(source, sourceLocation: sourceLocation), let group = model.groups.first else { return "" }
        var writer = SwiftWriter()
        EndpointsEmitter(options: options).write(group: group, api: model, into: &writer)
        return writer.output
    }

    /// The repository protocol, short calls and remote struct of the first group of `source`.
    static func repository(_ source: String, options: EmitOptions = EmitOptions(), sourceLocation: Testing.SourceLocation = #_sourceLocation) -> String {
        guard let model = model(source, sourceLocation: sourceLocation), let group = model.groups.first else { return "" }
        var writer = SwiftWriter()
        RepositoryEmitter(options: options).write(group: group, sourcePath: model.sourcePath, into: &writer)
        return writer.output
    }

    /// The whole declaration its emitter (`StructEmitter`, `EnumEmitter`, `PatchEmitter` or
    /// `UnionEmitter`) writes for the declared type `name` of `source`, as its models file holds it.
    static func type(_ name: String, in source: String, options: EmitOptions = EmitOptions(), sourceLocation: Testing.SourceLocation = #_sourceLocation) -> String {
        guard let model = model(source, sourceLocation: sourceLocation) else { return "" }
        guard let type = model.types.first(where: { $0.name == name }) else {
            Issue.record("no type '\(name)' is declared", sourceLocation: sourceLocation)
            return ""
        }
        let context = ModelContext(PreparedAPI(api: model, options: options), access: options.accessLevel.keyword)
        var writer = SwiftWriter()
        switch type.kind {
        case .model(let shape): StructEmitter(context: context).write(type, shape: shape, into: &writer)
        case .enumeration(let shape): EnumEmitter(context: context).write(type, shape: shape, into: &writer)
        case .patch(let shape): PatchEmitter(context: context).write(type, shape: shape, into: &writer)
        case .union(let shape): UnionEmitter(context: context).write(type, shape: shape, into: &writer)
        }
        return writer.output
    }

    /// The samples of the declared type `name` of `source`, as the companion module's samples file
    /// holds them: its `RouteAuditSample` conformance (`AuditSampleWriter`), then its served
    /// `sample` (`PreviewSampleWriter`), one per concrete use of a generic type.
    static func samples(of name: String, in source: String, options: EmitOptions = EmitOptions(), sourceLocation: Testing.SourceLocation = #_sourceLocation) -> String {
        guard let model = model(source, sourceLocation: sourceLocation) else { return "" }
        guard let type = model.types.first(where: { $0.name == name }) else {
            Issue.record("no type '\(name)' is declared", sourceLocation: sourceLocation)
            return ""
        }
        let context = ModelContext(PreparedAPI(api: model, options: options), access: options.accessLevel.keyword, previewSamples: true)
        var writer = SwiftWriter()
        AuditSampleWriter(context: context).writeConformance(type, into: &writer)
        PreviewSampleWriter(context: context).write(type, into: &writer)
        return writer.output
    }

    /// The `<Api>ArgumentText` helper of `source`, with the functions its routes call.
    static func argumentText(_ source: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) -> String {
        guard let model = model(source, sourceLocation: sourceLocation) else { return "" }
        var writer = SwiftWriter()
        ArgumentTextEmitter.write(api: model.name, helpers: ArgumentTextEmitter.helpersUsed(by: model), into: &writer)
        return writer.output
    }

    /// Every file `APIEmitter` writes for `source` into the API module.
    static func files(_ source: String, options: EmitOptions = EmitOptions(), sourceLocation: Testing.SourceLocation = #_sourceLocation) -> [GeneratedFile] {
        guard let model = model(source, sourceLocation: sourceLocation) else { return [] }
        return APIEmitter(options: options).emit(api: model)
    }

    /// Every file `APIEmitter` writes for `source` into the companion module `<Api>APIPreview`.
    static func previewFiles(_ source: String, options: EmitOptions = EmitOptions(), sourceLocation: Testing.SourceLocation = #_sourceLocation) -> [GeneratedFile] {
        guard let model = model(source, sourceLocation: sourceLocation) else { return [] }
        return APIEmitter(options: options).emitPreview(api: model)
    }

    /// The route table of `source` as `<Api>Routes.swift` holds it in its text: one line per route,
    /// without the indentation.
    static func routeTable(_ source: String, options: EmitOptions = EmitOptions(), sourceLocation: Testing.SourceLocation = #_sourceLocation) -> [String] {
        guard let model = model(source, sourceLocation: sourceLocation) else { return [] }
        let file = RouteTableEmitter(options: options).emit(api: model).contents
        let lines = file.split(separator: "\n", omittingEmptySubsequences: false)
        guard let start = lines.firstIndex(where: { $0.hasSuffix("static let table = \"\"\"") }) else {
            Issue.record("no route table text in \(file)", sourceLocation: sourceLocation)
            return []
        }
        return lines[(start + 1)...].prefix { !$0.hasSuffix("\"\"\"") }.map { String($0.drop { $0 == " " }) }
    }

    /// The file at `path` among `files`, or "" (with an issue) when there is none.
    static func contents(of path: String, in files: [GeneratedFile], sourceLocation: Testing.SourceLocation = #_sourceLocation) -> String {
        guard let file = files.first(where: { $0.relativePath == path }) else {
            Issue.record("no file \(path) among \(files.map(\.relativePath))", sourceLocation: sourceLocation)
            return ""
        }
        return file.contents
    }

    /// The import lines of a generated file: from below its header comment to the first blank line.
    static func imports(of file: String) -> [String] {
        let lines = file.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let start = lines.firstIndex { !$0.hasPrefix("//") && !$0.isEmpty } ?? lines.endIndex
        return Array(lines[start...].prefix { !$0.isEmpty })
    }

    /// One declaration of `swift`, whole: the line that starts with `head` (after its indentation),
    /// the doc comment and attributes right above it, and, when that line opens a bracket at its
    /// end, every line through the one that closes it at the same indentation. "" when no line
    /// starts with `head`.
    static func declaration(_ head: String, in swift: String) -> String {
        let lines = swift.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard let headLine = lines.firstIndex(where: { $0.drop { $0 == " " }.hasPrefix(head) }) else { return "" }
        let indentation = String(lines[headLine].prefix { $0 == " " })
        var start = headLine
        while start > 0, lines[start - 1].hasPrefix(indentation + "///") || lines[start - 1].hasPrefix(indentation + "@") {
            start -= 1
        }
        var end = headLine
        if let last = lines[headLine].last, "{[(".contains(last) {
            end = lines[(headLine + 1)...].firstIndex { line in
                line.hasPrefix(indentation) && line.dropFirst(indentation.count).first.map { "}])".contains($0) } == true
            } ?? lines.endIndex - 1
        }
        return lines[start...end].joined(separator: "\n") + "\n"
    }
}
