import RoutegenCore

/// The conversion of a schema into a route-language type: where it stands (a JSON or a
/// multipart body, a request or an answer, inside which component), passed down by value to
/// the schemas inside it, and the `DeclarationTable` every conversion of the import shares.
///
/// This file holds the dispatch: references, a component's own name, and which construct a
/// schema is; each construct has a converter of its own (`ObjectConverter`, `AllOfConverter`,
/// `EnumConverter`, `ChoiceConverter`, `ShapeUnionConverter`, `ScalarConverter`).
struct SchemaConversion {
    /// Where the schema is used: a multipart body's fields hold files as `FilePart`.
    enum Context: Hashable {
        case json
        case multipart
    }

    /// Which form of a schema used both ways (`DirectionPlan`) is converted: requests send
    /// `input` (no `readOnly` fields), responses answer `output` (no `writeOnly` fields).
    enum Direction: Hashable {
        case input
        case output
    }

    let table: DeclarationTable
    /// Whether a request body is converted, which takes the `input` form of a split schema.
    var isRequest = false
    /// The form of the split schema being converted; nil outside one.
    var direction: Direction?
    /// How deep the schema is: 1 for the schema of a body, response or parameter itself.
    var depth = 0
    /// The component (its place in `components/schemas`) whose schema is being converted, for
    /// the order declarations are written in.
    var componentOrder = Int.max
    /// The component schema being converted, which `$recursiveRef: "#"` refers to.
    var componentName: String?

    init(table: DeclarationTable, isRequest: Bool = false) {
        self.table = table
        self.isRequest = isRequest
    }

    var dialect: ImportDialect { table.dialect }
    var schemas: SchemaTable { table.document.schemas }

    /// The type of `schema`; `hint` names a declaration it needs (made unique).
    func convert(_ schema: SchemaObject, hint: String, context: Context = .json) -> ConvertedType {
        // An export says `FilePart` itself (`contentMediaType`), so a model is one declaration
        // whether a multipart or a JSON body holds it.
        let context = dialect.readsMultipartAsJSON ? .json : context
        var inner = self
        inner.depth += 1
        if let reference = schema.reference {
            return inner.convertReference(reference, sibling: schema, hint: hint, context: context)
        }
        // JSON Schema 2019-09's reference to the schema it stands in (a filter made of filters).
        if let position = schema.recursiveReference, let component = componentName {
            let reference = SchemaReference(
                text: "#/components/schemas/" + Self.pointerEscaped(component), position: position,
                target: .schema(component: ("schemas", component), insideSchemaComponent: component)
            )
            return inner.convertReference(reference, sibling: schema, hint: hint, context: context)
        }
        // Inside a split schema, a part that holds nothing directional is one declaration.
        if inner.direction != nil, !holdsDirectional(schema) { inner.direction = nil }
        let key = DeclarationTable.Key(position: schema.position, context: context, direction: inner.direction)
        if schema.position != .none, let cached = table.converted[key] { return cached }
        if schema.position != .none, table.inProgress.contains(key) {
            table.warnTyped("this schema holds itself through arrays or compositions only, with no object between; imported as 'JSONValue'", at: schema.position)
            return ConvertedType(type: .json)
        }
        table.inProgress.insert(key)
        defer { table.inProgress.remove(key) }
        let converted = inner.convertInline(schema, hint: hint, context: context, key: key)
        if schema.position != .none { table.converted[key] = converted }
        return converted
    }

    private func convertReference(_ reference: SchemaReference, sibling schema: SchemaObject, hint: String, context: Context) -> ConvertedType {
        let nullable = schema.isNullable
        let component: (section: String, name: String)?
        let inside: String?
        switch reference.target {
        case .notText(let kind):
            table.warnTyped("'$ref' is \(kind), not a reference text; imported as 'JSONValue'", at: reference.position)
            return ConvertedType(type: .json, isNullable: nullable)
        case .external:
            table.warnTyped("'$ref' to '\(reference.text)' points outside this document, which is not fetched; imported as 'JSONValue'", at: reference.position)
            return ConvertedType(type: .json, isNullable: nullable)
        case .missing:
            table.warnTyped("'$ref' to '\(reference.text)' points to nothing in this document; imported as 'JSONValue'", at: reference.position)
            return ConvertedType(type: .json, isNullable: nullable)
        case .schema(let target, let insideComponent):
            component = target
            // A component schema sets the form of everything inside it: its own when it is split,
            // none otherwise (so a schema used one way is converted once).
            inside = target.map { $0.section == "schemas" ? $0.name : nil } ?? insideComponent
        }
        guard let target = schemas.schema(for: reference) else {
            table.warnTyped("'$ref' to '\(reference.text)' points to nothing in this document; imported as 'JSONValue'", at: reference.position)
            return ConvertedType(type: .json, isNullable: nullable)
        }
        var inner = self
        inner.direction = inside.map(formOf(component:)) ?? direction
        let key = DeclarationTable.Key(position: target.position, context: context, direction: inner.direction)
        if target.reference != nil, table.inProgress.contains(key) {
            table.warnTyped("'$ref' to '\(reference.text)' refers to itself through references only; imported as 'JSONValue'", at: reference.position)
            return ConvertedType(type: .json, isNullable: nullable)
        }
        var converted: ConvertedType
        if let component, component.section == "schemas" {
            table.reachedComponents.insert(component.name)
            // A schema the configuration maps to a type the app has is that type.
            if let override = table.typeOverrides[component.name] { return ConvertedType(type: .written(override), isNullable: nullable) }
            if target.extensions.isStandIn {
                // A generic instance (`Page_Book`) or an imported type: the type it stands for.
                let text = target.extensions.type?.text ?? component.name
                guard let written = WrittenType(text, isScalar: false) else {
                    table.warnTyped("'x-routegen-type' of '\(component.name)' is '\(text)', not a route-language type; imported as 'JSONValue'", at: target.position)
                    return ConvertedType(type: .json, isNullable: nullable)
                }
                return ConvertedType(type: .written(written), isNullable: nullable)
            }
            if table.converted[key] == nil, !table.inProgress.contains(key) { inner.componentOrder = table.componentOrder[component.name] ?? Int.max }
            inner.componentName = component.name
            converted = inner.convertNamed(target, name: component.name, context: context, key: key)
        } else {
            let last = ReferenceIndex.pointerTokens(String(reference.text.dropFirst())).last ?? hint
            converted = inner.convert(target, hint: SwiftNaming.upperCamelCase(last), context: context)
        }
        if nullable { converted.isNullable = true }
        return converted
    }

    /// A component schema: declared under its own name when it needs a declaration.
    private func convertNamed(_ schema: SchemaObject, name: String, context: Context, key: DeclarationTable.Key) -> ConvertedType {
        if let cached = table.converted[key] { return cached }
        if let reference = schema.reference {
            table.inProgress.insert(key)
            defer { table.inProgress.remove(key) }
            let converted = convertReference(reference, sibling: schema, hint: name, context: context)
            table.converted[key] = converted
            return converted
        }
        let typeName = table.typeName(ofComponent: name) ?? name
        if direction == .input {
            // The form requests send: named after the component, `BookInput`.
            let converted = convert(schema, hint: typeName + "Input", context: context)
            if case .declared(let declared) = converted.type { table.inputTypeNames[name] = declared }
            return converted
        }
        if table.typeName(ofComponent: name) != nil, table.declaration(named: typeName) == nil { table.fixedNames[key] = typeName }
        return convert(schema, hint: typeName, context: context)
    }

    /// The form a component schema is converted in: its direction's when it is split.
    private func formOf(component name: String) -> Direction? {
        guard table.splitComponents.contains(name) else { return nil }
        return isRequest ? .input : .output
    }

    /// Whether a schema has a `readOnly` or `writeOnly` property, or refers to a split
    /// component, anywhere inside it: then its two forms differ.
    func holdsDirectional(_ schema: SchemaObject) -> Bool {
        if let known = table.directionalParts[schema.position] { return known }
        var result = false
        if let component = schema.reference?.insideSchemaComponentName, table.splitComponents.contains(component) {
            result = true
        } else if let properties = schema.properties, properties.contains(where: { $0.schema.isReadOnly || $0.schema.isWriteOnly }) {
            result = true
        } else {
            result = schema.children.contains(where: holdsDirectional)
        }
        if schema.position != .none { table.directionalParts[schema.position] = result }
        return result
    }

    private func convertInline(_ schema: SchemaObject, hint: String, context: Context, key: DeclarationTable.Key) -> ConvertedType {
        guard schema.isMapping else {
            if case .boolean(false) = schema.form { table.warn("the schema 'false' allows no value; imported as 'JSONValue'", at: schema.position) }
            return ConvertedType(type: .json)
        }
        let types = schema.types
        let nullable = schema.isNullable
        if let written = ScalarConverter(conversion: self).writtenType(schema) {
            return ConvertedType(type: written, isNullable: nullable)
        }
        if var converted = convertByKeyword(schema, hint: hint, context: context, key: key) {
            converted.isNullable = converted.isNullable || nullable
            return converted
        }
        if types.count > 1 {
            table.warnTyped("a value of types \(types.map { "'" + $0 + "'" }.joined(separator: ", ")) has no one route type; imported as 'JSONValue'", at: schema.position)
            return ConvertedType(type: .json, isNullable: nullable)
        }
        let type = types.first ?? (schema.properties != nil || schema.additionalProperties != nil ? "object" : schema.items != nil ? "array" : "")
        return ConvertedType(type: convertTyped(schema, type: type, hint: hint, context: context, key: key), isNullable: nullable)
    }

    /// The type a keyword that decides it gives (`x-routegen-patch-of`, `enum`, `const`,
    /// `allOf`, `oneOf`, `anyOf`); nil when the schema has none of them.
    private func convertByKeyword(_ schema: SchemaObject, hint: String, context: Context, key: DeclarationTable.Key) -> ConvertedType? {
        if let model = schema.extensions.patchOf, SwiftNaming.isIdentifier(model) {
            let name = table.reserve(hint, key: key)
            let fields = (schema.properties ?? []).compactMap(\.name)
            table.declare(name, .patch(of: model, fields: fields), schema: schema, order: componentOrder)
            return ConvertedType(type: .declared(name))
        }
        if let enumeration = schema.enumeration {
            return EnumConverter(conversion: self).convert(schema, values: enumeration, hint: hint, key: key)
        }
        if let constant = schema.constant {
            let type: ImportedType = switch constant.value {
            case .string: .builtin("String")
            case .number(let text): text.contains(where: { ".eE".contains($0) }) ? .builtin("Double") : .builtin("Int")
            case .bool: .builtin("Bool")
            default: .json
            }
            return ConvertedType(type: type)
        }
        if let parts = schema.allOf {
            return AllOfConverter(conversion: self).convert(schema, parts: parts, hint: hint, context: context, key: key)
        }
        for keyword in ["oneOf", "anyOf"] {
            if let variants = schema.choice(keyword), let constants = EnumConverter.constants(of: variants) {
                return EnumConverter(conversion: self).convert(schema, constants: constants, position: variants.position, hint: hint, key: key)
            }
            if let variants = schema.choice(keyword), schema.properties == nil {
                return ChoiceConverter(conversion: self).convert(schema, keyword: keyword, variants: variants, hint: hint, context: context, key: key)
            }
        }
        return nil
    }

    /// The type of a schema by its `type` (`string`, `integer`, `number`, `boolean`, `array`,
    /// `object`; empty for a schema that says none).
    private func convertTyped(_ schema: SchemaObject, type: String, hint: String, context: Context, key: DeclarationTable.Key) -> ImportedType {
        let scalars = ScalarConverter(conversion: self)
        switch type {
        case "string": return scalars.stringType(schema, context: context)
        case "integer", "number", "boolean": return scalars.numberType(schema, type: type)
        case "array": return scalars.arrayType(schema, hint: hint, context: context)
        case "object": return ObjectConverter(conversion: self).convert(schema, hint: hint, context: context, key: key)
        case "":
            table.warnOpen(schema, "says nothing of its value (no 'type', 'properties' or 'items')")
            return .json
        default:
            table.warnTyped("unknown schema type '\(type)'; imported as 'JSONValue'", at: schema.typePosition ?? schema.position)
            return .json
        }
    }

    // MARK: Shared by the converters

    /// A declaration of `name` for `schema`, in this conversion's component's order.
    func declare(_ name: String, _ kind: ImportedDeclaration.Kind, schema: SchemaObject) {
        table.declare(name, kind, schema: schema, order: componentOrder)
    }

    /// An object schema's properties with those of its `allOf` parts, references followed; nil
    /// when the schema is not an object.
    func objectProperties(_ schema: SchemaObject, depth: Int) -> [SchemaProperty]? {
        guard depth < 16, let schema = schemas.dereferenced(schema) else { return nil }
        var properties = schema.properties ?? []
        for part in schema.allOf ?? [] {
            if let more = objectProperties(part, depth: depth + 1) {
                properties += more
            } else if !isObjectWithoutProperties(part) {
                return nil
            }
        }
        guard !properties.isEmpty, schema.types.isEmpty || schema.types == ["object"] else { return nil }
        return properties.map { SchemaProperty(name: $0.name, keyPosition: $0.keyPosition, schema: schemas.dereferenced($0.schema) ?? $0.schema) }
    }

    /// Whether an `allOf` part adds no property but says nothing against an object either
    /// (`{type: object, required: [id]}`, a description).
    private func isObjectWithoutProperties(_ part: SchemaObject) -> Bool {
        guard let schema = schemas.dereferenced(part), schema.properties == nil, schema.allOf == nil,
              schema.oneOf == nil, schema.anyOf == nil, schema.enumeration == nil else { return false }
        return schema.types.isEmpty || schema.types == ["object"]
    }

    /// A JSON pointer token: `~` as `~0`, `/` as `~1`.
    static func pointerEscaped(_ token: String) -> String {
        var escaped = ""
        for character in token {
            switch character {
            case "~": escaped += "~0"
            case "/": escaped += "~1"
            default: escaped.append(character)
            }
        }
        return escaped
    }
}
