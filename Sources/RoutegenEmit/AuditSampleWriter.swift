import RoutegenCore
import RoutegenSamples

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
        let head = TopLevel.extensionHead(type.name + ": RouteAuditSample")
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
            let finite = shape.variants.first { !reaches($0.type, owner, visited: []) && !reaches($0.type, type.name, visited: []) }
            // A union by shape has no `unknown`: an array variant's sample is `[]`, which ends.
            guard let variant = finite ?? (shape.discriminator == nil ? shape.variants.first(where: { if case .array = $0.type { true } else { false } }) : nil) else {
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
    private func variantSample(_ variant: UnionVariant, discriminator: String?, owner: String, number: Int) -> String {
        guard let discriminator, case .named(let name, let arguments) = variant.type, arguments.isEmpty, let model = context.typesByName[name],
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
            for member in declared.memberTypes where reaches(member, owner, explored: &explored) { return true }
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
