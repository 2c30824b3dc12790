import RoutegenCore
import RoutegenSamples

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
        writer.block(context.topLevelModifiers + " struct " + type.name + ": Codable, Equatable, Hashable, Sendable") { body in
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
