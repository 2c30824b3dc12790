import RoutegenCore
import RoutegenSamples

/// A stored property of a model or a patch as written in Swift: its name and the name its
/// value is stored under (a deprecated field keeps a private `_name`, so the type's own
/// initializers and coding never use the deprecated name and the build stays free of warnings).
struct PropertyNames {
    /// The public name, escaped: `publishedAt`, `` `default` ``.
    let property: String
    /// The stored name: the property, or `_name` for a deprecated or an indirect field.
    let storage: String
    /// The memberwise initializer's label (the property name).
    let label: String

    init(_ field: Field) {
        property = SwiftNaming.escapedIdentifier(field.swiftName)
        storage = field.isDeprecated || field.isIndirect ? "_" + field.swiftName : property
        label = property
    }

    /// The bare stored name, for a `CodingKeys` case.
    var codingKey: String { storage }
}
/// Writes a list of properties, the memberwise initializer and `CodingKeys` for a model or a patch.
enum PropertyWriter {
    /// `public var name: Type` for each field (a deprecated one as a computed property over its storage).
    static func writeProperties(_ fields: [Field], types: [String], access: String, into writer: inout SwiftWriter) {
        for (field, type) in zip(fields, types) {
            let names = PropertyNames(field)
            writer.docComment(field.documentation)
            if field.isDeprecated || field.isIndirect {
                // An indirect field's value lives in `Indirect`'s box: the model holds itself through it.
                let value = field.isIndirect ? ".wrappedValue" : ""
                if field.isDeprecated { writer.line("@available(*, deprecated)") }
                writer.block(access + " var " + names.property + ": " + type) { accessor in
                    accessor.line(joining: "get { ", names.storage, value, " }")
                    accessor.line(joining: "set { ", names.storage, value, " = newValue }")
                }
                writer.line(joining: "private var ", names.storage, ": ", storedType(field, type: type))
            } else {
                writer.line(joining: access, " var ", names.property, ": ", type)
            }
        }
    }

    /// The type a field is stored as: its own, or `EndpointKit.Indirect<Type>` for an indirect one.
    static func storedType(_ field: Field, type: String) -> String {
        field.isIndirect ? EndpointKitVocabulary.indirectType + "<" + type + ">" : type
    }

    /// `expression` as the field's storage takes it: boxed for an indirect field.
    static func storedValue(_ field: Field, _ expression: String) -> String {
        field.isIndirect ? EndpointKitVocabulary.indirectType + "(wrappedValue: " + expression + ")" : expression
    }

    /// The memberwise initializer: every field in order, `= default` where one applies.
    static func writeInitializer(typeName: String, fields: [Field], types: [String], defaults: [String?], access: String, into writer: inout SwiftWriter) {
        let parameters = zip(zip(fields, types), defaults).map { pair, defaultValue in
            PropertyNames(pair.0).label + ": " + pair.1 + (defaultValue.map { " = " + $0 } ?? "")
        }
        writer.docComment(["Creates the value from its fields; optional and defaulted ones may be left out."])
        writer.block(access + " init(" + parameters.joined(separator: ", ") + ")") { body in
            for field in fields {
                let names = PropertyNames(field)
                body.line(joining: "self.", names.storage, " = ", storedValue(field, names.label))
            }
        }
    }

    /// `CodingKeys`, when a stored name differs from its wire name or the type codes by hand.
    static func writeCodingKeys(_ fields: [Field], force: Bool, into writer: inout SwiftWriter) {
        guard force || fields.contains(where: { PropertyNames($0).codingKey != $0.wireName }) else { return }
        writer.block("private enum CodingKeys: String, CodingKey") { keys in
            for field in fields {
                let key = PropertyNames(field).codingKey
                if key == field.wireName {
                    keys.line(joining: "case ", key)
                } else {
                    keys.line(joining: "case ", key, " = ", SwiftNaming.stringLiteral(field.wireName))
                }
            }
        }
    }

    /// `.key`: a coding key as an expression.
    static func keyExpression(_ field: Field) -> String {
        "." + PropertyNames(field).codingKey
    }
}
