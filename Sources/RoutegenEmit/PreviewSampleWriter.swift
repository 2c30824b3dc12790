import RoutegenCore
import RoutegenSamples

/// A declared type's `sample`: the value `routegen serve` sends for it, `SampleMaker`'s JSON
/// embedded as a raw string literal and decoded with `JSONCoding.decoder` (`try!`: the JSON is made
/// from the very declarations the type is, and tests decode every sample of the examples), so a preview and the
/// served API show the same data (unlike `auditSample`, which sets every field for the audit tests).
///
/// A generic model gets one `sample` per concrete use in the route file (`Page<Book>`: `extension
/// Page where Item == Book`); a type whose sample would need a type from an imported module has none.
struct PreviewSampleWriter {
    let context: ModelContext

    func write(_ type: TypeDeclaration, into writer: inout SwiftWriter) {
        guard let samples = context.samples else { return }
        let member = Self.memberName(of: type)
        let jsonMember = Self.jsonMemberName(of: type)
        let parameters = type.genericParameters
        for arguments in parameters.isEmpty ? [[]] : context.concreteUses[type.name] ?? [] {
            let reference = TypeReference.named(type.name, arguments: arguments)
            guard let json = samples.sample(of: reference) else { continue }
            let constraints = zip(parameters, arguments).map { $0 + " == " + StructEmitter.swiftSpelling($1) }
            let deprecated = type.isDeprecated || arguments.contains { context.mentionsDeprecatedType($0) }
            writer.blank()
            writer.lines(ModelContext.attributes(deprecated: deprecated))
            writer.block(TopLevel.extensionHead(type.name + (constraints.isEmpty ? "" : " where " + constraints.joined(separator: ", ")))) { body in
                body.docComment(["The sample `routegen serve` sends for `" + reference.description + "`: the same data in a preview as against the served API."])
                body.block(context.access + " static var " + member + ": Self") { getter in
                    // The text is tested to decode (the generated model tests), so `try!` cannot trap;
                    // written inline, the models' files need nothing but EndpointKit.
                    getter.line("try! JSONCoding.decoder.decode(Self.self, from: Data(" + jsonMember + ".utf8))")
                }
                body.blank()
                // The text once, here: the model tests read it rather than repeat it.
                body.docComment(["The JSON `routegen serve` sends for `" + reference.description + "`, which `" + member + "` decodes."])
                body.block(context.access + " static var " + jsonMember + ": String") { getter in
                    getter.line(SwiftNaming.rawStringLiteral(json.text))
                }
            }
        }
    }
}

extension PreviewSampleWriter {
    /// The type arguments of the concrete uses of generic `type` that get a `sample` (those
    /// whose sample needs no type of an imported module): the types the extensions name.
    func sampledUses(of type: TypeDeclaration) -> [[TypeReference]] {
        guard let samples = context.samples, !type.genericParameters.isEmpty else { return [] }
        return (context.concreteUses[type.name] ?? []).filter { samples.sample(of: .named(type.name, arguments: $0)) != nil }
    }

    /// The name of `type`'s sample: `sample`, or `sampleValue` beside a case of that name.
    static func memberName(of type: TypeDeclaration) -> String {
        SwiftNaming.sampleMemberName(caseNames: caseNames(of: type))
    }

    /// The name of `type`'s sample JSON text: `sampleJSON`, or another beside a case of that name.
    static func jsonMemberName(of type: TypeDeclaration) -> String {
        SwiftNaming.sampleJSONMemberName(caseNames: caseNames(of: type))
    }

    /// The names of an enum's cases or a union's variants; none for a model or patch.
    private static func caseNames(of type: TypeDeclaration) -> [String] {
        switch type.kind {
        case .enumeration(let shape): shape.cases.map(\.swiftName)
        case .union(let shape): shape.variants.map(\.swiftName)
        case .model, .patch: []
        }
    }
}

/// The concrete uses of the API's generic declared types: `Page` → `[[Book]]` for `Page<Book>`,
/// each list of arguments once, in the order the route file first writes it (routes' responses,
/// bodies and error bodies, then fields).
/// One walk over every type reference, so the cost grows with the file, not its square.
enum ConcreteGenericUses {
    static func collect(api: APIModel, typesByName: [String: TypeDeclaration]) -> [String: [[TypeReference]]] {
        var uses: [String: [[TypeReference]]] = [:]
        var seen: Set<TypeReference> = []
        func visit(_ type: TypeReference, parameters: [String]) {
            switch type {
            case .optional(let inner), .array(let inner):
                visit(inner, parameters: parameters)
            case .named(let name, let arguments):
                for argument in arguments { visit(argument, parameters: parameters) }
                guard !arguments.isEmpty, let declared = typesByName[name], !declared.genericParameters.isEmpty,
                      declared.genericParameters.count == arguments.count,
                      !arguments.contains(where: { mentions($0, parameters) }), seen.insert(type).inserted else { return }
                uses[name, default: []].append(arguments)
            }
        }
        for route in api.routes {
            visit(route.response, parameters: [])
            if let body = route.body { visit(body.type, parameters: []) }
            if let error = route.errorBody { visit(error, parameters: []) }
        }
        for declaration in api.types {
            for member in declaration.memberTypes { visit(member, parameters: declaration.genericParameters) }
        }
        return uses
    }

    /// Whether `type` names one of `parameters` (a generic parameter of the type it stands in).
    private static func mentions(_ type: TypeReference, _ parameters: [String]) -> Bool {
        guard !parameters.isEmpty else { return false }
        switch type {
        case .optional(let inner), .array(let inner): return mentions(inner, parameters)
        case .named(let name, let arguments): return parameters.contains(name) || arguments.contains { mentions($0, parameters) }
        }
    }
}
