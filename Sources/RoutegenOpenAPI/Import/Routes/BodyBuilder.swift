import RoutegenCore

/// An operation's request body: JSON first (merge patch, form and multipart next), unless its
/// schema holds a file, which JSON cannot carry; a model of the fields for a form or a
/// multipart body; raw bytes of the media type otherwise.
struct BodyBuilder {
    let table: DeclarationTable

    private var dialect: ImportDialect { table.dialect }

    /// The operation's body and its media type; none (with a warning) for a method that sends none.
    func requestBody(of operation: OperationObject, typeHint: String) -> (ImportedBody?, String?) {
        guard let requestBody = operation.requestBody, let position = operation.requestBodyPosition else { return (nil, nil) }
        if !EndpointKitVocabulary.methodAllowsBody(operation.method) {
            let named = operation.operationID.map { "operation '\($0)' (\(operation.method) \(operation.template))" }
                ?? "operation \(operation.method) \(operation.template)"
            table.warn("\(named) has a request body, which a route does not send with \(operation.method); left out", at: position)
            return (nil, nil)
        }
        guard let resolved = PayloadNotes.resolved(requestBody, table: table), !resolved.content.isEmpty,
              let mediaType = chosenEntry(resolved.content).mediaType else { return (nil, nil) }
        // What a request sends: a schema both directions use is its `Input` form.
        let conversion = SchemaConversion(table: table, isRequest: true)
        guard let body = bodyClause(resolved, typeHint: typeHint + "Request", conversion: conversion) else { return (nil, nil) }
        return (body, mediaType)
    }

    /// JSON first, unless its schema holds a file (`format: binary`), which JSON cannot carry:
    /// then the multipart form, when there is one.
    private func chosenEntry(_ content: [MediaTypeObject]) -> MediaTypeObject {
        let preferred = Self.preferredEntry(content)
        guard Self.isJSON(preferred.mediaType ?? ""), let schema = preferred.schema, holdsFile(schema, depth: 0),
              let form = content.first(where: { Self.isForm($0.mediaType ?? "") }) else { return preferred }
        return form
    }

    /// Whether a schema (its properties, items and variants, three levels deep) holds bytes.
    private func holdsFile(_ schema: SchemaObject, depth: Int) -> Bool {
        guard depth < 4 else { return false }
        let target: SchemaObject?
        if let reference = schema.reference, reference.textIfAny != nil { target = table.document.schemas.schema(for: reference) } else { target = schema }
        guard let target else { return false }
        if target.format == "binary" { return true }
        let children = (target.properties ?? []).map(\.schema) + [target.items].compactMap { $0 }
            + (target.oneOf?.schemas ?? []) + (target.anyOf?.schemas ?? []) + (target.allOf ?? [])
        return children.contains { holdsFile($0, depth: depth + 1) }
    }

    /// The entry a route prefers: JSON, a merge patch, a multipart form, a form, else the first.
    static func preferredEntry(_ content: [MediaTypeObject]) -> MediaTypeObject {
        let preference: [(String) -> Bool] = [
            { isJSON($0) },
            { $0.lowercased() == "application/merge-patch+json" },
            { isForm($0) },
            { $0.lowercased().hasPrefix("application/x-www-form-urlencoded") },
        ]
        for accepts in preference {
            for entry in content where accepts(entry.mediaType ?? "") { return entry }
        }
        return content[0]
    }

    private func bodyClause(_ requestBody: RequestBodyObject, typeHint: String, conversion: SchemaConversion) -> ImportedBody? {
        let content = requestBody.content
        let mediaTypes = content.compactMap(\.mediaType)
        let chosen = chosenEntry(content)
        let mediaType = chosen.mediaType ?? ""
        if mediaTypes.count > 1 {
            let reason = Self.isForm(mediaType) && mediaTypes.contains(where: Self.isJSON) ? ", since its schema holds a file, which JSON cannot carry" : ""
            table.warn("the request body is also accepted as \(mediaTypes.filter { $0 != mediaType }.map { "'" + $0 + "'" }.joined(separator: ", ")); imported as '\(mediaType)'" + reason, at: chosen.keyPosition)
        }
        let lowered = mediaType.lowercased()
        let schema = chosen.schema
        // An export writes `required: false` for an optional body type; a foreign description
        // leaves `required` out for most bodies it means to be sent.
        let optional = dialect.readsBodiesAsWritten && requestBody.required == false
        if schema?.hasContentMediaType == true {
            return .raw(mediaType: mediaType)
        }
        if Self.isJSON(lowered) || lowered == "application/merge-patch+json" {
            guard let schema else { return .json(.json) }
            let type = conversion.convert(schema, hint: typeHint).type
            if type == .builtin(EndpointKitVocabulary.dataType) || type == .builtin(EndpointKitVocabulary.filePartType) { return .raw(mediaType: mediaType) }
            return lowered == "application/merge-patch+json" ? .mergePatch(type.optional(optional)) : .json(type.optional(optional))
        }
        // An export's form and multipart bodies are what the route file said (a generic
        // instance or an imported type too); the resolver checks them.
        if dialect.readsBodiesAsWritten, let schema, Self.isForm(lowered) {
            return .multipart(conversion.convert(schema, hint: typeHint, context: .multipart).type.optional(optional))
        }
        if dialect.readsBodiesAsWritten, let schema, lowered.hasPrefix("application/x-www-form-urlencoded") {
            return .form(conversion.convert(schema, hint: typeHint, context: .json).type.optional(optional))
        }
        if Self.isForm(lowered), let schema {
            return multipartBody(schema, mediaType: mediaType, optional: optional, typeHint: typeHint, conversion: conversion)
        }
        if lowered.hasPrefix("application/x-www-form-urlencoded"), let schema {
            return formBody(schema, mediaType: mediaType, optional: optional, typeHint: typeHint, conversion: conversion)
        }
        guard Self.isMediaType(mediaType) else {
            table.warn("request body media type '\(mediaType)' is not 'type/subtype'; imported as 'application/octet-stream'", at: chosen.keyPosition)
            return .raw(mediaType: "application/octet-stream")
        }
        return .raw(mediaType: mediaType)
    }

    /// A foreign description's multipart body: a model whose fields are the parts, else raw bytes.
    private func multipartBody(_ schema: SchemaObject, mediaType: String, optional: Bool, typeHint: String, conversion: SchemaConversion) -> ImportedBody {
        let type = conversion.convert(schema, hint: typeHint, context: .multipart).type
        if case .declared(let name) = type, table.isModel(name), !table.allFields(of: name).isEmpty {
            return .multipart(type.optional(optional))
        }
        table.warn("the multipart body is '\(type.text)', not an object whose properties are the parts; imported as raw bytes", at: schema.position)
        return .raw(mediaType: mediaType)
    }

    /// A foreign description's form body: a flat model of text values, else raw bytes.
    private func formBody(_ schema: SchemaObject, mediaType: String, optional: Bool, typeHint: String, conversion: SchemaConversion) -> ImportedBody {
        let type = conversion.convert(schema, hint: typeHint).type
        let enums = table.enumNames
        let isFlat = { (field: ImportedField) -> Bool in
            if case .array(let element) = field.type { return element.isScalar(enums: enums) }
            return field.type.isScalar(enums: enums)
        }
        if case .declared(let name) = type, table.isModel(name), table.allFields(of: name).allSatisfy(isFlat) {
            return .form(type.optional(optional))
        }
        table.warn("the form body is '\(type.text)', not a flat object of text values; imported as raw bytes", at: schema.position)
        return .raw(mediaType: mediaType)
    }

    /// A media type JSON decodes: `application/json` and `+json` suffixes (a JSON patch and a
    /// merge patch aside).
    static func isJSON(_ mediaType: String) -> Bool {
        let base = mediaType.split(separator: ";").first.map { $0.trimmingBlanks.lowercased() } ?? ""
        return base == "application/json" || (base.hasSuffix("+json") && base != "application/merge-patch+json" && base != "application/json-patch+json")
    }

    static func isForm(_ mediaType: String) -> Bool {
        mediaType.lowercased().hasPrefix("multipart/form-data")
    }

    /// Whether `text` is `type/subtype`, parameters allowed.
    static func isMediaType(_ text: String) -> Bool {
        let base = text.split(separator: ";").first.map { $0.trimmingBlanks } ?? ""
        let parts = base.split(separator: "/", omittingEmptySubsequences: false)
        return parts.count == 2 && parts.allSatisfy { !$0.isEmpty && $0.allSatisfy { !$0.isWhitespace } }
    }
}
