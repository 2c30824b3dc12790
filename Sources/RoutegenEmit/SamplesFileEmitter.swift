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
        // Each type gains a public conformance to EndpointKit's `RouteAuditSample` and public
        // members of its own type, so both modules are exposed, and so are the modules of the
        // type arguments a generic model's samples are constrained to.
        var imports = Self.imports(of: context.api, options: options)
        for type in types {
            imports.expose(EndpointKitVocabulary.runtimeModule)
            imports.expose(apiModule)
            imports.expose(namesIn: PreviewSampleWriter(context: context).sampledUses(of: type).flatMap { $0 }, origins: context.origins, declaredIn: apiModule)
        }
        writer.lines(imports.lines(access: options.accessLevel) + Self.scopedImports(of: types, options: options, api: context.api, exposed: true))
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
    /// `exposed`: the file's public declarations name the types (a samples file extends them).
    static func scopedImports(of types: [TypeDeclaration], options: EmitOptions, api: APIModel, exposed: Bool) -> [String] {
        let apiModule = options.apiModule ?? GeneratedLayout.sourcesFolder(api: api.name)
        let testable = options.accessLevel == .internal ? "@testable " : ""
        let modifier = exposed && options.accessLevel != .internal ? options.accessLevel.keyword + " " : ""
        return types.map { type in
            let kind: String
            switch type.kind {
            case .model, .patch: kind = "struct"
            case .enumeration, .union: kind = "enum"
            }
            return testable + modifier + "import " + kind + " " + apiModule + "." + type.name
        }
    }

    /// The module the companion extends: the API's sources.
    private var apiModule: String {
        options.apiModule ?? GeneratedLayout.sourcesFolder(api: context.api.name)
    }

    /// The models files' imports, then the API module's: `@testable` for an `internal` API, whose
    /// declarations another module sees only so (previews and tests are debug builds).
    static func imports(of api: APIModel, options: EmitOptions) -> ImportList {
        var imports = EndpointsEmitter.imports(of: api)
        imports.add(options.apiModule ?? GeneratedLayout.sourcesFolder(api: api.name), testable: options.accessLevel == .internal)
        return imports
    }
}
