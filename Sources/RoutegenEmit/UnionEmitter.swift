import RoutegenCore
import RoutegenSamples

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
