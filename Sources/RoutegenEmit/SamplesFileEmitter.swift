import RoutegenCore

/// The companion module's file of one models file's types: each type's `RouteAuditSample` and
/// served `sample` (`AuditSampleWriter`, `PreviewSampleWriter`), in the models file's order, as
/// extensions of the types the API module declares. Only previews and tests import it, so an
/// app's build compiles none of these values.
struct SamplesFileEmitter {
    let context: ModelContext
    let options: EmitOptions

    func emit(_ types: [TypeDeclaration], path: String) -> GeneratedFile {
        var writer = SwiftWriter()
        GeneratedFileHeader.write(sourcePath: context.api.sourcePath, into: &writer)
        writer.lines(Self.importLines(of: context.api, options: options) + Self.scopedImports(of: types, options: options, api: context.api))
        for type in types {
            writer.blank()
            AuditSampleWriter(context: context).writeConformance(type, into: &writer)
            PreviewSampleWriter(context: context).write(type, into: &writer)
        }
        return GeneratedFile(relativePath: path, utf8: writer.outputUTF8)
    }

    /// `import struct LibraryAPI.Book` for each of `types`: a scoped import wins over the other
    /// imports, so a type named like one of Foundation's (PagerDuty's `Notification`) means the
    /// API's here, as it does inside the API module.
    static func scopedImports(of types: [TypeDeclaration], options: EmitOptions, api: APIModel) -> [String] {
        let apiModule = options.apiModule ?? GeneratedLayout.sourcesFolder(api: api.name)
        let testable = options.accessLevel == .internal ? "@testable " : ""
        return types.map { type in
            let kind: String
            switch type.kind {
            case .model, .patch: kind = "struct"
            case .enumeration, .union: kind = "enum"
            }
            return testable + "import " + kind + " " + apiModule + "." + type.name
        }
    }

    /// The models files' imports, then the API module's: `@testable` for an `internal` API, whose
    /// declarations another module sees only so (previews and tests are debug builds).
    static func importLines(of api: APIModel, options: EmitOptions) -> [String] {
        let apiModule = options.apiModule ?? GeneratedLayout.sourcesFolder(api: api.name)
        return EndpointsEmitter.importLines(of: api) + [(options.accessLevel == .internal ? "@testable " : "") + "import " + apiModule]
    }
}
