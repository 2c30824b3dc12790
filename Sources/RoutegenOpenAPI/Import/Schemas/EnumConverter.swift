import RoutegenCore

/// `enum`: an enum of strings or of integers, each value once with a Swift name of its own (an
/// integer's from `x-enum-varnames`, an export's from `x-routegen-cases`); `Bool` or `Double`
/// for an enum of those; `null` among the values makes the type nullable. A `oneOf` or `anyOf`
/// whose every variant is a `const` (`{title: BURST, const: 1, description: ...}`) is the same
/// enum, each case named by its variant's `title` (an integer's) and documented by its `description`.
struct EnumConverter {
    let conversion: SchemaConversion

    private var table: DeclarationTable { conversion.table }

    /// One value of a `oneOf` of constants, with its variant's `title` and `description`.
    struct Constant {
        let value: DocumentNode
        let title: String?
        let description: String?
    }

    /// The variants' constants when every variant is only a `const` (with annotations and a
    /// `type`); nil otherwise, or for fewer than two.
    static func constants(of variants: Composition) -> [Constant]? {
        guard variants.schemas.count > 1 else { return nil }
        var constants: [Constant] = []
        for variant in variants.schemas {
            guard variant.isMapping, let value = variant.constant, variant.reference == nil, variant.properties == nil,
                  variant.items == nil, variant.allOf == nil, variant.oneOf == nil, variant.anyOf == nil,
                  variant.enumeration == nil else { return nil }
            constants.append(Constant(value: value, title: variant.title, description: variant.description))
        }
        return constants
    }

    /// The enum of a `oneOf` of constants.
    func convert(_ schema: SchemaObject, constants: [Constant], position: DocumentPosition, hint: String, key: DeclarationTable.Key) -> ConvertedType {
        let values = Composition.Values(values: constants.map(\.value), position: position)
        let documentation = Dictionary(constants.compactMap { constant in
            (constant.value.string ?? constant.value.number).map { ($0, constant.description) }
        }) { first, _ in first }
        return convert(schema, values: values, hint: hint, key: key, varNames: constants.map(\.title), documentation: documentation)
    }

    func convert(
        _ schema: SchemaObject, values enumeration: Composition.Values, hint: String, key: DeclarationTable.Key,
        varNames titles: [String?]? = nil, documentation described: [String: String?] = [:]
    ) -> ConvertedType {
        let values = enumeration.values
        let nullable = values.contains { $0.isNull }
        let present = values.filter { !$0.isNull }
        if present.isEmpty { return ConvertedType(type: .json, isNullable: true) }
        if present.allSatisfy({ $0.bool != nil }) { return ConvertedType(type: .builtin("Bool"), isNullable: nullable) }
        let isInteger = present.allSatisfy { $0.number.map { Int64($0) != nil } ?? false }
        if !isInteger, !present.allSatisfy({ $0.string != nil }) {
            if present.allSatisfy({ $0.number != nil }) { return ConvertedType(type: .builtin("Double"), isNullable: nullable) }
            table.warnTyped("enum '\(hint)' mixes values of several types; imported as 'JSONValue'", at: enumeration.position)
            return ConvertedType(type: .json, isNullable: nullable)
        }
        let name = table.reserve(hint, key: key)
        var cases: [ImportedCase] = []
        var seen: Set<String> = []
        var swiftNames: Set<String> = ["unknown"]
        let varNames = titles ?? schema.extensions.enumVarNames
        for (offset, value) in present.enumerated() {
            let wire = value.string ?? value.number ?? ""
            guard seen.insert(wire).inserted else {
                table.warn("enum '\(name)' lists the value '\(wire)' twice; imported once", at: value.position)
                continue
            }
            // What an export says of its cases: `{<wire value>: {swift-name, description, deprecated}}`.
            let facts = schema.extensions.cases?[wire]
            var item = facts.flatMap { writtenCase(wire, $0, isInteger: isInteger, taken: &swiftNames) }
                ?? namedCase(wire, isInteger: isInteger, varName: offset < varNames.count ? varNames[offset] : nil, taken: &swiftNames)
            item.documentation = facts.map { RouteText.documentationLines($0.description) }
                ?? (described[wire].flatMap { $0 }).map(RouteText.documentationLines) ?? []
            item.isDeprecated = facts?.isDeprecated == true
            cases.append(item)
        }
        conversion.declare(name, .enumeration(isInteger: isInteger, cases: cases), schema: schema)
        return ConvertedType(type: .declared(name), isNullable: nullable)
    }

    /// The case an export names (`swift-name`), when its name is free.
    private func writtenCase(_ wire: String, _ facts: SchemaExtensions.MemberFacts, isInteger: Bool, taken swiftNames: inout Set<String>) -> ImportedCase? {
        guard let swiftName = facts.swiftName, SwiftNaming.isIdentifier(swiftName), !swiftNames.contains(swiftName) else { return nil }
        swiftNames.insert(swiftName)
        return isInteger
            ? ImportedCase(name: swiftName, swiftName: nil, integer: wire)
            : ImportedCase(name: wire, swiftName: swiftName == SwiftNaming.lowerCamelCase(wire) ? nil : swiftName, integer: nil)
    }

    /// A case named from its value: an integer's from its `x-enum-varnames` name or `value<N>`, a
    /// string's from the string; unique among the cases, never `unknown`.
    private func namedCase(_ wire: String, isInteger: Bool, varName: String??, taken swiftNames: inout Set<String>) -> ImportedCase {
        if isInteger {
            var caseName = varName.flatMap { $0 } ?? ""
            if !SwiftNaming.isIdentifier(caseName) { caseName = "value" + (wire.hasPrefix("-") ? "Minus" + wire.dropFirst() : wire) }
            let candidate = Self.unique(SwiftNaming.lowerCamelCase(caseName), among: &swiftNames)
            return ImportedCase(name: candidate, swiftName: nil, integer: wire)
        }
        let natural = SwiftNaming.lowerCamelCase(wire)
        let candidate = Self.unique(natural == "_" || !SwiftNaming.isIdentifier(natural) ? "empty" : natural == "unknown" ? "unknownValue" : natural, among: &swiftNames)
        return ImportedCase(name: wire, swiftName: candidate == natural ? nil : candidate, integer: nil)
    }

    /// `base`, or `base2`, `base3`... the first not in `names`; taken.
    private static func unique(_ base: String, among names: inout Set<String>) -> String {
        var candidate = base
        var number = 2
        while names.contains(candidate) { candidate = base + String(number); number += 1 }
        names.insert(candidate)
        return candidate
    }
}
