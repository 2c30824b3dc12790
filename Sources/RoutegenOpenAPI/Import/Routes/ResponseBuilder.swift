import RoutegenCore

/// What an operation answers: the type of its first 2xx response (JSON decoded, other media
/// types as `Data`, none as `Empty`) and its `accept`, its status when not the usual one, a
/// stream it offers, and the type of its first error response with a JSON body.
struct ResponseBuilder {
    let table: DeclarationTable

    private var dialect: ImportDialect { table.dialect }

    /// The status of the response the route answers as, when it is not the one the route file
    /// implies (200, or 204 for `Empty`).
    func successStatus(_ operation: OperationObject, response: ImportedType) -> Int? {
        guard let first = operation.responses.first(where: \.isSuccess), let code = Int(first.code) else { return nil }
        return code == (response == .builtin(EndpointKitVocabulary.emptyType) ? 204 : 200) ? nil : code
    }

    func response(_ operation: OperationObject, typeHint: String) -> (ImportedType, String?) {
        let empty = ImportedType.builtin(EndpointKitVocabulary.emptyType)
        let data = ImportedType.builtin(EndpointKitVocabulary.dataType)
        var success = operation.responses.filter(\.isSuccess)
        if success.isEmpty, operation.responses.count == 1, operation.responses[0].code == "DEFAULT" { success = operation.responses }
        guard let first = success.first else {
            table.warn("\(operation.method) '\(operation.template)' has no 2xx response; imported as '-> Empty'", at: operation.responsesPosition ?? operation.position)
            return (empty, nil)
        }
        guard let response = PayloadNotes.resolved(first.response, table: table) else { return (empty, nil) }
        warnAboutWhatRoutesDoNotRead(response, code: first.code)
        let others = success.dropFirst().filter { other in
            guard let resolved = PayloadNotes.resolved(other.response, table: table) else { return false }
            return !resolved.content.isEmpty
        }
        if let other = others.first {
            table.warn("response \(other.code) has content of its own; the route answers as its \(first.code) response", at: other.keyPosition)
        }
        let content = response.content
        guard first.code != "204", !content.isEmpty else {
            // An accept beside `-> Empty`, which no response content can show.
            if let accept = operation.extensions.accept, BodyBuilder.isMediaType(accept) { return (empty, accept) }
            return (empty, nil)
        }
        let conversion = SchemaConversion(table: table)
        if dialect.readsResponsesAsWritten, content.count == 1, let mediaType = content[0].mediaType, BodyBuilder.isMediaType(mediaType) {
            // The export's one response content: its key is the route's accept unless it is the
            // default, and a string with `contentMediaType` is bytes not decoded.
            let accept = mediaType == "application/json" ? nil : mediaType
            guard let schema = content[0].schema else { return (.json, accept) }
            if schema.hasContentMediaType { return (data, accept) }
            let converted = conversion.convert(schema, hint: typeHint + "Response")
            return (converted.type.optional(converted.isNullable), accept)
        }
        if let json = content.first(where: { BodyBuilder.isJSON($0.mediaType ?? "") }) {
            guard let schema = json.schema else { return (.json, nil) }
            return (conversion.convert(schema, hint: typeHint + "Response").type, nil)
        }
        let mediaType = content[0].mediaType ?? ""
        if mediaType.lowercased().hasPrefix("text/plain") || BodyBuilder.isMediaType(mediaType) {
            return (data, BodyBuilder.isMediaType(mediaType) ? mediaType : nil)
        }
        table.warn("response media type '\(mediaType)' is not 'type/subtype'; imported as 'Data'", at: content[0].keyPosition)
        return (data, nil)
    }

    /// What a route file has no place for: said once per operation, never dropped silently.
    private func warnAboutWhatRoutesDoNotRead(_ response: ResponseObject, code: String) {
        if let first = response.headers.first {
            let names = response.headers.compactMap(\.name).map { "'" + $0 + "'" }.joined(separator: ", ")
            table.warn("response \(code)'s headers \(names) are not something a route reads; left out", at: first.keyPosition)
        }
        if let links = response.links {
            table.warn("response \(code)'s links \(links.value.map { "'" + $0 + "'" }.joined(separator: ", ")) are not something a route file says; left out", at: links.position)
        }
    }

    /// The stream a 2xx response offers (`text/event-stream`, `application/jsonl`,
    /// `application/x-ndjson`) and the type of one event's data or one line: its schema's, else
    /// `String` for events and `JSONValue` for lines.
    func stream(_ operation: OperationObject, typeHint: String) -> (streaming: ResponseStreaming, element: ImportedType)? {
        guard let first = operation.responses.first(where: \.isSuccess), let response = PayloadNotes.resolved(first.response, table: table) else { return nil }
        for entry in response.content {
            guard let mediaType = entry.mediaType, let streaming = ResponseStreaming(mediaType: mediaType) else { continue }
            guard let schema = entry.schema ?? entry.itemSchema else {
                return (streaming, streaming == .events ? .builtin("String") : .json)
            }
            let type = SchemaConversion(table: table).convert(schema, hint: typeHint + "StreamEvent").type
            if type == .builtin(EndpointKitVocabulary.dataType) { return (streaming, .builtin("String")) }
            return (streaming, type)
        }
        return nil
    }

    /// The type of the first error response (4xx, 5xx, `default`) whose content is JSON; nil when none is.
    func errorType(_ operation: OperationObject, typeHint: String) -> ImportedType? {
        for entry in operation.responses where entry.code.hasPrefix("4") || entry.code.hasPrefix("5") || entry.code == "DEFAULT" {
            guard let resolved = PayloadNotes.resolved(entry.response, table: table),
                  let json = resolved.content.first(where: { BodyBuilder.isJSON($0.mediaType ?? "") }),
                  let schema = json.schema else { continue }
            var hint = typeHint + "Error"
            if let reference = entry.referenceText, let last = ReferenceIndex.pointerTokens(String(reference.dropFirst())).last {
                hint = SwiftNaming.upperCamelCase(last)
            }
            let type = SchemaConversion(table: table).convert(schema, hint: hint).type
            if type == .builtin(EndpointKitVocabulary.dataType) || type == .builtin(EndpointKitVocabulary.filePartType) { continue }
            return type
        }
        return nil
    }
}
