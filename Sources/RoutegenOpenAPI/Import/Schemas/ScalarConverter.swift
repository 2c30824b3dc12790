import RoutegenCore

/// Scalars, arrays and the types an extension writes: `string` by its `format` (a date, a UUID,
/// bytes), `integer`, `number` and `boolean`, `array` by its items, `x-routegen-type`; and the
/// literal of a default value.
struct ScalarConverter {
    let conversion: SchemaConversion

    private var table: DeclarationTable { conversion.table }
    private var dialect: ImportDialect { conversion.dialect }

    /// The type an explicit extension gives: `x-routegen-type` (the type as the route file
    /// wrote it), `x-routegen-id` (`ID<Book>`), `x-routegen-type-parameter` (`Item`).
    func writtenType(_ schema: SchemaObject) -> ImportedType? {
        let types = schema.types
        let isScalar = types.count == 1 && ["string", "integer", "number", "boolean"].contains(types[0])
        if let written = schema.extensions.type, !table.namingComponents.contains(schema.position) {
            if let type = written.text.flatMap({ WrittenType($0, isScalar: isScalar) }) { return .written(type) }
            table.warn("'x-routegen-type' is \(written.text.map(StringLiteral.quoted) ?? written.kindDescription), not a route-language type; left aside", at: written.position)
        }
        if let id = schema.extensions.id {
            if let type = id.text.flatMap({ WrittenType("ID<" + $0 + ">", isScalar: true) }) { return .written(type) }
            table.warn("'x-routegen-id' is \(id.text.map(StringLiteral.quoted) ?? id.kindDescription), not a route-language type; left aside", at: id.position)
        }
        if let parameter = schema.extensions.typeParameter, SwiftNaming.isIdentifier(parameter) {
            return WrittenType(parameter, isScalar: false).map(ImportedType.written)
        }
        return nil
    }

    func stringType(_ schema: SchemaObject, context: SchemaConversion.Context) -> ImportedType {
        // OpenAPI 3.1's own spelling of base64 bytes.
        if schema.contentEncoding == "base64" { return .builtin(EndpointKitVocabulary.dataType) }
        // An export writes bytes with their media type: a body's or response's are `Data`
        // (what `body raw` and `-> Data` are made of), a part's or field's `FilePart`.
        if dialect.readsContentMediaTypeAsBytes, schema.hasContentMediaType {
            return .builtin(conversion.depth > 1 ? EndpointKitVocabulary.filePartType : EndpointKitVocabulary.dataType)
        }
        switch schema.format {
        case "date-time": return .builtin("Date")
        case "uuid": return .builtin("UUID")
        case "binary": return .builtin(context == .multipart ? EndpointKitVocabulary.filePartType : EndpointKitVocabulary.dataType)
        case "uri" where dialect.keepsNumberWidthsAndURL: return .builtin("URL")
        default: return .builtin("String")
        }
    }

    /// `integer` (`Int64` for `int64`), `number`, `boolean`.
    func numberType(_ schema: SchemaObject, type: String) -> ImportedType {
        let format = schema.format
        switch type {
        case "integer": return .builtin(format == "int64" ? "Int64" : format == "int32" && dialect.keepsNumberWidthsAndURL ? "Int32" : "Int")
        case "number": return .builtin(format == "float" && dialect.keepsNumberWidthsAndURL ? "Float" : "Double")
        default: return .builtin("Bool")
        }
    }

    func arrayType(_ schema: SchemaObject, hint: String, context: SchemaConversion.Context) -> ImportedType {
        guard let items = schema.items else {
            table.warnOpen(schema, "is an array that says nothing of its items", as: "[JSONValue]")
            return .array(.json)
        }
        // A multipart field's files are parts of their own (`[FilePart]`); other items are JSON.
        let isFiles = context == .multipart && items.format == "binary"
        let element = conversion.convert(items, hint: hint + "Item", context: isFiles ? .multipart : .json)
        if element.isNullable, dialect.keepsNullableElements {
            // `[Int?]`: an export's items may be null only when the route file says so.
            return .array(.optional(element.type))
        }
        if element.isNullable {
            table.warn("array elements may be null, which '[\(element.type.text)]' cannot hold; imported without the null", at: items.position)
        }
        return .array(element.type)
    }

    /// A field or parameter default in route text when it fits `type`; nil otherwise.
    func defaultLiteral(_ value: DocumentNode, for type: ImportedType) -> String? {
        switch (type, value.value) {
        case (.builtin("Bool"), .bool(let flag)): return flag ? "true" : "false"
        case (.written(let written), .bool(let flag)) where written.isScalar: return flag ? "true" : "false"
        case (.builtin("Int"), .number(let text)), (.builtin("Int64"), .number(let text)), (.builtin("Int32"), .number(let text)):
            return Int64(text) != nil ? text : nil
        case (.builtin("Double"), .number(let text)), (.builtin("Float"), .number(let text)):
            return Double(text) != nil ? text : nil
        case (.written(let written), .number(let text)) where written.isScalar:
            // The route file's own number for its own type (`Int8`, `Decimal`, `UInt`).
            return Double(text) != nil ? text : nil
        case (.builtin("String"), .string(let text)): return StringLiteral.quoted(text)
        case (.written(let written), .string(let text)) where written.isScalar: return StringLiteral.quoted(text)
        case (.array, .sequence(let elements)) where elements.isEmpty: return "[]"
        case (.dictionary, .mapping(let entries)) where entries.isEmpty && dialect.keepsWrittenMembers: return "[:]"
        case (.declared(let name), .string(let text)), (.declared(let name), .number(let text)):
            guard case .enumeration(_, let cases)? = table.declaration(named: name)?.kind else { return nil }
            guard let match = cases.first(where: { ($0.integer ?? $0.name) == text }) else { return nil }
            if dialect.keepsWrittenMembers, match.integer != nil { return "." + match.name }
            return "." + (match.swiftName ?? SwiftNaming.lowerCamelCase(match.name))
        default: return nil
        }
    }
}
