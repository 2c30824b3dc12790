import RoutegenCore
import RoutegenSamples

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
