import RoutegenCore
import RoutegenYAML

/// The schemas of declared types: models, enums, patches and unions as JSON Schema with the
/// extensions that give the route file back.
extension ExportRun {
    mutating func declarationSchema(_ type: TypeDeclaration) -> DocumentNode {
        var node: DocumentNode
        switch type.kind {
        case .model(let shape):
            node = modelSchema(shape, parameters: Set(shape.genericParameters))
            if !shape.genericParameters.isEmpty {
                node = node.setting("x-routegen-generic-parameters", .texts(shape.genericParameters))
            }
        case .enumeration(let shape):
            node = enumSchema(shape)
        case .patch(let shape):
            node = patchSchema(shape)
        case .union(let shape):
            node = unionSchema(shape)
        }
        if !type.documentation.isEmpty { node = node.setting("description", .text(type.documentation.joined(separator: "\n"))) }
        if type.isDeprecated { node = node.setting("deprecated", .yes) }
        if !type.disabledRules.isEmpty { node = node.setting("x-routegen-disable", .texts(type.disabledRules)) }
        if Self.schemaKey(type.name) != type.name { node = node.setting("x-routegen-type", .text(type.name)) }
        return node
    }

    mutating func modelSchema(_ shape: ModelShape, parameters: Set<String>, substitution: [String: TypeReference] = [:]) -> DocumentNode {
        let ownFields = shape.includes.isEmpty ? shape.fields : shape.fields.filter { $0.includedFrom == nil }
        let object = objectSchema(ownFields, parameters: parameters, substitution: substitution)
        guard !shape.includes.isEmpty else { return object }
        var node = SortedMapping()
        node.set("allOf", .list(shape.includes.map { Self.reference(Self.schemaKey($0)) } + [object]))
        return node
            .node
    }

    mutating func objectSchema(_ fields: [Field], parameters: Set<String>, substitution: [String: TypeReference]) -> DocumentNode {
        var properties: [DocumentEntry] = []
        var required: [String] = []
        var additional: DocumentNode?
        for field in fields {
            let type = substitution.isEmpty ? field.type : field.type.substituting(substitution)
            if field.isAdditional, case .named(_, let arguments) = type, arguments.count == 2 {
                // The members beside the named ones: `additionalProperties`, and the field's name.
                var values = schema(for: arguments[1], parameters: parameters)
                if !field.documentation.isEmpty { values = values.setting("description", .text(field.documentation.joined(separator: "\n"))) }
                additional = values
                continue
            }
            var property = schema(for: type, parameters: parameters)
            if let value = field.defaultValue { property = property.setting("default", defaultNode(value, type: type)) }
            property = Self.constrained(property, field.constraints)
            if !field.documentation.isEmpty { property = property.setting("description", .text(field.documentation.joined(separator: "\n"))) }
            if field.isDeprecated { property = property.setting("deprecated", .yes) }
            if field.swiftName != SwiftNaming.lowerCamelCase(field.wireName) { property = property.setting("x-routegen-swift-name", .text(field.swiftName)) }
            properties.append(DocumentEntry(field.wireName, property))
            if field.presence == .required || field.presence == .requiredNullable { required.append(field.wireName) }
        }
        var node = SortedMapping()
        node.set("type", "object")
        node.set("properties", .ordered(properties))
        if !required.isEmpty { node.set("required", .texts(required)) }
        if let additional, let field = fields.first(where: \.isAdditional) {
            node.set("additionalProperties", additional)
            node.set("x-routegen-additional", field.wireName)
        }
        return node.node
    }

    func enumSchema(_ shape: EnumShape) -> DocumentNode {
        var node = SortedMapping()
        switch shape.rawType {
        case .string:
            node.set("type", "string")
            node.set("enum", .texts(shape.cases.map(\.wireValue)))
        case .integer:
            node.set("type", "integer")
            node.set("enum", .list(shape.cases.map { DocumentNode(.number($0.wireValue)) }))
        }
        var cases = SortedMapping()
        for enumCase in shape.cases {
            var facts = SortedMapping()
            let plainName = shape.rawType == .string ? SwiftNaming.lowerCamelCase(enumCase.wireValue) : nil
            if enumCase.swiftName != plainName { facts.set("swift-name", enumCase.swiftName) }
            if !enumCase.documentation.isEmpty { facts.set("description", enumCase.documentation.joined(separator: "\n")) }
            if enumCase.isDeprecated { facts.set("deprecated", .yes) }
            if !facts.isEmpty { cases.set(enumCase.wireValue, facts) }
        }
        if !cases.isEmpty { node.set("x-routegen-cases", cases) }
        return node.node
    }

    mutating func patchSchema(_ shape: PatchShape) -> DocumentNode {
        var properties: [DocumentEntry] = []
        for field in shape.fields {
            properties.append(DocumentEntry(field.wireName, Self.nullable(schema(for: field.type.nonOptional))))
        }
        var node = SortedMapping()
        node.set("type", "object")
        node.set("properties", .ordered(properties))
        node.set("x-routegen-patch-of", shape.model)
        return node.node
    }

    mutating func unionSchema(_ shape: UnionShape) -> DocumentNode {
        var mapping = SortedMapping()
        var variants = SortedMapping()
        var oneOf: [DocumentNode] = []
        for variant in shape.variants {
            let reference = schema(for: variant.type)
            oneOf.append(reference)
            mapping.set(variant.tag, reference["$ref"] ?? .text(variant.type.description))
            var facts = SortedMapping()
            if variant.swiftName != SwiftNaming.lowerCamelCase(variant.tag) { facts.set("swift-name", variant.swiftName) }
            if !variant.documentation.isEmpty { facts.set("description", variant.documentation.joined(separator: "\n")) }
            if variant.isDeprecated { facts.set("deprecated", .yes) }
            if !facts.isEmpty { variants.set(variant.tag, facts) }
        }
        var node = SortedMapping()
        node.set("oneOf", .list(oneOf))
        if let property = shape.discriminator {
            var discriminator = SortedMapping()
            discriminator.set("propertyName", property)
            discriminator.set("mapping", mapping)
            node.set("discriminator", discriminator)
        } else {
            // No field names the variant: the names, in the order the decoder tries them.
            node.set("x-routegen-by-shape", .texts(shape.variants.map(\.tag)))
        }
        if !variants.isEmpty { node.set("x-routegen-variants", variants) }
        return node.node
    }

    /// The component of a generic instance (the model with its arguments put in) or of an
    /// imported type (any value: its shape is in Swift).
    mutating func pendingSchema(_ type: TypeReference) -> DocumentNode {
        var node: DocumentNode
        if case .named(let name, let arguments) = type, !arguments.isEmpty,
           let declaration = declared[name], case .model(let shape) = declaration.kind,
           shape.genericParameters.count == arguments.count {
            let substitution = Dictionary(uniqueKeysWithValues: zip(shape.genericParameters, arguments))
            node = modelSchema(shape, parameters: [], substitution: substitution)
            node = node.setting("x-routegen-instance-of", .text(name))
            node = node.setting("x-routegen-type", .text(type.description))
        } else {
            node = SortedMapping().node
            node = node.setting("x-routegen-imported", .yes)
            if Self.schemaKey(for: type) != type.description { node = node.setting("x-routegen-type", .text(type.description)) }
        }
        return node
    }

    // MARK: Values and keys

    static func node(for value: DefaultValue) -> DocumentNode {
        switch value {
        case .integer(let text), .float(let text): DocumentNode(.number(text))
        case .boolean(let flag): DocumentNode(.bool(flag))
        case .string(let text): .text(text)
        }
    }

    func defaultNode(_ value: FieldDefault, type: TypeReference) -> DocumentNode {
        switch value {
        case .integer(let text), .float(let text): return DocumentNode(.number(text))
        case .boolean(let flag): return DocumentNode(.bool(flag))
        case .string(let text): return .text(text)
        case .emptyArray: return .list([])
        case .emptyDictionary: return DocumentNode(.mapping([]))
        case .enumCase(let swiftName):
            if case .named(let name, _) = type.nonOptional, let declaration = declared[name], case .enumeration(let shape) = declaration.kind,
               let enumCase = shape.cases.first(where: { $0.swiftName == swiftName }) {
                return shape.rawType == .integer ? DocumentNode(.number(enumCase.wireValue)) : .text(enumCase.wireValue)
            }
            return .text(swiftName)
        }
    }

    /// The component key of a type: its name, or for a generic instance the name and its
    /// arguments' keys joined with `_` (`Page_Book`); characters OpenAPI does not allow in a
    /// key (outside `A-Z a-z 0-9 . _ -`) as `_` and their scalar in hex.
    static func schemaKey(for type: TypeReference) -> String {
        switch type {
        case .named(let name, let arguments):
            ([schemaKey(name)] + arguments.map(schemaKey(for:))).joined(separator: "_")
        case .array(let element): "Array_" + schemaKey(for: element)
        case .optional(let wrapped): "Optional_" + schemaKey(for: wrapped)
        }
    }

    static func schemaKey(_ name: String) -> String {
        var key = ""
        for scalar in name.unicodeScalars {
            switch scalar {
            case "A"..."Z", "a"..."z", "0"..."9", ".", "_", "-": key.unicodeScalars.append(scalar)
            default: key += "_" + String(scalar.value, radix: 16, uppercase: true)
            }
        }
        return key
    }
}
