import RoutegenCore
import RoutegenSamples

/// `model`: a struct with synthesized `Codable`, `Equatable` and `Hashable` unless a field needs
/// more (a default: a decoder that falls back to it; present-but-null: an encoder that writes `null`;
/// an `additional` field: both, reading and writing the members no other field names).
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
        writer.block(context.topLevelModifiers + " struct " + type.name + generics + ": Codable, Equatable, Hashable, Sendable") { body in
            PropertyWriter.writeProperties(shape.fields, types: types, access: access, into: &body)
            body.blank()
            PropertyWriter.writeInitializer(
                typeName: type.name, fields: shape.fields, types: types,
                defaults: shape.fields.map { initializerDefault(of: $0) }, access: access, into: &body
            )
            let decodesByHand = shape.fields.contains { $0.presence == .defaulted }
            let encodesByHand = shape.fields.contains { $0.presence == .requiredNullable || $0.isAdditional }
            body.blank()
            PropertyWriter.writeCodingKeys(shape.fields.filter { !$0.isAdditional }, force: decodesByHand || encodesByHand, into: &body)
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
        let additional = fields.first(where: \.isAdditional).map { " The members no field names go into `" + PropertyNames($0).property + "`." } ?? ""
        writer.docComment(["Decodes the JSON object; an absent field with a default takes it." + additional])
        writer.block(access + " init(from decoder: any Decoder) throws") { body in
            if fields.contains(where: { !$0.isAdditional }) { body.line("let container = try decoder.container(keyedBy: CodingKeys.self)") }
            for field in fields {
                // `self.`: a field may be named like the locals (`container`, `decoder`).
                let storage = "self." + PropertyNames(field).storage
                let key = PropertyWriter.keyExpression(field)
                if field.isAdditional {
                    writeAdditionalDecoding(field, storage: storage, into: &body)
                    continue
                }
                let value: String
                switch field.presence {
                case .required:
                    value = "try container.decode(" + Self.metatype(field.type) + ", forKey: " + key + ")"
                case .optional, .requiredNullable:
                    value = "try container.decodeIfPresent(" + Self.metatype(field.type.nonOptional) + ", forKey: " + key + ")"
                case .defaulted:
                    let fallback = field.defaultValue.map(\.swiftExpression) ?? "nil"
                    value = "try container.decodeIfPresent(" + Self.metatype(field.type) + ", forKey: " + key + ") ?? " + fallback
                }
                body.line(joining: storage, " = ", PropertyWriter.storedValue(field, value))
            }
        }
    }

    /// An encoder that writes `null` for a present-but-null field and leaves other nil fields out.
    private func writeEncoder(_ fields: [Field], access: String, into writer: inout SwiftWriter) {
        let additional = fields.first(where: \.isAdditional).map { " The members of `" + PropertyNames($0).property + "` go beside the named ones." } ?? ""
        writer.docComment(["Encodes the JSON object; a field that must be present is written as `null` when nil." + additional])
        writer.block(access + " func encode(to encoder: any Encoder) throws") { body in
            if fields.contains(where: { !$0.isAdditional }) { body.line("var container = encoder.container(keyedBy: CodingKeys.self)") }
            for field in fields {
                let storage = "self." + PropertyNames(field).storage + (field.isIndirect ? ".wrappedValue" : "")
                if field.isAdditional {
                    writeAdditionalEncoding(field, storage: storage, into: &body)
                    continue
                }
                let key = PropertyWriter.keyExpression(field)
                let method = field.presence == .optional ? "encodeIfPresent" : "encode"
                body.line(joining: "try container.", method, "(", storage, ", forKey: ", key, ")")
            }
        }
    }

    /// The members no `CodingKeys` case names, each decoded as the dictionary's value type.
    private func writeAdditionalDecoding(_ field: Field, storage: String, into body: inout SwiftWriter) {
        guard case .named(_, let arguments) = field.type, arguments.count == 2 else { return }
        body.line("let members = try decoder.container(keyedBy: JSONMemberKey.self)")
        body.line(joining: "var additional: ", Self.swiftSpelling(field.type), " = [:]")
        body.block("for key in members.allKeys where CodingKeys(stringValue: key.stringValue) == nil") { loop in
            loop.line(joining: "additional[key.stringValue] = try members.decode(", Self.metatype(arguments[1]), ", forKey: key)")
        }
        body.line(joining: storage, " = additional")
    }

    /// The held members beside the named ones; a member a field names is the field's alone.
    private func writeAdditionalEncoding(_ field: Field, storage: String, into body: inout SwiftWriter) {
        body.line("var members = encoder.container(keyedBy: JSONMemberKey.self)")
        body.block("for (name, value) in " + storage + " where CodingKeys(stringValue: name) == nil") { loop in
            loop.line("try members.encode(value, forKey: JSONMemberKey(name))")
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
