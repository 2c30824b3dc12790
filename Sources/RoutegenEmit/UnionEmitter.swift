import RoutegenCore
import RoutegenSamples

/// `union`: an enum with one case per variant, chosen by the discriminator field; an unknown
/// tag decodes as `unknown(_:)` with the whole object, which encodes back unchanged. A union by
/// shape tries its variants in the declared order and takes the first that decodes.
struct UnionEmitter {
    let context: ModelContext

    func write(_ type: TypeDeclaration, shape: UnionShape, into writer: inout SwiftWriter) {
        guard let discriminator = shape.discriminator else {
            return writeByShape(type, shape: shape, into: &writer)
        }
        let access = context.access
        writeEnum(type, shape: shape, into: &writer) { body in
            body.docComment(["A variant this version does not know: the whole object, so that it encodes back unchanged."])
            body.line("case unknown(JSONValue)")
            body.blank()
            body.block("private enum DiscriminatorKey: String, CodingKey") { keys in
                keys.line("case discriminator = " + SwiftNaming.stringLiteral(discriminator))
            }
            body.blank()
            body.docComment(["Decodes the variant `" + discriminator + "` names; an unknown one becomes `unknown(_:)`."])
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
            body.docComment(["Encodes the variant's fields with `" + discriminator + "` beside them."])
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

    /// `union Content by shape`: the decoder tries each variant in the declared order and takes
    /// the first that decodes; when none does, `noUnionVariantFits` names each and why. The
    /// variant's value encodes as it is, with nothing added.
    private func writeByShape(_ type: TypeDeclaration, shape: UnionShape, into writer: inout SwiftWriter) {
        let access = context.access
        writeEnum(type, shape: shape, into: &writer) { body in
            body.blank()
            let order = shape.variants.map { "`" + $0.swiftName + "`" }.joined(separator: ", ")
            body.docComment(["Decodes the first variant whose shape the value has, trying " + order + " in turn."])
            body.block(access + " init(from decoder: any Decoder) throws") { initializer in
                initializer.line("let container = try decoder.singleValueContainer()")
                initializer.line("var failures: [(variant: String, error: any Error)] = []")
                for variant in shape.variants {
                    let name = SwiftNaming.escapedIdentifier(variant.swiftName)
                    initializer.line("do { self = ." + name + "(try container.decode(" + variant.type.description + ".self)); return } catch { failures.append((" + SwiftNaming.stringLiteral(variant.swiftName) + ", error)) }")
                }
                initializer.line("throw noUnionVariantFits(" + SwiftNaming.stringLiteral(type.name) + ", failures, codingPath: decoder.codingPath)")
            }
            body.blank()
            body.docComment(["Encodes the variant's value as it is."])
            body.block(access + " func encode(to encoder: any Encoder) throws") { encode in
                encode.line("var container = encoder.singleValueContainer()")
                encode.switchBlock("self") { cases in
                    for variant in shape.variants {
                        cases.line("case ." + SwiftNaming.escapedIdentifier(variant.swiftName) + "(let value): try container.encode(value)")
                    }
                }
            }
        }
    }

    /// The enum's documentation, attributes and head, one case per variant, then `members`.
    private func writeEnum(_ type: TypeDeclaration, shape: UnionShape, into writer: inout SwiftWriter, members: (inout SwiftWriter) -> Void) {
        writer.docComment(type.documentation)
        writer.lines(ModelContext.attributes(deprecated: type.isDeprecated))
        let head = context.topLevelModifiers + (shape.isIndirect ? " indirect enum " : " enum ") + type.name + ": Codable, Equatable, Hashable, Sendable"
        writer.block(head) { body in
            for variant in shape.variants {
                body.docComment(ModelContext.documentation(variant.documentation, deprecatedNote: variant.isDeprecated))
                body.line("case " + SwiftNaming.escapedIdentifier(variant.swiftName) + "(" + variant.type.description + ")")
            }
            members(&body)
        }
    }
}
