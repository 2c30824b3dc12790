import RoutegenCore
import RoutegenSamples

/// Emits the types a route file declares beside the groups whose routes use them
/// (`ModelFileLayout`), so SwiftPM's batch compilation spreads them over the cores.
///
/// Each kind has its own emitter (`StructEmitter`, `EnumEmitter`, `PatchEmitter`,
/// `UnionEmitter`); each writes the Swift a careful person would, synthesized conformances
/// wherever the compiler can provide them. Each type's samples (`RouteAuditSample`, so the audit
/// tests can build every body, and the served `sample`) go into the companion module
/// (`SamplesFileEmitter`), so an app compiles none of them.
public struct ModelsEmitter: Sendable {
    /// The options that shape the text.
    public var options: EmitOptions

    /// Creates an emitter.
    public init(options: EmitOptions = EmitOptions()) {
        self.options = options
    }

    /// The files of the declared types of `api`, as `options.modelFiles` lays them out.
    public func emit(api: APIModel) -> [GeneratedFile] {
        let prepared = PreparedAPI(api: api, options: options)
        let context = ModelContext(prepared, access: options.accessLevel.keyword)
        let files = fileContents(prepared)
        return ConcurrentJobs.map(count: files.count) { index in
            emit(files[index].types, path: files[index].path, context: context)
        }
    }

    /// Each file's path, its samples' path in the companion module, and the types it holds, in order.
    func fileContents(_ prepared: PreparedAPI) -> [(path: String, samplesPath: String, types: [TypeDeclaration])] {
        let api = prepared.api
        let types = api.types
        switch options.modelFiles {
        case .perType:
            return types.map { (GeneratedLayout.modelFile(api: api.name, type: $0.name), GeneratedLayout.typeSamplesFile(api: api.name, type: $0.name), [$0]) }
        case .perGroup(let everyFile):
            return prepared.typesByFirstGroup(everyFile: everyFile).map {
                (GeneratedLayout.groupModelsFile(api: api.name, group: $0.stem), GeneratedLayout.groupSamplesFile(api: api.name, group: $0.stem), $0.types)
            }
        case .fixed(let count):
            guard count > 0 else { return [] }
            // Sizes differ by one at most and the larger files come first, so with fewer types
            // than files only the last files are empty.
            let (size, extra) = types.count.quotientAndRemainder(dividingBy: count)
            func start(_ index: Int) -> Int { index * size + min(index, extra) }
            return (0..<count).map { index in
                (
                    GeneratedLayout.modelShardFile(api: api.name, number: index + 1), GeneratedLayout.sampleShardFile(api: api.name, number: index + 1),
                    Array(types[start(index)..<start(index + 1)])
                )
            }
        }
    }

    /// The declared types by the group whose routes name them first (`TypeUsage.firstGroups`). A
    /// type no route names goes with the type declared just before it (at the top of the file,
    /// just after it): it was written beside them, and a separate file of every such type would be
    /// one large file, compiled by one job (38 % of the synthetic benchmark's types). The API's
    /// part holds the types only when no route names any. Each part's `stem` is the group's name
    /// or the API's (`Books` of `BooksModels.swift` and `BooksModelAuditTests.swift`), and a group
    /// named like the API, or two groups of one name, share a part. Empty parts only when `everyFile`.
    static func typesByFirstGroup(_ api: APIModel, everyFile: Bool) -> [(stem: String, types: [TypeDeclaration])] {
        var partOfStem: [String: Int] = [:]
        var parts: [(stem: String, types: [TypeDeclaration])] = []
        let partOfSlot = (api.groups.map(\.name) + [api.name]).map { stem in
            if let part = partOfStem[stem] { return part }
            partOfStem[stem] = parts.count
            parts.append((stem, []))
            return parts.count - 1
        }
        var groups = TypeUsage.firstGroups(in: api)
        var previous: Int?
        for index in groups.indices {
            if let group = groups[index] { previous = group } else { groups[index] = previous }
        }
        var next: Int?
        for index in groups.indices.reversed() {
            if let group = groups[index] { next = group } else { groups[index] = next }
        }
        for (type, group) in zip(api.types, groups) {
            parts[partOfSlot[group ?? api.groups.count]].types.append(type)
        }
        return everyFile ? parts : parts.filter { !$0.types.isEmpty }
    }

    /// Marks the modules `type`'s declaration names publicly: its members' types and what its
    /// kind conforms to or holds from EndpointKit (`OpenEnumeration`, `PatchField`, a union's
    /// `unknown(JSONValue)`).
    static func expose(_ type: TypeDeclaration, in imports: inout ImportList, context: ModelContext, declaredIn: String?) {
        switch type.kind {
        case .enumeration, .patch: imports.expose(EndpointKitVocabulary.runtimeModule)
        case .union(let shape) where shape.discriminator != nil: imports.expose(EndpointKitVocabulary.runtimeModule)
        case .model, .union: break
        }
        imports.expose(namesIn: type.memberTypes, origins: context.origins, declaredIn: declaredIn, genericParameters: type.genericParameters)
    }

    /// A file holding `types`, one after the other.
    func emit(_ types: [TypeDeclaration], path: String, context: ModelContext) -> GeneratedFile {
        var writer = SwiftWriter()
        GeneratedFileHeader.write(sourcePath: context.api.sourcePath, into: &writer)
        var imports = EndpointsEmitter.imports(of: context.api)
        for type in types { Self.expose(type, in: &imports, context: context, declaredIn: nil) }
        writer.lines(imports.lines(access: options.accessLevel))
        for type in types {
            writer.blank()
            switch type.kind {
            case .model(let shape): StructEmitter(context: context).write(type, shape: shape, into: &writer)
            case .enumeration(let shape): EnumEmitter(context: context).write(type, shape: shape, into: &writer)
            case .patch(let shape): PatchEmitter(context: context).write(type, shape: shape, into: &writer)
            case .union(let shape): UnionEmitter(context: context).write(type, shape: shape, into: &writer)
            }
        }
        return GeneratedFile(relativePath: path, utf8: writer.outputUTF8)
    }
}

/// What every type emitter needs: the API (to look up other declared types) and the access keyword.
struct ModelContext: Sendable {
    let api: APIModel
    let access: String
    /// What each declared type's declaration starts with: `access`, then `nonisolated` (`TopLevel`).
    var topLevelModifiers: String { access + " " + TopLevel.nonisolated }
    /// Declared types by name, for samples and defaults.
    let typesByName: [String: TypeDeclaration]
    /// The maker of the served samples (`PreviewSampleWriter`); nil unless asked for.
    let samples: SampleMaker?
    /// The concrete uses of each generic declared type, for their samples; empty unless asked for.
    let concreteUses: [String: [[TypeReference]]]
    /// Which module each type name comes from, for the files' imports.
    let origins: TypeOrigins

    /// A context from what `prepared` made once for the whole API; `previewSamples` also gives
    /// what `PreviewSampleWriter` needs (the samples and the concrete uses of generic types).
    init(_ prepared: PreparedAPI, access: String, previewSamples: Bool = false) {
        api = prepared.api
        self.access = access
        typesByName = prepared.typesByName
        samples = previewSamples ? prepared.samples : nil
        concreteUses = previewSamples ? prepared.concreteUses : [:]
        origins = prepared.origins
    }

    /// Whether `type` names a deprecated declared type (a use of it outside a deprecated
    /// declaration warns on every build).
    func mentionsDeprecatedType(_ type: TypeReference) -> Bool {
        switch type {
        case .optional(let inner), .array(let inner): mentionsDeprecatedType(inner)
        case .named(let name, let arguments): typesByName[name]?.isDeprecated == true || arguments.contains { mentionsDeprecatedType($0) }
        }
    }

    /// `@available(*, deprecated)` for a deprecated declaration.
    static func attributes(deprecated: Bool) -> [String] {
        deprecated ? ["@available(*, deprecated)"] : []
    }

    /// A declaration's doc lines, a deprecation note added for members that cannot carry the
    /// attribute (a case the type's own switch names would warn on every build).
    static func documentation(_ lines: [String], deprecatedNote: Bool) -> [String] {
        deprecatedNote ? lines + (lines.isEmpty ? [] : [""]) + ["- Important: Deprecated; the API may stop sending or accepting it."] : lines
    }
}
