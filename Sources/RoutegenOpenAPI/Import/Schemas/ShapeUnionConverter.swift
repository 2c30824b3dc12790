import RoutegenCore

/// The variants of a union told apart by shape (a `oneOf` without a discriminator): most
/// specific first (the order the decoder tries them), each named by its title or its type, or
/// by an export's `x-routegen-by-shape`; one warning when one value could fit several of them.
struct ShapeUnionConverter {
    let conversion: SchemaConversion

    private var table: DeclarationTable { conversion.table }

    func variants(_ variants: [(schema: SchemaObject, type: ImportedType)], union unionName: String, schema: SchemaObject, keyword: String, at position: DocumentPosition) -> [ImportedVariant] {
        let exported = schema.extensions.byShape ?? []
        var ordered = variants.map(\.type)
        var titles = variants.map(\.schema.title)
        var written: [String] = []
        if exported.count == variants.count {
            // An export lists its variants in the route file's order, which is the decoder's.
            written = exported
        } else {
            let order = ordered.indices.sorted { lhs, rhs in
                let (left, right) = (shapeRank(ordered[lhs]), shapeRank(ordered[rhs]))
                return left != right ? left < right : lhs < rhs
            }
            (ordered, titles) = (order.map { ordered[$0] }, order.map { titles[$0] })
        }
        var used: Set<String> = []
        var result: [ImportedVariant] = []
        for (index, type) in ordered.enumerated() {
            let natural = index < written.count ? written[index] : Self.titleName(titles[index]) ?? Self.variantName(type, union: unionName)
            var candidate = natural
            var number = 2
            while !used.insert(candidate).inserted { candidate = natural + String(number); number += 1 }
            var variant = ImportedVariant(tag: candidate, swiftName: nil, model: type)
            if let facts = schema.extensions.variants?[candidate] {
                variant.swiftName = facts.swiftName.flatMap { SwiftNaming.isIdentifier($0) && $0 != candidate ? $0 : nil }
                variant.documentation = RouteText.documentationLines(facts.description)
                variant.isDeprecated = facts.isDeprecated
            }
            result.append(variant)
        }
        warnOfOverlaps(ordered, names: result.map(\.tag), keyword: keyword, at: position)
        return result
    }

    /// `textContent` for a variant titled "Text content"; nil without a title that makes a short name.
    private static func titleName(_ title: String?) -> String? {
        guard let title else { return nil }
        let name = SwiftNaming.lowerCamelCase(title)
        return SwiftNaming.isIdentifier(name) && name.count <= 40 ? name : nil
    }

    /// `text` for `String`, `book` for `Book`, `bookList` for `[Book]`, `bookMap` for `[String: Book]`;
    /// `text` for `ContentText` in the union `Content` (an inline variant named after it).
    private static func variantName(_ type: ImportedType, union: String) -> String {
        switch type {
        case .builtin("String"): "text"
        case .declared(let name) where name.hasPrefix(union) && name.count > union.count:
            SwiftNaming.lowerCamelCase(String(name.dropFirst(union.count)))
        case .builtin(let name), .declared(let name): SwiftNaming.lowerCamelCase(name)
        case .written, .optional: SwiftNaming.lowerCamelCase(type.text.filter { $0.isLetter || $0.isNumber })
        case .array(let element): variantName(element, union: union) + "List"
        case .dictionary(let value): variantName(value, union: union) + "Map"
        }
    }

    /// The order the decoder tries variants in: objects with more required fields first, then
    /// other unions, collections, and scalars from the narrowest (`Bool`, `Int`) to `String`,
    /// which any text fits. Lower comes first.
    private func shapeRank(_ type: ImportedType) -> Int {
        switch type {
        case .declared(let name):
            switch table.declaration(named: name)?.kind {
            case .model?, .patch?: return 100 - min(table.allFields(of: name).filter { !$0.isOptional }.count, 99)
            case .union?: return 200
            case .enumeration(let isInteger, _)?: return isInteger ? 510 : 700
            case nil: return 200
            }
        case .array, .dictionary: return 300
        case .written, .optional: return 400
        case .builtin(let name):
            return ["Bool": 500, "Int": 505, "Int64": 506, "Double": 520, "Date": 600, "UUID": 601, "URL": 602][name] ?? 800
        }
    }

    /// One warning for a union whose variants one value could fit, naming the pairs (three at
    /// most) and which of each the decoder takes.
    private func warnOfOverlaps(_ types: [ImportedType], names: [String], keyword: String, at position: DocumentPosition) {
        var pairs: [String] = []
        for first in types.indices {
            for second in types.indices where second > first && mayOverlap(types[first], types[second]) {
                pairs.append("'\(names[first])' before '\(names[second])'")
            }
        }
        guard !pairs.isEmpty else { return }
        let listed = pairs.prefix(3).joined(separator: ", ") + (pairs.count > 3 ? " and \(pairs.count - 3) more" : "")
        table.warn("variants of this '\(keyword)' can fit one value, and nothing in the description tells them apart; the decoder takes the one it tries first: \(listed)", at: position)
    }

    /// Whether one JSON value can decode as both types: two objects whose required fields one
    /// of them has all of, two numbers, two texts (an enum keeps any text as `unknown`).
    private func mayOverlap(_ first: ImportedType, _ second: ImportedType) -> Bool {
        switch (shapeFamily(first), shapeFamily(second)) {
        case ("object", "object"):
            guard case .declared(let one) = first, case .declared(let other) = second, table.isModel(one), table.isModel(other) else { return true }
            let required = { (name: String) in Set(self.table.allFields(of: name).filter { !$0.isOptional }.map(\.wireName)) }
            let (oneNames, otherNames) = (Set(table.allFields(of: one).map(\.wireName)), Set(table.allFields(of: other).map(\.wireName)))
            return required(one).isSubset(of: otherNames) && required(other).isSubset(of: oneNames)
        case (let one, let other): return one == other && one != "array"
        }
    }

    /// The JSON kind a type decodes from: `object`, `array`, `number`, `text`, `bool`.
    private func shapeFamily(_ type: ImportedType) -> String {
        table.jsonShape(of: type).family
    }
}
