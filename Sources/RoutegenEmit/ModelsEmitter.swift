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

    /// A file holding `types`, one after the other.
    func emit(_ types: [TypeDeclaration], path: String, context: ModelContext) -> GeneratedFile {
        var writer = SwiftWriter()
        GeneratedFileHeader.write(sourcePath: context.api.sourcePath, into: &writer)
        writer.lines(EndpointsEmitter.importLines(of: context.api))
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
    /// Declared types by name, for samples and defaults.
    let typesByName: [String: TypeDeclaration]
    /// The maker of the served samples (`PreviewSampleWriter`); nil unless asked for.
    let samples: SampleMaker?
    /// The concrete uses of each generic declared type, for their samples; empty unless asked for.
    let concreteUses: [String: [[TypeReference]]]

    /// A context from what `prepared` made once for the whole API; `previewSamples` also gives
    /// what `PreviewSampleWriter` needs (the samples and the concrete uses of generic types).
    init(_ prepared: PreparedAPI, access: String, previewSamples: Bool = false) {
        api = prepared.api
        self.access = access
        typesByName = prepared.typesByName
        samples = previewSamples ? prepared.samples : nil
        concreteUses = previewSamples ? prepared.concreteUses : [:]
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

/// A stored property of a model or a patch as written in Swift: its name and the name its
/// value is stored under (a deprecated field keeps a private `_name`, so the type's own
/// initializers and coding never use the deprecated name and the build stays free of warnings).
struct PropertyNames {
    /// The public name, escaped: `publishedAt`, `` `default` ``.
    let property: String
    /// The stored name: the property, or `_name` for a deprecated field.
    let storage: String
    /// The memberwise initializer's label (the property name).
    let label: String

    init(_ field: Field) {
        property = SwiftNaming.escapedIdentifier(field.swiftName)
        storage = field.isDeprecated ? "_" + field.swiftName : property
        label = property
    }

    /// The bare stored name, for a `CodingKeys` case.
    var codingKey: String { storage }
}

/// Writes a list of properties, the memberwise initializer and `CodingKeys` for a model or a patch.
enum PropertyWriter {
    /// `public var name: Type` for each field (a deprecated one as a computed property over its storage).
    static func writeProperties(_ fields: [Field], types: [String], access: String, into writer: inout SwiftWriter) {
        for (field, type) in zip(fields, types) {
            let names = PropertyNames(field)
            writer.docComment(field.documentation)
            if field.isDeprecated {
                writer.line("@available(*, deprecated)")
                writer.block(access + " var " + names.property + ": " + type) { accessor in
                    accessor.line(joining: "get { ", names.storage, " }")
                    accessor.line(joining: "set { ", names.storage, " = newValue }")
                }
                writer.line(joining: "private var ", names.storage, ": ", type)
            } else {
                writer.line(joining: access, " var ", names.property, ": ", type)
            }
        }
    }

    /// The memberwise initializer: every field in order, `= default` where one applies.
    static func writeInitializer(typeName: String, fields: [Field], types: [String], defaults: [String?], access: String, into writer: inout SwiftWriter) {
        let parameters = zip(zip(fields, types), defaults).map { pair, defaultValue in
            PropertyNames(pair.0).label + ": " + pair.1 + (defaultValue.map { " = " + $0 } ?? "")
        }
        writer.docComment(["Creates the value from its fields; optional and defaulted ones may be left out."])
        writer.block(access + " init(" + parameters.joined(separator: ", ") + ")") { body in
            for field in fields {
                let names = PropertyNames(field)
                body.line(joining: "self.", names.storage, " = ", names.label)
            }
        }
    }

    /// `CodingKeys`, when a stored name differs from its wire name or the type codes by hand.
    static func writeCodingKeys(_ fields: [Field], force: Bool, into writer: inout SwiftWriter) {
        guard force || fields.contains(where: { PropertyNames($0).codingKey != $0.wireName }) else { return }
        writer.block("private enum CodingKeys: String, CodingKey") { keys in
            for field in fields {
                let key = PropertyNames(field).codingKey
                if key == field.wireName {
                    keys.line(joining: "case ", key)
                } else {
                    keys.line(joining: "case ", key, " = ", SwiftNaming.stringLiteral(field.wireName))
                }
            }
        }
    }

    /// `.key`: a coding key as an expression.
    static func keyExpression(_ field: Field) -> String {
        "." + PropertyNames(field).codingKey
    }
}

/// `model`: a struct with synthesized `Codable`, `Equatable` and `Hashable` unless a field needs
/// more (a default: a decoder that falls back to it; present-but-null: an encoder that writes `null`).
struct StructEmitter {
    let context: ModelContext

    func write(_ type: TypeDeclaration, shape: ModelShape, into writer: inout SwiftWriter) {
        let access = context.access
        let generics = shape.genericParameters.isEmpty
            ? ""
            : "<" + shape.genericParameters.map { $0 + ": Codable & Hashable & Sendable" }.joined(separator: ", ") + ">"
        let types = shape.fields.map(\.type.description)
        writer.docComment(type.documentation)
        writer.lines(ModelContext.attributes(deprecated: type.isDeprecated))
        writer.block(access + " struct " + type.name + generics + ": Codable, Equatable, Hashable, Sendable") { body in
            PropertyWriter.writeProperties(shape.fields, types: types, access: access, into: &body)
            body.blank()
            PropertyWriter.writeInitializer(
                typeName: type.name, fields: shape.fields, types: types,
                defaults: shape.fields.map { initializerDefault(of: $0) }, access: access, into: &body
            )
            let decodesByHand = shape.fields.contains { $0.presence == .defaulted }
            let encodesByHand = shape.fields.contains { $0.presence == .requiredNullable }
            body.blank()
            PropertyWriter.writeCodingKeys(shape.fields, force: decodesByHand || encodesByHand, into: &body)
            if decodesByHand {
                body.blank()
                writeDecoder(shape.fields, access: access, into: &body)
            }
            if encodesByHand {
                body.blank()
                writeEncoder(shape.fields, access: access, into: &body)
            }
        }
    }

    private func initializerDefault(of field: Field) -> String? {
        switch field.presence {
        case .required: nil
        case .optional, .requiredNullable: "nil"
        case .defaulted: field.defaultValue.map(\.swiftExpression)
        }
    }

    /// A decoder where an absent defaulted field takes its default.
    private func writeDecoder(_ fields: [Field], access: String, into writer: inout SwiftWriter) {
        writer.docComment(["Decodes the JSON object; an absent field with a default takes it."])
        writer.block(access + " init(from decoder: any Decoder) throws") { body in
            body.line("let container = try decoder.container(keyedBy: CodingKeys.self)")
            for field in fields {
                // `self.`: a field may be named like the locals (`container`, `decoder`).
                let storage = "self." + PropertyNames(field).storage
                let key = PropertyWriter.keyExpression(field)
                switch field.presence {
                case .required:
                    body.line(joining: storage, " = try container.decode(", Self.metatype(field.type), ", forKey: ", key, ")")
                case .optional, .requiredNullable:
                    body.line(joining: storage, " = try container.decodeIfPresent(", Self.metatype(field.type.nonOptional), ", forKey: ", key, ")")
                case .defaulted:
                    let fallback = field.defaultValue.map(\.swiftExpression) ?? "nil"
                    body.line(joining: storage, " = try container.decodeIfPresent(", Self.metatype(field.type), ", forKey: ", key, ") ?? ", fallback)
                }
            }
        }
    }

    /// An encoder that writes `null` for a present-but-null field and leaves other nil fields out.
    private func writeEncoder(_ fields: [Field], access: String, into writer: inout SwiftWriter) {
        writer.docComment(["Encodes the JSON object; a field that must be present is written as `null` when nil."])
        writer.block(access + " func encode(to encoder: any Encoder) throws") { body in
            body.line("var container = encoder.container(keyedBy: CodingKeys.self)")
            for field in fields {
                let storage = "self." + PropertyNames(field).storage
                let key = PropertyWriter.keyExpression(field)
                let method = field.presence == .optional ? "encodeIfPresent" : "encode"
                body.line(joining: "try container.", method, "(", storage, ", forKey: ", key, ")")
            }
        }
    }

    /// `T.self`, with the parentheses an array, a dictionary or an optional needs there.
    static func metatype(_ type: TypeReference) -> String {
        switch type {
        case .named(let name, let arguments) where name != "Dictionary" || arguments.count != 2: type.description + ".self"
        default: "(" + swiftSpelling(type) + ").self"
        }
    }

    /// The type as Swift source, `Dictionary<K, V>` written `[K: V]`.
    static func swiftSpelling(_ type: TypeReference) -> String {
        switch type {
        case .named("Dictionary", let arguments) where arguments.count == 2:
            "[" + swiftSpelling(arguments[0]) + ": " + swiftSpelling(arguments[1]) + "]"
        case .named(let name, let arguments):
            arguments.isEmpty ? name : name + "<" + arguments.map(swiftSpelling).joined(separator: ", ") + ">"
        case .array(let element):
            "[" + swiftSpelling(element) + "]"
        case .optional(let wrapped):
            swiftSpelling(wrapped) + "?"
        }
    }
}

/// `enum`: the known values, `unknown(_:)` for any other, `RawRepresentable` both ways, and
/// `EndpointValue` so a value can stand in a path, a query or a header.
struct EnumEmitter {
    let context: ModelContext

    func write(_ type: TypeDeclaration, shape: EnumShape, into writer: inout SwiftWriter) {
        let access = context.access
        let raw = shape.rawType.rawValue
        writer.docComment(type.documentation)
        writer.lines(ModelContext.attributes(deprecated: type.isDeprecated))
        writer.block(access + " enum " + type.name + ": Codable, Hashable, Sendable, CaseIterable, RawRepresentable, EndpointValue") { body in
            for enumCase in shape.cases {
                body.docComment(ModelContext.documentation(enumCase.documentation, deprecatedNote: enumCase.isDeprecated))
                body.line("case " + SwiftNaming.escapedIdentifier(enumCase.swiftName))
            }
            body.docComment(["A value this version does not know, kept as sent so that it encodes back unchanged."])
            body.line("case unknown(" + raw + ")")
            body.blank()
            body.docComment(["The known values, in the order the API lists them."])
            body.line(access + " static let allCases: [" + type.name + "] = [" + shape.cases.map { "." + SwiftNaming.escapedIdentifier($0.swiftName) }.joined(separator: ", ") + "]")
            body.blank()
            body.docComment(["The case for a wire value: a known one, else `unknown(_:)`."])
            body.block(access + " init(rawValue: " + raw + ")") { initializer in
                initializer.switchBlock("rawValue") { cases in
                    for enumCase in shape.cases {
                        cases.line("case " + literal(enumCase.wireValue, shape) + ": self = ." + SwiftNaming.escapedIdentifier(enumCase.swiftName))
                    }
                    cases.line("default: self = .unknown(rawValue)")
                }
            }
            body.blank()
            body.docComment(["The value on the wire."])
            body.block(access + " var rawValue: " + raw) { getter in
                getter.switchBlock("self") { cases in
                    for enumCase in shape.cases {
                        cases.line("case ." + SwiftNaming.escapedIdentifier(enumCase.swiftName) + ": " + literal(enumCase.wireValue, shape))
                    }
                    cases.line("case .unknown(let value): value")
                }
            }
            body.blank()
            body.docComment(["The value as a path segment, a query value or a header: its wire value."])
            body.line(access + " var endpointText: String { " + (shape.rawType == .string ? "rawValue" : "String(rawValue)") + " }")
            body.blank()
            body.docComment(["Decodes any value; one this version does not know becomes `unknown(_:)`."])
            body.block(access + " init(from decoder: any Decoder) throws") { initializer in
                initializer.line("self.init(rawValue: try decoder.singleValueContainer().decode(" + raw + ".self))")
            }
            body.blank()
            body.docComment(["Encodes the wire value."])
            body.block(access + " func encode(to encoder: any Encoder) throws") { encode in
                encode.line("var container = encoder.singleValueContainer()")
                encode.line("try container.encode(rawValue)")
            }
        }
    }

    private func literal(_ wireValue: String, _ shape: EnumShape) -> String {
        shape.rawType == .string ? SwiftNaming.stringLiteral(wireValue) : wireValue
    }
}

/// `patch`: each listed field a `PatchField`, absent / `null` / value (RFC 7396), coded by hand
/// because synthesized coding cannot leave a key out.
struct PatchEmitter {
    let context: ModelContext

    func write(_ type: TypeDeclaration, shape: PatchShape, into writer: inout SwiftWriter) {
        let access = context.access
        let types = shape.fields.map { "PatchField<" + $0.type.nonOptional.description + ">" }
        let fields = shape.fields.map { field in
            var field = field
            if field.documentation.isEmpty {
                field.documentation = ["The new `" + field.wireName + "`, `.clear` to remove it, or `.unchanged`."]
            }
            return field
        }
        var documentation = type.documentation
        if documentation.isEmpty {
            documentation = ["A JSON Merge Patch (RFC 7396) of `" + shape.model + "`: each field is left out, cleared (`null`) or set."]
        }
        writer.docComment(documentation)
        writer.lines(ModelContext.attributes(deprecated: type.isDeprecated))
        writer.block(access + " struct " + type.name + ": Codable, Equatable, Hashable, Sendable") { body in
            PropertyWriter.writeProperties(fields, types: types, access: access, into: &body)
            body.blank()
            PropertyWriter.writeInitializer(
                typeName: type.name, fields: fields, types: types,
                defaults: fields.map { _ in ".unchanged" }, access: access, into: &body
            )
            body.blank()
            PropertyWriter.writeCodingKeys(shape.fields, force: true, into: &body)
            body.blank()
            body.docComment(["Decodes a patch: an absent key is `.unchanged`, `null` is `.clear`."])
            body.block(access + " init(from decoder: any Decoder) throws") { initializer in
                initializer.line(shape.fields.isEmpty ? "_ = try decoder.container(keyedBy: CodingKeys.self)" : "let container = try decoder.container(keyedBy: CodingKeys.self)")
                for (field, fieldType) in zip(shape.fields, types) {
                    initializer.line("self." + PropertyNames(field).storage + " = try container.decode(" + fieldType + ".self, forKey: " + PropertyWriter.keyExpression(field) + ")")
                }
            }
            body.blank()
            body.docComment(["Writes only the fields that change."])
            body.block(access + " func encode(to encoder: any Encoder) throws") { encode in
                encode.line(shape.fields.isEmpty ? "_ = encoder.container(keyedBy: CodingKeys.self)" : "var container = encoder.container(keyedBy: CodingKeys.self)")
                for field in shape.fields {
                    encode.line("try container.encode(self." + PropertyNames(field).storage + ", forKey: " + PropertyWriter.keyExpression(field) + ")")
                }
            }
        }
    }
}

/// `union`: an enum with one case per variant, chosen by the discriminator field; an unknown
/// tag decodes as `unknown(_:)` with the whole object, which encodes back unchanged.
struct UnionEmitter {
    let context: ModelContext

    func write(_ type: TypeDeclaration, shape: UnionShape, into writer: inout SwiftWriter) {
        let access = context.access
        writer.docComment(type.documentation)
        writer.lines(ModelContext.attributes(deprecated: type.isDeprecated))
        let head = access + (shape.isIndirect ? " indirect enum " : " enum ") + type.name + ": Codable, Equatable, Hashable, Sendable"
        writer.block(head) { body in
            for variant in shape.variants {
                body.docComment(ModelContext.documentation(variant.documentation, deprecatedNote: variant.isDeprecated))
                body.line("case " + SwiftNaming.escapedIdentifier(variant.swiftName) + "(" + variant.type.description + ")")
            }
            body.docComment(["A variant this version does not know: the whole object, so that it encodes back unchanged."])
            body.line("case unknown(JSONValue)")
            body.blank()
            body.block("private enum DiscriminatorKey: String, CodingKey") { keys in
                keys.line("case discriminator = " + SwiftNaming.stringLiteral(shape.discriminator))
            }
            body.blank()
            body.docComment(["Decodes the variant `" + shape.discriminator + "` names; an unknown one becomes `unknown(_:)`."])
            body.block(access + " init(from decoder: any Decoder) throws") { initializer in
                initializer.line("let container = try decoder.container(keyedBy: DiscriminatorKey.self)")
                initializer.switchBlock("try container.decodeIfPresent(String.self, forKey: .discriminator)") { cases in
                    for variant in shape.variants {
                        cases.line("case " + SwiftNaming.stringLiteral(variant.tag) + "?: self = ." + SwiftNaming.escapedIdentifier(variant.swiftName) + "(try " + variant.type.description + "(from: decoder))")
                    }
                    cases.line("default: self = .unknown(try JSONValue(from: decoder))")
                }
            }
            body.blank()
            body.docComment(["Encodes the variant's fields with `" + shape.discriminator + "` beside them."])
            body.block(access + " func encode(to encoder: any Encoder) throws") { encode in
                encode.switchBlock("self") { cases in
                    for variant in shape.variants {
                        cases.line("case ." + SwiftNaming.escapedIdentifier(variant.swiftName) + "(let value):")
                        cases.line("    try value.encode(to: encoder)")
                        cases.line("    var container = encoder.container(keyedBy: DiscriminatorKey.self)")
                        cases.line("    try container.encode(" + SwiftNaming.stringLiteral(variant.tag) + ", forKey: .discriminator)")
                    }
                    cases.line("case .unknown(let value):")
                    cases.line("    try value.encode(to: encoder)")
                }
            }
        }
    }
}

/// A declared type's `RouteAuditSample`: a value with every field set (optionals included, so
/// encoding them is exercised), built from literals at generation time.
///
/// A field that leads back to the type itself (a tree's `children`, a union that holds its
/// parent) gets the empty collection or nil, so a sample never builds forever.
struct AuditSampleWriter {
    let context: ModelContext

    func writeConformance(_ type: TypeDeclaration, into writer: inout SwiftWriter) {
        let access = context.access
        let parameters = type.genericParameters
        let head = "extension " + type.name + ": RouteAuditSample"
            + (parameters.isEmpty ? "" : " where " + parameters.map { $0 + ": RouteAuditSample" }.joined(separator: ", "))
        // An extension of a deprecated type that is not deprecated itself warns on every build.
        writer.lines(ModelContext.attributes(deprecated: type.isDeprecated))
        writer.block(head) { body in
            body.docComment(["A value with every field set, for the generated route-audit tests."])
            body.block(access + " static var auditSample: " + type.name + (parameters.isEmpty ? "" : "<" + parameters.joined(separator: ", ") + ">")) { getter in
                getter.line(sampleValue(of: type, substitutions: [:], owner: type.name, number: 1))
            }
        }
    }

    /// The expression that builds a sample of `type`, generic parameters replaced by `substitutions`.
    /// `overrides`: Swift expressions for some fields by wire name (a union's tag in its variant).
    private func sampleValue(of type: TypeDeclaration, substitutions: [String: TypeReference], owner: String, number: Int, overrides: [String: String] = [:]) -> String {
        switch type.kind {
        case .model(let shape):
            let arguments = shape.fields.enumerated().map { index, field in
                SwiftNaming.callSiteLabel(forDeclaredLabel: PropertyNames(field).label) + ": "
                    + (overrides[field.wireName] ?? sample(field.type, name: field.wireName, owner: owner, number: number * 10 + index + 1, substitutions: substitutions))
            }
            let typeName = substitutions.isEmpty || shape.genericParameters.isEmpty
                ? type.name
                : type.name + "<" + shape.genericParameters.map { substitutions[$0]?.description ?? $0 }.joined(separator: ", ") + ">"
            return typeName + "(" + arguments.joined(separator: ", ") + ")"
        case .enumeration(let shape):
            guard let first = shape.cases.first else { return "." + "unknown(" + (shape.rawType == .string ? "\"sample\"" : "0") + ")" }
            return type.name + "." + SwiftNaming.escapedIdentifier(first.swiftName)
        case .patch(let shape):
            // One field set and one cleared, when there are two, so both non-absent states are encoded.
            let arguments = shape.fields.enumerated().map { index, field in
                let value = index == 1 ? ".clear" : ".set(" + sample(field.type.nonOptional, name: field.wireName, owner: owner, number: number * 10 + index + 1, substitutions: substitutions) + ")"
                return SwiftNaming.callSiteLabel(forDeclaredLabel: PropertyNames(field).label) + ": " + value
            }
            return type.name + "(" + arguments.joined(separator: ", ") + ")"
        case .union(let shape):
            // A variant that does not lead back to the sample being built; when every one does, no
            // finite value exists but an unknown one.
            guard let variant = shape.variants.first(where: { !reaches($0.type, owner, visited: []) && !reaches($0.type, type.name, visited: []) }) else {
                return type.name + ".unknown(.object([:]))"
            }
            return type.name + "." + SwiftNaming.escapedIdentifier(variant.swiftName) + "(" + variantSample(variant, discriminator: shape.discriminator, owner: owner, number: number) + ")"
        }
    }

    /// A sample value of `type`, for a test that needs one beside a model's own sample.
    func sampleExpression(of type: TypeReference, name: String) -> String {
        sample(type, name: name, owner: "", number: 1, substitutions: [:])
    }

    /// A variant's model sample, its discriminator field (when it declares one) set to the tag, so
    /// the value decodes back as the same variant.
    private func variantSample(_ variant: UnionVariant, discriminator: String, owner: String, number: Int) -> String {
        guard case .named(let name, let arguments) = variant.type, arguments.isEmpty, let model = context.typesByName[name],
              case .model(let shape) = model.kind, let field = shape.fields.first(where: { $0.wireName == discriminator }) else {
            return sample(variant.type, name: variant.tag, owner: owner, number: number, substitutions: [:])
        }
        let tag = SwiftNaming.stringLiteral(variant.tag)
        let value: String
        switch field.type.nonOptional {
        case .named(_, []) where ScalarKind(field.type.nonOptional) == .text:
            value = tag
        case .named(let fieldType, []) where context.typesByName[fieldType].map({ if case .enumeration(let values) = $0.kind { values.rawType == .string } else { false } }) == true:
            value = fieldType + "(rawValue: " + tag + ")"
        default: return sample(variant.type, name: variant.tag, owner: owner, number: number, substitutions: [:])
        }
        return sampleValue(of: model, substitutions: [:], owner: owner, number: number, overrides: [discriminator: value])
    }

    /// A sample of a field's type.
    private func sample(_ type: TypeReference, name: String, owner: String, number: Int, substitutions: [String: TypeReference]) -> String {
        switch type {
        case .optional(let wrapped):
            return reaches(wrapped, owner, visited: []) ? "nil" : sample(wrapped, name: name, owner: owner, number: number, substitutions: substitutions)
        case .array(let element):
            return reaches(element, owner, visited: []) ? "[]" : "[" + sample(element, name: name, owner: owner, number: number, substitutions: substitutions) + "]"
        case .named(let typeName, let arguments):
            if let substituted = substitutions[typeName] {
                return sample(substituted, name: name, owner: owner, number: number, substitutions: [:])
            }
            if arguments.isEmpty, context.typesByName[owner]?.genericParameters.contains(typeName) == true {
                return typeName + ".auditSample"
            }
            if typeName == "Dictionary" || typeName == "Swift.Dictionary", arguments.count == 2 {
                return reaches(arguments[1], owner, visited: [])
                    ? "[:]"
                    : "[\"key\": " + sample(arguments[1], name: name, owner: owner, number: number, substitutions: substitutions) + "]"
            }
            if let declared = context.typesByName[typeName] {
                if !arguments.isEmpty {
                    var inner: [String: TypeReference] = [:]
                    for (parameter, argument) in zip(declared.genericParameters, arguments) {
                        inner[parameter] = argument.replacing(substitutions)
                    }
                    return sampleValue(of: declared, substitutions: inner, owner: owner, number: number)
                }
                return typeName + ".auditSample"
            }
            if let kind = ScalarKind(type) {
                return Self.scalarSample(kind, text: name + "-" + String(number), number: number)
            }
            switch typeName {
            case EndpointKitVocabulary.dataType, EndpointKitVocabulary.qualifiedDataType: return "Data(" + SwiftNaming.stringLiteral(name) + ".utf8)"
            case "URL", "Foundation.URL": return "URL(string: \"https://example.com/" + String(number) + "\")!"
            case "Decimal", "Foundation.Decimal": return "Decimal(" + String(number) + ")"
            case EndpointKitVocabulary.emptyType, EndpointKitVocabulary.qualifiedEmptyType: return "Empty()"
            case EndpointKitVocabulary.jsonValueType, "EndpointKit." + EndpointKitVocabulary.jsonValueType: return ".string(" + SwiftNaming.stringLiteral(name) + ")"
            case EndpointKitVocabulary.filePartType, "EndpointKit." + EndpointKitVocabulary.filePartType: return EndpointKitVocabulary.filePartSample
            default: return type.description + ".auditSample"
            }
        }
    }

    /// Whether a value of `type` can hold `owner` again, through any field, element or variant;
    /// `type` is one `owner` holds. No search for an owner on no cycle (most types): it took a
    /// search of everything the field's type holds, for every optional or array field.
    private func reaches(_ type: TypeReference, _ owner: String, visited: Set<String>) -> Bool {
        if context.samples?.neverHoldsItself(owner) == true { return false }
        var explored = visited
        return reaches(type, owner, explored: &explored)
    }

    /// One search over the declared types, each explored once: a type that did not lead to
    /// `owner` along one path does not along another (a set per path made this exponential).
    private func reaches(_ type: TypeReference, _ owner: String, explored: inout Set<String>) -> Bool {
        switch type {
        case .optional(let inner), .array(let inner):
            return reaches(inner, owner, explored: &explored)
        case .named(let name, let arguments):
            if name == owner { return true }
            for argument in arguments where reaches(argument, owner, explored: &explored) { return true }
            guard let declared = context.typesByName[name], explored.insert(name).inserted else { return false }
            let members: [TypeReference]
            switch declared.kind {
            case .model(let shape): members = shape.fields.map(\.type)
            case .patch(let shape): members = shape.fields.map(\.type)
            case .union(let shape): members = shape.variants.map(\.type)
            case .enumeration: members = []
            }
            for member in members where reaches(member, owner, explored: &explored) { return true }
            return false
        }
    }

    /// A literal of a scalar type.
    static func scalarSample(_ kind: ScalarKind, text: String, number: Int) -> String {
        switch kind {
        case .text: SwiftNaming.stringLiteral(text)
        case .identifier: "ID(" + SwiftNaming.stringLiteral(text) + ")"
        case .integer(let type): String(min(number, Int(type.range.upperBound)))
        case .floatingPoint: String(number) + ".5"
        case .boolean: number % 2 == 0 ? "false" : "true"
        case .date: "Date(timeIntervalSince1970: " + String(number * 86_400) + ")"
        case .uuid:
            "UUID(uuidString: \"00000000-0000-0000-0000-" + String(repeating: "0", count: max(0, 12 - String(number).count)) + String(number) + "\")!"
        }
    }
}
