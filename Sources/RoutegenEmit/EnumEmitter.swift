import RoutegenCore
import RoutegenSamples

/// `enum`: the known values, `unknown(_:)` for any other, `allCases` and the `rawValue` of each.
/// EndpointKit's `OpenEnumeration` gives the rest, compiled once rather than once per enum:
/// `init(rawValue:)` (never fails, so an unknown value becomes `unknown(_:)`) and
/// `endpointText`, so a value can stand in a path, a query or a header. Its coding is the
/// standard library's for a `RawRepresentable` type: the bare wire value.
struct EnumEmitter {
    let context: ModelContext

    func write(_ type: TypeDeclaration, shape: EnumShape, into writer: inout SwiftWriter) {
        let access = context.access
        let raw = shape.rawType.rawValue
        writer.docComment(type.documentation)
        writer.lines(ModelContext.attributes(deprecated: type.isDeprecated))
        writer.block(context.topLevelModifiers + " enum " + type.name + ": OpenEnumeration, Codable, Hashable, Sendable") { body in
            for enumCase in shape.cases {
                body.docComment(ModelContext.documentation(enumCase.documentation, deprecatedNote: enumCase.isDeprecated))
                body.line("case " + SwiftNaming.escapedIdentifier(enumCase.swiftName))
            }
            body.docComment(["A value this version does not know, kept as sent so that it encodes back unchanged."])
            body.line("case unknown(" + raw + ")")
            body.blank()
            body.docComment(["The known values, in the order the API lists them."])
            // A getter rather than a stored `static let`: no global, one-time initializer and
            // addressor per enum for the compiler to emit.
            body.line(access + " static var allCases: [" + type.name + "] { [" + shape.cases.map { "." + SwiftNaming.escapedIdentifier($0.swiftName) }.joined(separator: ", ") + "] }")
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
        }
    }

    private func literal(_ wireValue: String, _ shape: EnumShape) -> String {
        shape.rawType == .string ? SwiftNaming.stringLiteral(wireValue) : wireValue
    }
}
