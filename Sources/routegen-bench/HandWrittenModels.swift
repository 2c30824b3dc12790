import RoutegenCore

/// The same types a route file declares, as a careful person writes them by hand, one file per
/// type like the generated ones: a plain struct whose `Codable`, `Equatable` and `Hashable` the
/// compiler synthesizes, `init(from:)` only where a default must fill an absent key,
/// `encode(to:)` only where nil must go out as `null`, and `CodingKeys` only where a wire name
/// differs from its property or a coder is written by hand (which cannot see synthesized keys); an enum with `unknown(_:)` whose coding comes from `RawRepresentable`,
/// written as plain Swift: a `switch` each way and `endpointText`, no `allCases` (the generated
/// enums get `init(rawValue:)` and `endpointText` from EndpointKit's `OpenEnumeration`);
/// a patch and a union coded by hand, as they must be. The public memberwise initializer a
/// module's users need; no doc comments, no `RouteAuditSample` (the generated code's extra, for
/// its audit tests). The model compile benchmark holds the generated models to this standard.
enum HandWrittenModels {
    /// One source file per declared type: `(file name, contents)`, in file order.
    static func sources(for api: APIModel) -> [(name: String, contents: String)] {
        api.types.map { type in
            let body: String = switch type.kind {
            case .model(let shape): structure(type.name, shape)
            case .enumeration(let shape): enumeration(type.name, shape)
            case .patch(let shape): patch(type.name, shape)
            case .union(let shape): union(type.name, shape)
            }
            return ("Hand" + type.name + ".swift", "import EndpointKit\nimport Foundation\n\n" + body)
        }
    }

    private static func structure(_ name: String, _ shape: ModelShape) -> String {
        let generics = shape.genericParameters.isEmpty
            ? "" : "<" + shape.genericParameters.map { $0 + ": Codable & Hashable & Sendable" }.joined(separator: ", ") + ">"
        var text = "public struct \(name)\(generics): Codable, Hashable, Sendable {\n"
        for field in shape.fields {
            text += "    public var \(property(field)): \(field.type.description)\n"
        }
        text += initializer(shape.fields.map { field in
            let value: String? = switch field.presence {
            case .required: nil
            case .optional, .requiredNullable: "nil"
            case .defaulted: field.defaultValue.map(\.swiftExpression)
            }
            return (field, field.type.description, value)
        })
        let decodesByHand = shape.fields.contains { $0.presence == .defaulted }
        let encodesByHand = shape.fields.contains { $0.presence == .requiredNullable }
        // The compiler's synthesized keys are out of reach of a hand-written coder.
        if decodesByHand || encodesByHand || shape.fields.contains(where: { $0.wireName != $0.swiftName }) {
            text += codingKeys(shape.fields)
        }
        if decodesByHand {
            text += "\n    public init(from decoder: any Decoder) throws {\n"
            text += "        let container = try decoder.container(keyedBy: CodingKeys.self)\n"
            for field in shape.fields {
                let key = "." + SwiftNaming.escapedIdentifier(field.swiftName)
                switch field.presence {
                case .required:
                    text += "        \(property(field)) = try container.decode(\(metatype(field.type)), forKey: \(key))\n"
                case .optional, .requiredNullable:
                    text += "        \(property(field)) = try container.decodeIfPresent(\(metatype(field.type.nonOptional)), forKey: \(key))\n"
                case .defaulted:
                    let fallback = field.defaultValue.map(\.swiftExpression) ?? "nil"
                    text += "        \(property(field)) = try container.decodeIfPresent(\(metatype(field.type)), forKey: \(key)) ?? \(fallback)\n"
                }
            }
            text += "    }\n"
        }
        if encodesByHand {
            text += "\n    public func encode(to encoder: any Encoder) throws {\n"
            text += "        var container = encoder.container(keyedBy: CodingKeys.self)\n"
            for field in shape.fields {
                let method = field.presence == .optional ? "encodeIfPresent" : "encode"
                text += "        try container.\(method)(\(property(field)), forKey: .\(SwiftNaming.escapedIdentifier(field.swiftName)))\n"
            }
            text += "    }\n"
        }
        return text + "}\n"
    }

    private static func enumeration(_ name: String, _ shape: EnumShape) -> String {
        let raw = shape.rawType.rawValue
        func literal(_ value: String) -> String { shape.rawType == .string ? SwiftNaming.stringLiteral(value) : value }
        var text = "public enum \(name): RawRepresentable, Codable, Hashable, Sendable, EndpointValue {\n"
        for enumCase in shape.cases { text += "    case \(SwiftNaming.escapedIdentifier(enumCase.swiftName))\n" }
        text += "    case unknown(\(raw))\n\n"
        text += "    public init(rawValue: \(raw)) {\n        switch rawValue {\n"
        for enumCase in shape.cases {
            text += "        case \(literal(enumCase.wireValue)): self = .\(SwiftNaming.escapedIdentifier(enumCase.swiftName))\n"
        }
        text += "        default: self = .unknown(rawValue)\n        }\n    }\n\n"
        text += "    public var rawValue: \(raw) {\n        switch self {\n"
        for enumCase in shape.cases {
            text += "        case .\(SwiftNaming.escapedIdentifier(enumCase.swiftName)): \(literal(enumCase.wireValue))\n"
        }
        text += "        case .unknown(let value): value\n        }\n    }\n\n"
        text += "    public var endpointText: String { \(shape.rawType == .string ? "rawValue" : "String(rawValue)") }\n"
        return text + "}\n"
    }

    private static func patch(_ name: String, _ shape: PatchShape) -> String {
        var text = "public struct \(name): Codable, Hashable, Sendable {\n"
        let types = shape.fields.map { "PatchField<" + $0.type.nonOptional.description + ">" }
        for (field, type) in zip(shape.fields, types) {
            text += "    public var \(property(field)): \(type)\n"
        }
        text += initializer(zip(shape.fields, types).map { ($0, $1, ".unchanged") })
        text += codingKeys(shape.fields)
        text += "\n    public init(from decoder: any Decoder) throws {\n"
        text += "        let container = try decoder.container(keyedBy: CodingKeys.self)\n"
        for (field, type) in zip(shape.fields, types) {
            text += "        \(property(field)) = try container.decode(\(type).self, forKey: .\(SwiftNaming.escapedIdentifier(field.swiftName)))\n"
        }
        text += "    }\n\n    public func encode(to encoder: any Encoder) throws {\n"
        text += "        var container = encoder.container(keyedBy: CodingKeys.self)\n"
        for field in shape.fields {
            text += "        try container.encode(\(property(field)), forKey: .\(SwiftNaming.escapedIdentifier(field.swiftName)))\n"
        }
        return text + "    }\n}\n"
    }

    private static func union(_ name: String, _ shape: UnionShape) -> String {
        guard let discriminator = shape.discriminator else { return unionByShape(name, shape) }
        var text = "public \(shape.isIndirect ? "indirect " : "")enum \(name): Codable, Hashable, Sendable {\n"
        for variant in shape.variants {
            text += "    case \(SwiftNaming.escapedIdentifier(variant.swiftName))(\(variant.type.description))\n"
        }
        text += "    case unknown(JSONValue)\n\n"
        text += "    private enum Discriminator: String, CodingKey { case value = \(SwiftNaming.stringLiteral(discriminator)) }\n\n"
        text += "    public init(from decoder: any Decoder) throws {\n"
        text += "        switch try decoder.container(keyedBy: Discriminator.self).decodeIfPresent(String.self, forKey: .value) {\n"
        for variant in shape.variants {
            text += "        case \(SwiftNaming.stringLiteral(variant.tag)): self = .\(SwiftNaming.escapedIdentifier(variant.swiftName))(try \(variant.type.description)(from: decoder))\n"
        }
        text += "        default: self = .unknown(try JSONValue(from: decoder))\n        }\n    }\n\n"
        text += "    public func encode(to encoder: any Encoder) throws {\n        switch self {\n"
        for variant in shape.variants {
            text += "        case .\(SwiftNaming.escapedIdentifier(variant.swiftName))(let value):\n"
            text += "            try value.encode(to: encoder)\n"
            text += "            var container = encoder.container(keyedBy: Discriminator.self)\n"
            text += "            try container.encode(\(SwiftNaming.stringLiteral(variant.tag)), forKey: .value)\n"
        }
        text += "        case .unknown(let value):\n            try value.encode(to: encoder)\n        }\n    }\n"
        return text + "}\n"
    }

    private static func unionByShape(_ name: String, _ shape: UnionShape) -> String {
        var text = "public \(shape.isIndirect ? "indirect " : "")enum \(name): Codable, Hashable, Sendable {\n"
        for variant in shape.variants {
            text += "    case \(SwiftNaming.escapedIdentifier(variant.swiftName))(\(variant.type.description))\n"
        }
        text += "\n    public init(from decoder: any Decoder) throws {\n        let container = try decoder.singleValueContainer()\n"
        for variant in shape.variants {
            text += "        if let value = try? container.decode(\(variant.type.description).self) { self = .\(SwiftNaming.escapedIdentifier(variant.swiftName))(value); return }\n"
        }
        text += "        throw DecodingError.dataCorruptedError(in: container, debugDescription: \"no variant fits\")\n    }\n\n"
        text += "    public func encode(to encoder: any Encoder) throws {\n        var container = encoder.singleValueContainer()\n        switch self {\n"
        for variant in shape.variants {
            text += "        case .\(SwiftNaming.escapedIdentifier(variant.swiftName))(let value): try container.encode(value)\n"
        }
        return text + "        }\n    }\n}\n"
    }

    // MARK: Pieces

    private static func property(_ field: Field) -> String {
        SwiftNaming.escapedIdentifier(field.swiftName)
    }

    /// The public memberwise initializer, `= value` where the parameter may be left out.
    private static func initializer(_ parameters: [(field: Field, type: String, value: String?)]) -> String {
        let list = parameters.map { property($0.field) + ": " + $0.type + ($0.value.map { " = " + $0 } ?? "") }
        var text = "\n    public init(" + list.joined(separator: ", ") + ") {\n"
        for parameter in parameters {
            text += "        self.\(property(parameter.field)) = \(property(parameter.field))\n"
        }
        return text + "    }\n"
    }

    private static func codingKeys(_ fields: [Field]) -> String {
        var text = "\n    enum CodingKeys: String, CodingKey {\n"
        for field in fields {
            let key = SwiftNaming.escapedIdentifier(field.swiftName)
            text += field.wireName == field.swiftName ? "        case \(key)\n" : "        case \(key) = \(SwiftNaming.stringLiteral(field.wireName))\n"
        }
        return text + "    }\n"
    }

    /// `T.self`: `[String].self`, `Dictionary<String, Int>.self`, `ID<Book>.self`.
    private static func metatype(_ type: TypeReference) -> String {
        type.description + ".self"
    }
}
