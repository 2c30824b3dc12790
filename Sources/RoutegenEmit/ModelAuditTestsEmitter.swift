import RoutegenCore
import RoutegenSamples

/// The round-trip tests of the declared types: each sample encodes with `JSONCoding` and
/// decodes back to the same value; each enum keeps every known value and an unknown one;
/// each union keeps a variant it does not know, byte for byte; each `sample` is exactly the JSON
/// `routegen serve` sends (it decodes, and encodes back to the same bytes).
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

    func write(into writer: inout SwiftWriter) {
        let types = self.types.filter { $0.genericParameters.isEmpty && !$0.isDeprecated }
        let which = stem == api.name ? "Every type `" + api.sourcePath + "` declares"
            : "Every type of `" + stem + "Models.swift`"
        writer.docComment([which + " survives `JSONCoding`'s encoder and decoder."])
        writer.block("@Suite struct " + stem + "ModelAuditTests") { body in
            for type in types {
                body.blank()
                switch type.kind {
                case .model, .patch: writeRoundTrip(type, into: &body)
                case .enumeration(let shape): writeEnum(type, shape: shape, into: &body)
                case .union(let shape): writeUnion(type, shape: shape, into: &body)
                }
                if samples.sample(of: .named(type.name)) != nil {
                    body.blank()
                    writeServedSample(type, into: &body)
                }
            }
        }
    }

    private func testName(_ type: TypeDeclaration, _ what: String) -> String {
        SwiftNaming.lowerCamelCase(type.name) + what
    }

    private func writeRoundTrip(_ type: TypeDeclaration, into writer: inout SwiftWriter) {
        writer.docComment(["`" + type.name + "`'s sample decodes back to itself."])
        writer.block("@Test func " + testName(type, "RoundTrips") + "() throws") { test in
            test.line("let sample = " + type.name + ".auditSample")
            test.line("let data = try JSONCoding.encoder.encode(sample)")
            test.line("#expect(try JSONCoding.decoder.decode(" + type.name + ".self, from: data) == sample)")
        }
    }

    /// The embedded served JSON decodes (with `try`, before `sample` is read, so a failure is an
    /// error, not a trap), and the encoder turns `sample` back into exactly those bytes. The text
    /// is the type's own `sampleJSON`, not a second copy: the test checks the encoder against
    /// `SampleMaker`'s JSON, which the models' file embeds once.
    private func writeServedSample(_ type: TypeDeclaration, into writer: inout SwiftWriter) {
        let member = type.name + "." + PreviewSampleWriter.memberName(of: type)
        let json = type.name + "." + PreviewSampleWriter.jsonMemberName(of: type)
        writer.docComment(["`" + member + "` is the JSON `routegen serve` sends, byte for byte."])
        writer.block("@Test func " + testName(type, "SampleIsTheServedJSON") + "() throws") { test in
            test.line("_ = try JSONCoding.decoder.decode(" + type.name + ".self, from: Data(" + json + ".utf8))")
            test.line("#expect(String(decoding: try JSONCoding.encoder.encode(" + member + "), as: UTF8.self) == " + json + ")")
        }
    }

    private func writeEnum(_ type: TypeDeclaration, shape: EnumShape, into writer: inout SwiftWriter) {
        let unknownJSON = shape.rawType == .string ? "\"" + Self.unknownText + "\"" : "-987654321"
        let unknownValue = shape.rawType == .string ? SwiftNaming.stringLiteral(Self.unknownText) : "-987654321"
        writer.docComment(["Every value of `" + type.name + "` round-trips, and one the server adds later is kept as sent."])
        writer.block("@Test func " + testName(type, "KeepsEveryValue") + "() throws") { test in
            test.block("for value in " + type.name + ".allCases") { loop in
                loop.line("let data = try JSONCoding.encoder.encode(value)")
                loop.line("#expect(try JSONCoding.decoder.decode(" + type.name + ".self, from: data) == value)")
                loop.line("#expect(" + type.name + "(rawValue: value.rawValue) == value)")
            }
            test.line("let unknown = try JSONCoding.decoder.decode(" + type.name + ".self, from: Data(" + SwiftNaming.stringLiteral(unknownJSON) + ".utf8))")
            test.line("#expect(unknown == ." + "unknown(" + unknownValue + "))")
            test.line("#expect(String(decoding: try JSONCoding.encoder.encode(unknown), as: UTF8.self) == " + SwiftNaming.stringLiteral(unknownJSON) + ")")
        }
    }

    private func writeUnion(_ type: TypeDeclaration, shape: UnionShape, into writer: inout SwiftWriter) {
        writeRoundTrip(type, into: &writer)
        // Keys in the order the encoder sorts them, so the text comes back exactly.
        let members = [(shape.discriminator, "\"" + Self.unknownText + "\""), ("x", "1")].sorted { $0.0 < $1.0 }
        let unknownJSON = "{" + members.map { $0.0.jsonQuoted + ":" + $0.1 }.joined(separator: ",") + "}"
        writer.blank()
        writer.docComment(["A `" + type.name + "` variant this version does not know decodes without failure and encodes back unchanged."])
        writer.block("@Test func " + testName(type, "KeepsAnUnknownVariant") + "() throws") { test in
            test.line("let json = " + SwiftNaming.stringLiteral(unknownJSON))
            test.line("let value = try JSONCoding.decoder.decode(" + type.name + ".self, from: Data(json.utf8))")
            test.line("guard case .unknown = value else { Issue.record(\"decoded \\(value)\"); return }")
            test.line("#expect(String(decoding: try JSONCoding.encoder.encode(value), as: UTF8.self) == json)")
        }
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
