import RoutegenCore

/// `allOf`: a part described only by annotations is the other part itself; otherwise a model
/// that includes the parts that are models and holds the fields of the others, its included
/// fields copied in when including cannot say what the composition says (a field both have,
/// a `required` that applies to an included field), and a field a later part refines as an
/// object given a model of both.
struct AllOfConverter {
    let conversion: SchemaConversion

    private var table: DeclarationTable { conversion.table }

    func convert(_ schema: SchemaObject, parts: [SchemaObject], hint: String, context: SchemaConversion.Context, key: DeclarationTable.Key) -> ConvertedType {
        let ownProperties = schema.properties ?? []
        // `allOf: [X, {description: ...}]` is X described: a part that only annotates adds nothing.
        // But a `required` beside it that asks for more than the part does makes a model of its own.
        let typedParts = parts.filter { !$0.onlyAnnotates }
        let outerRequired = schema.required.map(\.value)
        if typedParts.count == 1, ownProperties.isEmpty,
           Set(outerRequired).isSubset(of: (conversion.schemas.dereferenced(typedParts[0])?.required ?? []).map(\.value)) {
            var converted = conversion.convert(typedParts[0], hint: hint, context: context)
            if parts.contains(where: \.isNullable) { converted.isNullable = true }
            return converted
        }
        let name = table.reserve(hint, key: key)
        var includes: [String] = []
        var inlineParts: [SchemaObject] = []
        var required = Set(outerRequired)
        for part in parts {
            if part.reference != nil {
                if let included = includedModel(part, of: name, context: context) { includes.append(included) }
            } else {
                inlineParts.append(part)
                required.formUnion(part.required.map(\.value))
            }
        }
        let objects = ObjectConverter(conversion: conversion)
        var fields: [ImportedField] = []
        for part in inlineParts {
            for inner in part.allOf ?? [] where inner.properties != nil {
                objects.appendFields(inner.properties ?? [], required: required.union(inner.required.map(\.value)), owner: name, context: context, to: &fields)
            }
            objects.appendFields(part.properties ?? [], required: required, owner: name, context: context, to: &fields)
        }
        objects.appendFields(ownProperties, required: required, owner: name, context: context, to: &fields)
        objects.appendUndescribedRequired(schema, required: required, owner: name, context: context, to: &fields)
        if var flattened = flattenedFields(includes: includes, fields: fields, required: required) {
            mergeRefinedObjects(parts, ownProperties, into: &flattened, owner: name, context: context)
            conversion.declare(name, .model(includes: [], fields: flattened), schema: schema)
        } else {
            mergeRefinedObjects(parts, ownProperties, into: &fields, owner: name, context: context)
            conversion.declare(name, .model(includes: includes, fields: fields), schema: schema)
        }
        return ConvertedType(type: .declared(name))
    }

    /// Gives a field that a later part refines as an object (`parent: {properties: {type: {enum:
    /// [service_reference]}}}` over an earlier part's `parent` model) a model of both schemas,
    /// as every part holds: the earlier fields, narrowed where the later part says more.
    private func mergeRefinedObjects(_ parts: [SchemaObject], _ ownProperties: [SchemaProperty], into fields: inout [ImportedField], owner: String, context: SchemaConversion.Context) {
        // The form requests send leaves the refined fields as they are: a refinement does not
        // repeat the `readOnly` of the fields it narrows.
        guard conversion.direction != .input, parts.count + (ownProperties.isEmpty ? 0 : 1) > 1 else { return }
        var schemas: [(name: String, schemas: [SchemaObject])] = []
        for properties in parts.map({ conversion.objectProperties($0, depth: 0) ?? [] }) + [ownProperties] {
            for property in properties {
                guard let name = property.name else { continue }
                if let index = schemas.firstIndex(where: { $0.name == name }) { schemas[index].schemas.append(property.schema) } else { schemas.append((name, [property.schema])) }
            }
        }
        for (name, found) in schemas where found.count > 1 {
            guard found.dropFirst().contains(where: { $0.reference == nil && Self.narrowsValues($0, depth: 0) }),
                  conversion.schemas.dereferenced(found[0])?.properties != nil,
                  let index = fields.firstIndex(where: { $0.wireName == name }), case .declared = fields[index].type else { continue }
            let both = SchemaObject.made(allOf: found)
            let merged = conversion.convert(both, hint: owner + SwiftNaming.upperCamelCase(name), context: context == .multipart ? .multipart : .json)
            if case .declared = merged.type { fields[index].type = merged.type }
        }
    }

    /// Whether an inline object schema narrows a value somewhere in its properties or inline
    /// `allOf` parts (an `enum` or a `const`, up to three levels down).
    private static func narrowsValues(_ schema: SchemaObject, depth: Int) -> Bool {
        if schema.enumeration != nil || schema.constant != nil { return true }
        guard depth < 3 else { return false }
        if let parts = schema.allOf, parts.contains(where: { $0.reference == nil && narrowsValues($0, depth: depth + 1) }) { return true }
        return (schema.properties ?? []).contains { narrowsValues($0.schema, depth: depth + 1) }
    }

    /// The model an `allOf` part that is a `$ref` includes; nil (with a warning when it adds
    /// something left out) when it is not a model.
    private func includedModel(_ part: SchemaObject, of name: String, context: SchemaConversion.Context) -> String? {
        let converted = conversion.convert(part, hint: name + "Part", context: context)
        if case .declared(let included) = converted.type, table.isModel(included) {
            // A part without fields (all read-only, in the form requests send) adds nothing.
            if conversion.isRequest, table.allFields(of: included).isEmpty { return nil }
            return included
        } else if case .declared(let included) = converted.type, table.declaration(named: included) == nil {
            table.warn("'allOf' part '\(included)' includes the model being declared; its fields are left out of '\(name)'", at: part.position)
        } else if converted.type == .json {
            // An empty or free-form part adds no fields.
        } else {
            table.warn("'allOf' part of type '\(converted.type.text)' is not an object; '\(name)' keeps the object parts only", at: part.position)
        }
        return nil
    }

    /// The fields of an `allOf` model with its included models' copied in, when including them
    /// cannot say it: a field an included model has too (or two included models share), or a
    /// `required` of the composition that makes an included field required. Nil otherwise.
    private func flattenedFields(includes: [String], fields: [ImportedField], required: Set<String>) -> [ImportedField]? {
        let included = includes.flatMap { table.allFields(of: $0) }
        var seen: Set<String> = []
        var clash = false
        for field in included + fields where !seen.insert(field.wireName).inserted { clash = true }
        var merged: [ImportedField] = []
        if clash {
            for field in included + fields {
                if let existing = merged.firstIndex(where: { $0.wireName == field.wireName }) {
                    if required.contains(field.wireName) || !field.isOptional { merged[existing].isOptional = false }
                    // Both parts hold: a later part that narrows a plain value to a declared type
                    // (`type: String` to an enum of `incident_reference`) says more of it.
                    if case .builtin = merged[existing].type, case .declared = field.type { merged[existing].type = field.type }
                    // A later part's constraints are kept where they fit the type kept: a `type:
                    // string` with an example beside an enum (Asana's `resource_subtype`) says nothing
                    // an enum can carry.
                    if !field.constraints.isEmpty, merged[existing].type == field.type { merged[existing].constraints = field.constraints }
                    continue
                }
                var copy = field
                if required.contains(field.wireName), copy.isOptional, copy.defaultValue == nil { copy.isOptional = false }
                merged.append(copy)
            }
        } else {
            // `required` of the composition applies to included fields too: then copy them.
            guard included.contains(where: { required.contains($0.wireName) && $0.isOptional }) else { return nil }
            merged = included + fields
            for index in merged.indices where required.contains(merged[index].wireName) && merged[index].isOptional && merged[index].defaultValue == nil {
                merged[index].isOptional = false
            }
        }
        for index in merged.indices { merged[index].swiftName = nil }
        ObjectConverter.nameFields(&merged)
        return merged
    }
}
