import RoutegenCore

/// The variants of a union by a `discriminator`: each `$ref` variant's model with the tags the
/// mapping gives it, or, where the mapping leaves it out, its schema's name unless the schema
/// allows other values only.
struct DiscriminatedVariants {
    let conversion: SchemaConversion

    private var table: DeclarationTable { conversion.table }

    /// In `oneOf` order, a model listed twice (two tags) twice, then the mapping's other models.
    /// Nil when a variant is not a `$ref` to a model.
    func variants(_ schema: SchemaObject, variants: [SchemaObject], discriminator: Discriminator, name: String, context: SchemaConversion.Context) -> [ImportedVariant]? {
        let property = discriminator.propertyName ?? ""
        let mapping = discriminator.mapping.compactMap { entry in entry.reference.flatMap { reference in reference.textIfAny.map { (tag: entry.tag, reference: reference, text: $0) } } }
        var references: [SchemaReference] = []
        for variant in variants {
            guard let reference = variant.reference, reference.textIfAny != nil else { return nil }
            references.append(reference)
        }
        for entry in mapping where !references.contains(where: { $0.text == entry.text }) { references.append(entry.reference) }
        var usedTags: Set<String> = []
        var result: [ImportedVariant] = []
        // What each variant allows for the property, read once for the variants the mapping leaves out.
        let mappedReferences = Set(mapping.map(\.text))
        let allowed = references.allSatisfy({ mappedReferences.contains($0.text) }) ? [] : references.map { ($0.text, allowedTags($0, property: property)) }
        for reference in references {
            let converted = conversion.convert(.made(reference: reference.said(at: schema.position)), hint: name + "Variant", context: context)
            switch converted.type {
            case .declared(let declared) where table.isModel(declared): break
            case .written(let written) where !written.isScalar: break
            default: return nil
            }
            let mapped = mapping.filter { $0.text == reference.text }.compactMap(\.tag)
            let tags: [String]
            if let unused = mapped.first(where: { !usedTags.contains($0) }) {
                tags = [unused]
            } else if mapped.isEmpty {
                tags = impliedTags(reference.text, among: allowed, property: property, model: converted.type.text, at: discriminator.position).filter { !usedTags.contains($0) }
            } else {
                continue
            }
            for tag in tags {
                usedTags.insert(tag)
                result.append(unionVariant(tag: tag, model: converted.type, facts: schema.extensions.variants?[tag]))
            }
        }
        return result
    }

    /// The tags of a variant the mapping does not name: the schema's name, unless the variant
    /// allows other values only (its property's `const` or `enum`). Then its tags are those of its
    /// values that no other variant allows, and of those several allow the ones it is chosen for
    /// (`chosen`), with a warning: a value its own schema forbids never arrives.
    private func impliedTags(_ reference: String, among allowed: [(reference: String, values: [String]?)], property: String, model: String, at position: DocumentPosition) -> [String] {
        let schemaName = Self.componentName(reference) ?? model
        guard let own = allowed.first(where: { $0.reference == reference })?.values, !own.contains(schemaName) else { return [schemaName] }
        var tags: [String] = []
        for value in own {
            let allowing = allowed.filter { $0.values?.contains(value) == true }.map(\.reference)
            let chosen = Self.chosen(for: value, among: allowing)
            guard chosen == reference else { continue }
            tags.append(value)
            if allowing.count > 1 {
                let names = allowing.map { "'" + (Self.componentName($0) ?? $0) + "'" }
                table.warn("'\(value)' of '\(property)' is allowed by \(names.dropLast().joined(separator: ", ")) and \(names.last!); it chooses '\(Self.componentName(chosen) ?? chosen)'", at: position)
            }
        }
        return tags.isEmpty ? [schemaName] : tags
    }

    /// Which of the variants that allow `value` it chooses: the one whose component's name holds
    /// it (`runbook`: `RunnerRunbookPostBody`) when only one does, else the first.
    private static func chosen(for value: String, among allowing: [String]) -> String {
        let word = value.lowercased().filter { $0.isLetter || $0.isNumber }
        let named = allowing.filter { (componentName($0) ?? "").lowercased().contains(word) }
        return named.count == 1 ? named[0] : allowing[0]
    }

    /// The last token of a reference: `Card` for `#/components/schemas/Card`.
    private static func componentName(_ reference: String) -> String? {
        ReferenceIndex.pointerTokens(String(reference.drop(while: { $0 != "/" }))).last
    }

    /// The values a referenced object schema allows for `property`; nil when it allows any.
    private func allowedTags(_ reference: SchemaReference, property: String) -> [String]? {
        let properties = conversion.objectProperties(.made(reference: reference), depth: 0) ?? []
        return properties.lazy.filter { $0.name == property }.compactMap { ChoiceConverter.tagValues($0.schema) }.first
    }

    /// A union's variant, with what an export says of it (`x-routegen-variants`).
    private func unionVariant(tag: String, model: ImportedType, facts: SchemaExtensions.MemberFacts?) -> ImportedVariant {
        var variant = ImportedVariant(tag: tag, swiftName: nil, model: model)
        if let facts {
            variant.documentation = RouteText.documentationLines(facts.description)
            variant.isDeprecated = facts.isDeprecated
            variant.swiftName = facts.swiftName.flatMap { SwiftNaming.isIdentifier($0) ? $0 : nil }
        }
        return variant
    }
}
