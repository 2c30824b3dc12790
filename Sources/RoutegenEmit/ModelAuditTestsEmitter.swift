import RoutegenCore
import RoutegenSamples

/// The round-trip tests of the declared types: each sample encodes with `JSONCoding` and
/// decodes back to the same value; each enum keeps every known value and an unknown one;
/// each union keeps a variant it does not know, byte for byte; each `sample` is exactly the JSON
/// `routegen serve` sends (it decodes, and encodes back to the same bytes).
///
/// The suite lists its types as `AuditedModel` values and runs each check as one parameterized
/// test over them: the checks are EndpointKitAudit's generic functions, so a type costs the build
/// one statement, not a test function of its own.
///
/// Generic models are tested through the types that use them; deprecated types are left out,
/// since naming them in a test would warn on every build.
struct ModelAuditTestsEmitter {
    let api: APIModel
    /// Which types have a served sample (the maker the models' files used).
    let samples: SampleMaker
    /// The types to test, in file order, and the suite's name stem: a group's name for the types
    /// its routes use first (`BooksModelAuditTests`), or the API's.
    let types: [TypeDeclaration]
    let stem: String

    /// The value an unknown enum case or union tag is tested with: no API sends it.
    static let unknownText = "routegen-unknown"

    /// One parameterized test: the `AuditedModel` member it runs, and its name in the test output.
    private struct Check {
        let member: String
        let title: String
    }

    private static let checks = [
        Check(member: "roundTrip", title: "its sample decodes back to itself"),
        Check(member: "everyValue", title: "every value round-trips, and one the server adds later is kept as sent"),
        Check(member: "unknownVariant", title: "a variant this version does not know decodes and encodes back unchanged"),
        Check(member: "servedSample", title: "its sample is the JSON `routegen serve` sends, byte for byte"),
    ]

    func write(into writer: inout SwiftWriter) {
        let types = self.types.filter { $0.genericParameters.isEmpty && !$0.isDeprecated }
        let which = stem == api.name ? "Every type `" + api.sourcePath + "` declares"
            : "Every type of `" + stem + "Models.swift`"
        let suite = stem + "ModelAuditTests"
        let used = Set(types.flatMap(checks(of:)))
        writer.docComment([which + " survives `JSONCoding`'s encoder and decoder."])
        writer.block("@Suite " + TopLevel.nonisolated + " struct " + suite) { body in
            body.docComment(["Every type the suite tests, with the checks the audit makes."])
            // A file of generic or deprecated types only has nothing to list (and a `var` that
            // never changes would warn).
            guard !types.isEmpty else { return body.line("static let models: [AuditedModel] = []") }
            body.line("static let models: [AuditedModel] = makeModels()")
            body.blank()
            body.block("private static func makeModels() -> [AuditedModel]") { make in
                make.line("var models: [AuditedModel] = []")
                for type in types { make.line("models.append(" + declaration(of: type) + ")") }
                make.line("return models")
            }
            for check in Self.checks where used.contains(check.member) {
                body.blank()
                let cases = suite + ".models.filter { $0." + check.member + " != nil }"
                body.line("@Test(" + SwiftNaming.stringLiteral(check.title) + ", arguments: " + cases + ")")
                body.block("func " + check.member + "(_ model: AuditedModel) throws") { test in
                    test.line("let check = try #require(model." + check.member + ")")
                    test.line("try check()")
                }
            }
        }
    }

    /// The members of `AuditedModel` that the type's value sets.
    private func checks(of type: TypeDeclaration) -> [String] {
        let served = samples.sample(of: .named(type.name)) != nil ? ["servedSample"] : []
        switch type.kind {
        case .model, .patch: return ["roundTrip"] + served
        case .enumeration: return ["everyValue"] + served
        case .union(let shape): return ["roundTrip"] + (shape.discriminator == nil ? [] : ["unknownVariant"]) + served
        }
    }

    /// `AuditedModel.record(Book.self).serving(Book.sample, json: Book.sampleJSON)`.
    private func declaration(of type: TypeDeclaration) -> String {
        var text: String
        switch type.kind {
        case .model, .patch:
            text = "AuditedModel.record(" + type.name + ".self)"
        case .enumeration(let shape):
            let unknownJSON = shape.rawType == .string ? "\"" + Self.unknownText + "\"" : "-987654321"
            let unknownValue = shape.rawType == .string ? SwiftNaming.stringLiteral(Self.unknownText) : "-987654321"
            text = "AuditedModel.enumeration(" + type.name + ".self, unknown: .unknown(" + unknownValue
                + "), unknownJSON: " + SwiftNaming.stringLiteral(unknownJSON) + ")"
        case .union(let shape) where shape.discriminator == nil:
            // By shape: no tag, so no unknown variant; the sample's round trip is the check.
            text = "AuditedModel.record(" + type.name + ".self)"
        case .union(let shape):
            // Keys in the order the encoder sorts them, so the text comes back exactly.
            let members = [(shape.discriminator ?? "", "\"" + Self.unknownText + "\""), ("x", "1")].sorted { $0.0 < $1.0 }
            let unknownJSON = "{" + members.map { $0.0.jsonQuoted + ":" + $0.1 }.joined(separator: ",") + "}"
            text = "AuditedModel.union(" + type.name + ".self, unknownJSON: " + SwiftNaming.stringLiteral(unknownJSON)
                + ") { guard case .unknown = $0 else { return false }; return true }"
        }
        if samples.sample(of: .named(type.name)) != nil {
            text += ".serving(" + type.name + "." + PreviewSampleWriter.memberName(of: type)
                + ", json: " + type.name + "." + PreviewSampleWriter.jsonMemberName(of: type) + ")"
        }
        return text
    }
}

private extension String {
    /// The text as a JSON string with its quotes (the discriminator is a plain word in practice).
    var jsonQuoted: String {
        var result = "\""
        for scalar in unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }
}
