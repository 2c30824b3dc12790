import RoutegenCore

/// Objects: a model of the properties (optional unless `required`, a default kept, the
/// members `additionalProperties` allows kept in one field), a dictionary of an object that
/// describes only its values, `JSONValue` for one that describes nothing.
struct ObjectConverter {
    let conversion: SchemaConversion

    private var table: DeclarationTable { conversion.table }
    private var dialect: ImportDialect { conversion.dialect }

    func convert(_ schema: SchemaObject, hint: String, context: SchemaConversion.Context, key: DeclarationTable.Key) -> ImportedType {
        let properties = schema.properties ?? []
        let additional = schema.additionalProperties
        // An export's model without fields still has its (empty) `properties`.
        if properties.isEmpty, !(dialect.readsEmptyPropertiesAsModel && schema.properties != nil && additional == nil) {
            if let additional, case .mapping(isEmpty: false) = additional.form {
                let value = conversion.convert(additional, hint: hint + "Value")
                // `[String: Int?]`: an export's values may be null only when the route file says so.
                if value.isNullable, dialect.keepsNullableElements { return .dictionary(.optional(value.type)) }
                return .dictionary(value.isNullable ? .json : value.type)
            }
            if let additional, additional.form == .boolean(true) || additional.form == .mapping(isEmpty: true) {
                table.warnOpen(schema, "is an object that says nothing of its values", as: "[String: JSONValue]")
                return .dictionary(.json)
            }
            table.warnOpen(schema, "is an object that says nothing of its fields")
            return .json
        }
        let name = table.reserve(hint, key: key)
        var fields: [ImportedField] = []
        let required = Set(schema.required.map(\.value))
        appendFields(properties, required: required, owner: name, context: context, to: &fields)
        appendUndescribedRequired(schema, required: required, owner: name, context: context, to: &fields)
        if let additional, additional.form == .boolean(true) || additional.isMapping {
            fields.append(additionalField(additional, owner: name, named: schema.extensions.additionalName, among: fields))
        }
        conversion.declare(name, .model(includes: [], fields: fields), schema: schema)
        return .declared(name)
    }

    func appendFields(_ properties: [SchemaProperty], required: Set<String>, owner: String, context: SchemaConversion.Context, to fields: inout [ImportedField]) {
        let fieldContext: SchemaConversion.Context = context == .multipart ? .multipart : .json
        for property in properties {
            guard let wireName = property.name else { continue }
            // A split schema's input form leaves out what only the server says, its output form
            // what only the client says.
            if conversion.direction == .input, property.schema.isReadOnly { continue }
            if conversion.direction == .output, property.schema.isWriteOnly { continue }
            if let existing = fields.firstIndex(where: { $0.wireName == wireName }) {
                refine(&fields[existing], with: property.schema, required: required, owner: owner, context: fieldContext)
                continue
            }
            fields.append(field(wireName, property.schema, isRequired: required.contains(wireName), owner: owner, context: fieldContext, keyPosition: property.keyPosition))
        }
        Self.nameFields(&fields)
    }

    /// A field that a later part describes again: required when that part requires it, its type
    /// narrowed to a declared one (an enum of `tag`), its constraints narrowed (`maxItems: 1`).
    private func refine(_ field: inout ImportedField, with schema: SchemaObject, required: Set<String>, owner: String, context: SchemaConversion.Context) {
        if required.contains(field.wireName) { field.isOptional = false }
        if case .builtin = field.type, schema.enumeration != nil || schema.reference != nil {
            let narrowed = conversion.convert(schema, hint: owner + SwiftNaming.upperCamelCase(field.wireName), context: context)
            if case .declared = narrowed.type { field.type = narrowed.type }
        }
        let narrowing = ConstraintReader(conversion: conversion).constraints(of: schema, type: field.type, subject: "field '\(field.wireName)' of '\(owner)'")
        if !narrowing.isEmpty { field.constraints = narrowing }
    }

    private func field(_ wireName: String, _ schema: SchemaObject, isRequired: Bool, owner: String, context: SchemaConversion.Context, keyPosition: DocumentPosition) -> ImportedField {
        let converted = conversion.convert(schema, hint: owner + SwiftNaming.upperCamelCase(wireName), context: context)
        if conversion.isRequest, conversion.direction == nil, isRequired, schema.isReadOnly, dialect.readsUndescribedRequired {
            table.warn("'\(wireName)' is 'readOnly' and required in a schema that only requests send; kept as a required field, so a request carries it", at: keyPosition)
        }
        let swiftName = schema.extensions.swiftName.flatMap { SwiftNaming.isIdentifier($0) ? $0 : nil }
        var field = ImportedField(
            wireName: wireName, swiftName: swiftName, type: converted.type,
            isOptional: !isRequired, isRequiredNullable: isRequired && converted.isNullable,
            defaultValue: nil, isDeprecated: dialect.readsFieldFacts && schema.isDeprecated, position: schema.position
        )
        if dialect.readsFieldFacts { field.documentation = RouteText.documentationLines(schema.description) }
        field.constraints = ConstraintReader(conversion: conversion).constraints(of: schema, type: converted.type, subject: "field '\(wireName)' of '\(owner)'")
        if field.isOptional, !converted.isNullable, let value = schema.defaultValue {
            field.defaultValue = ConstraintReader(conversion: conversion).defaultLiteral(value, for: converted.type, constraints: field.constraints, subject: "field '\(wireName)' of '\(owner)'")
            if field.defaultValue != nil { field.isOptional = false }
        }
        if field.isRequiredNullable { field.isOptional = false }
        return field
    }

    /// The field that keeps the members `additionalProperties` allows beside the named ones:
    /// `additionalProperties: [String: T] additional` (an export's own name from
    /// `x-routegen-additional`), `T` the schema's type, `JSONValue` (with a warning) for any value.
    private func additionalField(_ additional: SchemaObject, owner: String, named written: String?, among fields: [ImportedField]) -> ImportedField {
        var value = ImportedType.json
        if case .mapping(isEmpty: false) = additional.form {
            let converted = conversion.convert(additional, hint: owner + "Value")
            value = converted.isNullable ? .json : converted.type
        } else {
            table.warnOpen(additional, "of the members beside the named ones says nothing of them")
        }
        var wireName = written.flatMap { SwiftNaming.isIdentifier($0) ? $0 : nil } ?? "additionalProperties"
        let base = wireName
        var number = 2
        while fields.contains(where: { $0.wireName == wireName }) {
            wireName = base + String(number)
            number += 1
        }
        var field = ImportedField(
            wireName: wireName, swiftName: nil, type: .dictionary(value), isOptional: false, isRequiredNullable: false,
            defaultValue: nil, isDeprecated: false, position: additional.position
        )
        field.isAdditional = true
        if dialect.readsFieldFacts { field.documentation = RouteText.documentationLines(additional.description) }
        return field
    }

    /// A name `required` lists that no property of the schema (or of its `allOf` parts) describes
    /// (Box's shared link requires `accessed`): a required `JSONValue` field, with a warning, so
    /// the key is kept and a sample carries it.
    func appendUndescribedRequired(_ schema: SchemaObject, required: Set<String>, owner: String, context: SchemaConversion.Context, to fields: inout [ImportedField]) {
        // What requests send stays as described (a form holds no `JSONValue`); answers keep the key.
        guard context == .json, !conversion.isRequest, dialect.readsUndescribedRequired, !required.isEmpty, !table.allOfTargets.contains(schema.position),
              let described = conversion.objectProperties(schema, depth: 0).map({ Set($0.compactMap(\.name)) }) else { return }
        var listed: [Located<String>] = []
        for part in [schema] + (schema.allOf ?? []) {
            listed += conversion.schemas.dereferenced(part)?.required ?? []
        }
        for name in listed where !described.contains(name.value) && !fields.contains(where: { $0.wireName == name.value }) {
            table.warnCountedOpen("'\(name.value)' is required in '\(owner)', but no property describes it; imported as 'JSONValue', which holds any JSON", at: name.position)
            fields.append(ImportedField(
                wireName: name.value, swiftName: nil, type: .json, isOptional: false, isRequiredNullable: false,
                defaultValue: nil, isDeprecated: false, position: name.position
            ))
        }
        Self.nameFields(&fields)
    }

    /// Gives fields whose Swift names would collide (`a-b` and `a_b`) names of their own.
    static func nameFields(_ fields: inout [ImportedField]) {
        var used: Set<String> = []
        for index in fields.indices {
            let natural = SwiftNaming.lowerCamelCase(fields[index].wireName)
            var candidate = natural == "_" ? "field" : natural
            if let written = fields[index].swiftName { candidate = written }
            var number = 2
            let base = candidate
            while used.contains(candidate) {
                candidate = base + String(number)
                number += 1
            }
            used.insert(candidate)
            fields[index].swiftName = candidate == natural ? nil : candidate
        }
    }
}
