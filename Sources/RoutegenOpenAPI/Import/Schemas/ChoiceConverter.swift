import RoutegenCore

/// `oneOf` and `anyOf`: one variant beside `null` is that variant, nullable; a `discriminator`
/// over models is a union by its property; variants one property tells apart are a union by
/// that property; variants of one kind are that kind (`String`, `Double`, the same type);
/// anything else is a union told apart by shape (`ShapeUnionConverter`), or `JSONValue` where
/// no union can hold the variants (an open one, bytes).
struct ChoiceConverter {
    let conversion: SchemaConversion

    private var table: DeclarationTable { conversion.table }
    private var dialect: ImportDialect { conversion.dialect }

    func convert(_ schema: SchemaObject, keyword: String, variants: Composition, hint: String, context: SchemaConversion.Context, key: DeclarationTable.Key) -> ConvertedType {
        let rest = variants.schemas.filter { !$0.allowsOnlyNull }
        let nullable = rest.count < variants.schemas.count
        if rest.isEmpty { return ConvertedType(type: .json, isNullable: true) }
        // An export's union of one variant is still a union, and its union by shape stays one.
        let isWrittenByShape = dialect.keepsWrittenMembers && schema.extensions.byShape != nil
        if rest.count == 1, !(dialect.keepsWrittenMembers && schema.discriminator != nil), !isWrittenByShape {
            var converted = conversion.convert(rest[0], hint: hint, context: context)
            converted.isNullable = converted.isNullable || nullable
            return converted
        }
        // A discriminator over inline variants (or `$ref`s with siblings): the variants can still
        // be told apart by the property's values, or else by shape; both keep them typed.
        var unmatchedDiscriminator: String?
        if let discriminator = schema.discriminator, let property = discriminator.propertyName {
            let name = table.reserve(hint, key: key)
            if let unionVariants = DiscriminatedVariants(conversion: conversion).variants(schema, variants: rest, discriminator: discriminator, name: name, context: context), !unionVariants.isEmpty {
                conversion.declare(name, .union(discriminator: property, variants: Self.namedVariants(unionVariants)), schema: schema)
                return ConvertedType(type: .declared(name), isNullable: nullable)
            }
            table.release(name)
            unmatchedDiscriminator = property
        }
        if let union = implicitUnion(rest, hint: hint, context: context, key: key) {
            return ConvertedType(type: .declared(union), isNullable: nullable)
        }
        // The union's name first, so inline variants are named after it (`ContentText`).
        let name = table.reserve(hint, key: key)
        let converted = rest.enumerated().map { index, variant in
            conversion.convert(variant, hint: name + Self.variantHint(variant, index: index), context: context)
        }
        let isNullable = nullable || converted.contains(where: \.isNullable)
        if let plain = plainType(of: converted.map(\.type), isWrittenByShape: isWrittenByShape, keyword: keyword, count: rest.count, at: variants.position) {
            table.unreserve(name, key: key)
            // A type that keeps the variants keeps their nulls; `JSONValue` for none of them, only the choice's.
            return ConvertedType(type: plain.type, isNullable: plain.keepsVariantNulls ? isNullable : nullable)
        }
        // A generated enum keeps any text (or number) it does not know, so a plain `String` (`Int`)
        // beside one could never be chosen: the enum holds those values, as `unknown`.
        let candidates = zip(rest, converted).map { ($0, $1.type) }.filter { isWrittenByShape || !enumHoldsAll(of: $0.1, among: converted.map(\.type)) }
        if candidates.count == 1 {
            table.unreserve(name, key: key)
            return ConvertedType(type: candidates[0].1, isNullable: isNullable)
        }
        if let property = unmatchedDiscriminator {
            table.warn("'\(keyword)' with a discriminator whose variants are not all '$ref's to object schemas with '\(property)' values of their own; imported as a union told apart by shape", at: variants.position)
        }
        let shapeVariants = ShapeUnionConverter(conversion: conversion).variants(candidates, union: name, schema: schema, keyword: keyword, at: variants.position)
        conversion.declare(name, .union(discriminator: nil, variants: shapeVariants), schema: schema)
        return ConvertedType(type: .declared(name), isNullable: isNullable)
    }

    /// The one type variants of one kind are, or `JSONValue` (with a warning) when no union can
    /// hold them (then the variants' nulls are not kept); nil when they are a union.
    private func plainType(of types: [ImportedType], isWrittenByShape: Bool, keyword: String, count: Int, at position: DocumentPosition) -> (type: ImportedType, keepsVariantNulls: Bool)? {
        let kinds = Set(types.map(scalarFamily))
        if kinds.count == 1, let family = kinds.first, let family, !isWrittenByShape { return (.builtin(family), true) }
        if types.allSatisfy({ $0 == types[0] }), !isWrittenByShape { return (types[0], true) }
        if types.contains(.json) {
            table.warnCountedOpen("'\(keyword)' of \(count) schemas, one of them open (any value), cannot be a union; imported as 'JSONValue'", at: position)
            return (.json, false)
        }
        // In a multipart body one file and a list of files are the same parts on the wire.
        let filePart = ImportedType.builtin(EndpointKitVocabulary.filePartType)
        if types.allSatisfy({ $0 == filePart || $0 == .array(filePart) }) { return (.array(filePart), true) }
        if types.contains(where: Self.holdsBytes) {
            table.warnTyped("'\(keyword)' of \(count) schemas, some of them bytes (a file), cannot be a union of JSON values; imported as 'JSONValue'", at: position)
            return (.json, false)
        }
        return nil
    }

    /// Whether `type` is `String` (`Int`) and `types` hold a declared text (integer) enum, which
    /// takes every such value.
    private func enumHoldsAll(of type: ImportedType, among types: [ImportedType]) -> Bool {
        let isInteger: Bool
        switch type {
        case .builtin("String"): isInteger = false
        case .builtin("Int"), .builtin("Int64"): isInteger = true
        default: return false
        }
        return types.contains { other in
            guard case .declared(let name) = other, case .enumeration(let integer, _)? = table.declaration(named: name)?.kind else { return false }
            return integer == isInteger
        }
    }

    /// Whether the type is or holds bytes (`Data`, `FilePart`), which are no JSON value.
    private static func holdsBytes(_ type: ImportedType) -> Bool {
        switch type {
        case .builtin(let name): name == EndpointKitVocabulary.dataType || name == EndpointKitVocabulary.filePartType
        case .array(let element), .dictionary(let element): holdsBytes(element)
        case .declared, .written, .optional: false
        }
    }

    /// The plain type that takes every value of `type` and of others of its family: `String` for
    /// any text and a string enum's, `Double` for numbers and an integer enum's; nil for others (a
    /// date's text is a `Date`, not a string the union could be).
    private func scalarFamily(_ type: ImportedType) -> String? {
        let isEnum: Bool
        if case .declared(let name) = type, case .enumeration? = table.declaration(named: name)?.kind { isEnum = true } else { isEnum = false }
        switch table.jsonShape(of: type) {
        case .text(let anyText) where anyText || isEnum: return "String"
        case .number: return "Double"
        default: return nil
        }
    }

    /// `ContentText` for a variant titled "Text", `ContentOption2` for an untitled second one.
    private static func variantHint(_ variant: SchemaObject, index: Int) -> String {
        if let title = variant.title {
            let name = SwiftNaming.upperCamelCase(title)
            if SwiftNaming.isIdentifier(name) { return name }
        }
        return "Option" + String(index + 1)
    }

    // MARK: Unions told apart by a property without a discriminator

    /// A union of object variants without a `discriminator` whose variants one property tells
    /// apart: present in every variant, with its values (`const`, a string `enum`, or a single
    /// `default`) in no two variants. The union's name, declared; nil when no property does it.
    /// A variant that answers to several values is listed once per value.
    private func implicitUnion(_ variants: [SchemaObject], hint: String, context: SchemaConversion.Context, key: DeclarationTable.Key) -> String? {
        let properties = variants.map { conversion.objectProperties($0, depth: 0) }
        guard properties.allSatisfy({ $0 != nil }) else { return nil }
        guard let (property, tags) = Self.tellingProperty(properties.map { $0! }) else { return nil }
        let name = table.reserve(hint, key: key)
        var result: [ImportedVariant] = []
        for (variant, variantTags) in zip(variants, tags) {
            let converted = conversion.convert(variant, hint: name + SwiftNaming.upperCamelCase(variantTags[0]), context: context)
            switch converted.type {
            case .declared(let declared) where table.isModel(declared): break
            case .written(let written) where !written.isScalar: break
            default:
                table.release(name)
                return nil
            }
            result += variantTags.map { ImportedVariant(tag: $0, swiftName: nil, model: converted.type) }
        }
        conversion.declare(name, .union(discriminator: property, variants: Self.namedVariants(result)), schema: variants[0])
        return name
    }

    /// The first property (in the first variant's order) that every variant has with values of
    /// its own, and each variant's values; nil when there is none.
    private static func tellingProperty(_ variants: [[SchemaProperty]]) -> (String, [[String]])? {
        guard variants.count > 1, let first = variants.first else { return nil }
        for candidate in first.compactMap(\.name) {
            var seen: Set<String> = []
            var tags: [[String]] = []
            for properties in variants {
                // Every `allOf` part holds, so a part that narrows the property to values says them.
                let narrowed = properties.lazy.filter { $0.name == candidate }.compactMap { tagValues($0.schema) }.first
                guard let values = narrowed, values.allSatisfy({ seen.insert($0).inserted }) else { break }
                tags.append(values)
            }
            if tags.count == variants.count { return (candidate, tags) }
        }
        return nil
    }

    /// The string values a property schema allows: its `const`, its `enum` of strings, or its
    /// one `default`; nil when it allows others.
    static func tagValues(_ schema: SchemaObject) -> [String]? {
        if let value = schema.constant?.string { return [value] }
        if let values = schema.enumeration?.values {
            let strings = values.compactMap(\.string)
            return strings.count == values.count && !strings.isEmpty ? strings : nil
        }
        if let value = schema.defaultValue?.string { return [value] }
        return nil
    }

    /// The variants, each tag once, with Swift names of their own (never `unknown`).
    static func namedVariants(_ variants: [ImportedVariant]) -> [ImportedVariant] {
        var used: Set<String> = ["unknown"]
        var tags: Set<String> = []
        var named = variants.filter { tags.insert($0.tag).inserted }
        for index in named.indices {
            let natural = SwiftNaming.lowerCamelCase(named[index].tag)
            var candidate = named[index].swiftName ?? (natural == "_" ? "variant" : natural)
            let base = candidate
            var number = 2
            while used.contains(candidate) { candidate = base + String(number); number += 1 }
            used.insert(candidate)
            named[index].swiftName = candidate == natural ? nil : candidate
        }
        return named
    }
}
