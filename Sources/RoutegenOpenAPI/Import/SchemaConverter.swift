import RoutegenCore
import RoutegenYAML

/// Turns JSON Schemas into route-language types, declaring a model, enum or union for each
/// schema that needs one (a component by its name, an inline one by where it stands), and
/// warning about everything a route file cannot say, with what it became instead.
final class SchemaConverter {
    /// Where the schema is used: a multipart body's fields hold files as `FilePart`.
    enum Context: Hashable {
        case json
        case multipart
    }

    /// Which form of a schema used both ways (`DirectionPlan`) is being converted: requests
    /// send `input` (no `readOnly` fields), responses answer `output` (no `writeOnly` fields).
    enum Direction: Hashable {
        case input
        case output
    }

    private struct CacheKey: Hashable {
        var position: DocumentPosition
        var context: Context
        var direction: Direction?
    }

    /// The component schemas that are two declarations, one per direction.
    var splitComponents: Set<String> = []
    /// Whether a request body is being converted, which takes the `input` form of a split schema.
    var writing = false
    /// The form of the split schema being converted; nil outside one.
    private var direction: Direction?
    /// The declaration of each split component's input form, by component name.
    private(set) var inputTypeNames: [String: String] = [:]
    /// `holdsDirectional` of each schema asked.
    private var directionalParts: [DocumentPosition: Bool] = [:]

    private let index: ReferenceIndex
    private let path: String
    private let sink: any DiagnosticSink
    private var names: TypeNames
    private(set) var declarations: [ImportedDeclaration] = []
    private var declarationIndex: [String: Int] = [:]
    private var cache: [CacheKey: ConvertedType] = [:]
    private var inProgress: Set<CacheKey> = []
    private var componentOrder: [String: Int] = [:]
    /// The component (its index) whose schema is being converted, for the order of the text.
    private var currentComponent = Int.max
    /// Schemas imported as `JSONValue` because they are open (`{}`, an object without properties).
    private(set) var openAsJSON = 0
    /// Schemas imported as `JSONValue` although they say what they hold; see `warnTyped`.
    private(set) var typedAsJSON = 0
    /// The component schema being converted, which `$recursiveRef: "#"` refers to.
    private var currentComponentName: String?
    private var creation = 0
    /// Component schemas reached, by name.
    private(set) var reachedComponents: Set<String> = []
    /// The document is a routegen export (`x-routegen-export`): its schemas are read as the
    /// exporter writes them (docs/openapi.md), every declaration component is declared, and
    /// multipart and JSON uses of a model are one declaration.
    let isExport: Bool
    /// Component schemas whose `x-routegen-type` is the name of the declaration they are (a
    /// key that is not the name: `Caf_E9` for `Café`), not a type to use as written.
    private var namingComponents: Set<DocumentPosition> = []
    /// How deep `convert` is: 1 for the schema of a body, response or parameter itself.
    private var depth = 0
    /// Where the schemas start that an `allOf` of a component refers to: their `required` may
    /// name what the including schema describes.
    private lazy var allOfTargets: Set<DocumentPosition> = {
        var found: Set<DocumentPosition> = []
        func visit(_ node: DocumentNode) {
            // Only where something beside the reference describes properties: a lone `allOf: [$ref]`
            // that annotates a property includes nothing that could describe the target's names.
            if let parts = node["allOf"]?.sequence {
                let references = parts.filter { $0["$ref"] != nil }
                let describesMore = node["properties"] != nil || references.count > 1 || parts.contains { $0["$ref"] == nil && $0["properties"] != nil }
                for part in references where describesMore { if let target = dereferenced(part) { found.insert(target.position) } }
            }
            switch node.value {
            case .mapping(let entries): for entry in entries { visit(entry.value) }
            case .sequence(let elements): for element in elements { visit(element) }
            default: break
            }
        }
        for name in index.componentNames["schemas"] ?? [] { index.component("schemas", name).map(visit) }
        return found
    }()

    init(index: ReferenceIndex, path: String, names: TypeNames, sink: any DiagnosticSink, isExport: Bool = false) {
        self.index = index
        self.path = path
        self.names = names
        self.sink = sink
        self.isExport = isExport
        // Components keep their own names first, so an inline schema named after its place never takes one.
        for (offset, name) in (index.componentNames["schemas"] ?? []).enumerated() {
            componentOrder[name] = offset
            let schema = index.component("schemas", name)
            if let schema, let written = schema["x-routegen-type"]?.string, Self.isDeclaration(schema), SwiftNaming.isIdentifier(written) {
                namingComponents.insert(schema.position)
                componentTypeNames[name] = self.names.take(written) ? written : self.names.unique(written)
            } else if isExport, SwiftNaming.isIdentifier(name), self.names.take(name) {
                // The route file's own name, even one an imported description would not get (`Tag`).
                componentTypeNames[name] = name
            } else {
                componentTypeNames[name] = self.names.unique(name)
            }
        }
        if isExport { declareEveryComponent() }
    }

    /// Whether a component schema is a declaration (model, enum, union, patch), not a stand-in
    /// for a generic instance or an imported type.
    private static func isDeclaration(_ schema: DocumentNode) -> Bool {
        guard !isStandIn(schema) else { return false }
        return ["properties", "allOf", "enum", "oneOf", "x-routegen-patch-of", "x-routegen-generic-parameters"].contains { schema[$0] != nil }
    }

    /// A component that stands for a generic instance (`x-routegen-instance-of`) or an imported
    /// module's type (`x-routegen-imported`): a `$ref` to it is that type, never a declaration.
    private static func isStandIn(_ schema: DocumentNode) -> Bool {
        schema["x-routegen-instance-of"] != nil || schema["x-routegen-imported"]?.bool == true
    }

    /// An export declares every type of its route file, used by a route or not.
    private func declareEveryComponent() {
        for name in index.componentNames["schemas"] ?? [] {
            guard let schema = index.component("schemas", name), !Self.isStandIn(schema) else { continue }
            let reference = DocumentNode(.mapping([DocumentEntry("$ref", DocumentNode(.string("#/components/schemas/" + Self.pointerEscaped(name)), at: .none))]), at: .none)
            _ = convert(reference, hint: name)
        }
    }

    /// A JSON pointer token: `~` as `~0`, `/` as `~1`.
    private static func pointerEscaped(_ token: String) -> String {
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

    /// Each component schema's type name, reserved up front.
    private var componentTypeNames: [String: String] = [:]
    /// The name a declaration made for the node at a key must have (a component's).
    private var fixedNames: [CacheKey: String] = [:]

    /// The names of declared enums.
    private(set) var enumNames: Set<String> = []

    /// The type name a component schema has (its declaration's, when it needs one).
    func typeName(ofComponent name: String) -> String? {
        componentTypeNames[name]
    }

    /// The declaration named `name`.
    func declaration(named name: String) -> ImportedDeclaration? {
        declarationIndex[name].map { declarations[$0] }
    }

    /// Whether `name` is a declared model (not an enum or union).
    func isModel(_ name: String) -> Bool {
        if case .model? = declaration(named: name)?.kind { return true }
        return false
    }

    /// The fields of a model with those of the models it includes, in order.
    func allFields(of name: String) -> [ImportedField] {
        guard case .model(let includes, let fields)? = declaration(named: name)?.kind else { return [] }
        return includes.flatMap { allFields(of: $0) } + fields
    }

    func warn(_ message: String, at position: DocumentPosition) {
        sink.emit(.warning(message, at: position.location(in: path)))
    }

    /// The one warning of an open schema, which only `JSONValue` can hold; none in an export,
    /// which writes `JSONValue` (and `[JSONValue]`, `[String: JSONValue]`) that way.
    private func warnOpen(_ schema: DocumentNode, _ what: String, as type: String = "JSONValue") {
        guard !isExport else { return }
        openAsJSON += 1
        warn("the schema \(what); imported as '\(type)', which holds any JSON", at: schema.position)
    }

    /// The warning of a union with an open variant, whose value can be anything.
    private func warnOpenUnion(_ message: String, at position: DocumentPosition) {
        openAsJSON += 1
        warn(message, at: position)
    }

    /// The warning of a schema that does say what it holds, imported as `JSONValue` all the same
    /// (a reference that leads nowhere, a type no route type is): each is a loss to fix.
    private func warnTyped(_ message: String, at position: DocumentPosition) {
        typedAsJSON += 1
        warn(message, at: position)
    }

    // MARK: Converting

    /// The type of `schema`; `hint` names a declaration it needs (made unique).
    func convert(_ schema: DocumentNode, hint: String, context: Context = .json) -> ConvertedType {
        // An export says `FilePart` itself (`contentMediaType`), so a model is one declaration
        // whether a multipart or a JSON body holds it.
        let context = isExport ? .json : context
        depth += 1
        defer { depth -= 1 }
        if let reference = schema["$ref"] {
            return convertReference(reference, sibling: schema, hint: hint, context: context)
        }
        // JSON Schema 2019-09's reference to the schema it stands in (a filter made of filters).
        if let recursive = schema["$recursiveRef"], recursive.string == "#", let component = currentComponentName {
            let pointer = "#/components/schemas/" + Self.pointerEscaped(component)
            return convertReference(DocumentNode(.string(pointer), at: recursive.position), sibling: schema, hint: hint, context: context)
        }
        // Inside a split schema, a part that holds nothing directional is one declaration.
        let saved = direction
        if direction != nil, !holdsDirectional(schema) { direction = nil }
        defer { direction = saved }
        let key = CacheKey(position: schema.position, context: context, direction: direction)
        if schema.position != .none, let cached = cache[key] { return cached }
        if schema.position != .none, inProgress.contains(key) {
            warnTyped("this schema holds itself through arrays or compositions only, with no object between; imported as 'JSONValue'", at: schema.position)
            return ConvertedType(type: .json)
        }
        inProgress.insert(key)
        defer { inProgress.remove(key) }
        let converted = convertInline(schema, hint: hint, context: context, key: key)
        if schema.position != .none { cache[key] = converted }
        return converted
    }

    private func convertReference(_ reference: DocumentNode, sibling schema: DocumentNode, hint: String, context: Context) -> ConvertedType {
        let nullable = schema["nullable"]?.bool == true
        guard let text = reference.string else {
            warnTyped("'$ref' is \(reference.kindDescription), not a reference text; imported as 'JSONValue'", at: reference.position)
            return ConvertedType(type: .json, isNullable: nullable)
        }
        switch index.target(of: text) {
        case .external:
            warnTyped("'$ref' to '\(text)' points outside this document, which is not fetched; imported as 'JSONValue'", at: reference.position)
            return ConvertedType(type: .json, isNullable: nullable)
        case .missing:
            warnTyped("'$ref' to '\(text)' points to nothing in this document; imported as 'JSONValue'", at: reference.position)
            return ConvertedType(type: .json, isNullable: nullable)
        case .node(let target, let component):
            // A component schema sets the form of everything inside it: its own when it is
            // split, none otherwise (so a schema used one way is converted once).
            let inside = component.map { $0.section == "schemas" ? $0.name : nil } ?? DirectionPlan.componentName(text)
            let targetDirection = inside.map(formOf(component:)) ?? direction
            let key = CacheKey(position: target.position, context: context, direction: targetDirection)
            if target["$ref"] != nil, inProgress.contains(key) {
                warnTyped("'$ref' to '\(text)' refers to itself through references only; imported as 'JSONValue'", at: reference.position)
                return ConvertedType(type: .json, isNullable: nullable)
            }
            var converted: ConvertedType
            if let component, component.section == "schemas", Self.isStandIn(target) {
                // A generic instance (`Page_Book`) or an imported type: the type it stands for.
                reachedComponents.insert(component.name)
                let text = target["x-routegen-type"]?.string ?? component.name
                guard let written = WrittenType(text, isScalar: false) else {
                    warnTyped("'x-routegen-type' of '\(component.name)' is '\(text)', not a route-language type; imported as 'JSONValue'", at: target.position)
                    return ConvertedType(type: .json, isNullable: nullable)
                }
                return ConvertedType(type: .written(written), isNullable: nullable)
            }
            if let component, component.section == "schemas" {
                reachedComponents.insert(component.name)
                let saved = (currentComponent, currentComponentName, direction)
                if cache[key] == nil, !inProgress.contains(key) { currentComponent = componentOrder[component.name] ?? Int.max }
                currentComponentName = component.name
                direction = targetDirection
                converted = convertNamed(target, name: component.name, context: context, key: key)
                (currentComponent, currentComponentName, direction) = saved
            } else {
                let last = ReferenceIndex.pointerTokens(String(text.dropFirst())).last ?? hint
                let saved = direction
                direction = targetDirection
                converted = convert(target, hint: SwiftNaming.upperCamelCase(last), context: context)
                direction = saved
            }
            if nullable { converted.isNullable = true }
            return converted
        }
    }

    /// A component schema: declared under its own name when it needs a declaration.
    private func convertNamed(_ schema: DocumentNode, name: String, context: Context, key: CacheKey) -> ConvertedType {
        if let cached = cache[key] { return cached }
        if let reference = schema["$ref"] {
            inProgress.insert(key)
            defer { inProgress.remove(key) }
            let converted = convertReference(reference, sibling: schema, hint: name, context: context)
            cache[key] = converted
            return converted
        }
        if direction == .input {
            // The form requests send: named after the component, `BookInput`.
            let converted = convert(schema, hint: (componentTypeNames[name] ?? name) + "Input", context: context)
            if case .declared(let declared) = converted.type { inputTypeNames[name] = declared }
            return converted
        }
        if let typeName = componentTypeNames[name], declarationIndex[typeName] == nil { fixedNames[key] = typeName }
        return convert(schema, hint: componentTypeNames[name] ?? name, context: context)
    }

    /// Whether a schema has a `readOnly` or `writeOnly` property, or refers to a split
    /// component, anywhere inside it: then its two forms differ.
    private func holdsDirectional(_ schema: DocumentNode) -> Bool {
        if let known = directionalParts[schema.position] { return known }
        var result = false
        switch schema.value {
        case .mapping(let entries):
            for entry in entries {
                if entry.key.string == "$ref", let text = entry.value.string, let name = DirectionPlan.componentName(text), splitComponents.contains(name) {
                    result = true
                } else if entry.key.string == "properties", DirectionPlan.holdsDirectional(properties: entry.value) {
                    result = true
                } else {
                    result = holdsDirectional(entry.value)
                }
                if result { break }
            }
        case .sequence(let elements): result = elements.contains(where: holdsDirectional)
        default: break
        }
        if schema.position != .none { directionalParts[schema.position] = result }
        return result
    }

    /// The form a component schema is converted in: its direction's when it is split.
    private func formOf(component name: String) -> Direction? {
        guard splitComponents.contains(name) else { return nil }
        return writing ? .input : .output
    }

    private func convertInline(_ schema: DocumentNode, hint: String, context: Context, key: CacheKey) -> ConvertedType {
        guard schema.entries != nil else {
            if schema.bool == false { warn("the schema 'false' allows no value; imported as 'JSONValue'", at: schema.position) }
            return ConvertedType(type: .json)
        }
        let (types, nullable) = Self.typeNames(of: schema)
        if let written = writtenType(schema, types: types) {
            return ConvertedType(type: written, isNullable: nullable)
        }
        if var converted = convertByKeyword(schema, types: types, hint: hint, context: context, key: key) {
            converted.isNullable = converted.isNullable || nullable
            return converted
        }
        if types.count > 1 {
            warnTyped("a value of types \(types.map { "'" + $0 + "'" }.joined(separator: ", ")) has no one route type; imported as 'JSONValue'", at: schema.position)
            return ConvertedType(type: .json, isNullable: nullable)
        }
        let type = types.first ?? (schema["properties"] != nil || schema["additionalProperties"] != nil ? "object" : schema["items"] != nil ? "array" : "")
        return ConvertedType(type: convertTyped(schema, type: type, hint: hint, context: context, key: key), isNullable: nullable)
    }

    /// The names in a schema's `type` (one or a list), without `null`, and whether the value may be null.
    private static func typeNames(of schema: DocumentNode) -> (types: [String], nullable: Bool) {
        var nullable = schema["nullable"]?.bool == true
        var types: [String] = []
        if let type = schema["type"] {
            if let single = type.string {
                types = [single]
            } else if let list = type.sequence {
                types = list.compactMap(\.string)
            }
        }
        if types.contains("null") {
            nullable = true
            types.removeAll { $0 == "null" }
        }
        return (types, nullable)
    }

    /// The type a keyword that decides it gives (`x-routegen-patch-of`, `enum`, `const`,
    /// `allOf`, `oneOf`, `anyOf`); nil when the schema has none of them.
    private func convertByKeyword(_ schema: DocumentNode, types: [String], hint: String, context: Context, key: CacheKey) -> ConvertedType? {
        if let model = schema["x-routegen-patch-of"]?.string, SwiftNaming.isIdentifier(model) {
            let name = reserve(hint, key: key)
            let fields = (schema["properties"]?.entries ?? []).compactMap(\.key.string)
            declare(name, .patch(of: model, fields: fields), schema: schema)
            return ConvertedType(type: .declared(name))
        }
        if let values = schema["enum"]?.sequence {
            return convertEnum(schema, values: values, types: types, hint: hint, key: key)
        }
        if let constant = schema["const"] {
            let type: ImportedType = switch constant.value {
            case .string: .builtin("String")
            case .number(let text): text.contains(where: { ".eE".contains($0) }) ? .builtin("Double") : .builtin("Int")
            case .bool: .builtin("Bool")
            default: .json
            }
            return ConvertedType(type: type)
        }
        if let parts = schema["allOf"]?.sequence {
            return convertAllOf(schema, parts: parts, hint: hint, context: context, key: key)
        }
        for keyword in ["oneOf", "anyOf"] {
            if let variants = schema[keyword]?.sequence, schema["properties"] == nil {
                return convertChoice(schema, keyword: keyword, variants: variants, hint: hint, context: context, key: key)
            }
        }
        return nil
    }

    /// The type of a schema by its `type` (`string`, `integer`, `number`, `boolean`, `array`,
    /// `object`; empty for a schema that says none).
    private func convertTyped(_ schema: DocumentNode, type: String, hint: String, context: Context, key: CacheKey) -> ImportedType {
        let format = schema["format"]?.string
        switch type {
        case "string":
            return stringType(schema, format: format, context: context)
        case "integer":
            return .builtin(format == "int64" ? "Int64" : format == "int32" && isExport ? "Int32" : "Int")
        case "number":
            return .builtin(format == "float" && isExport ? "Float" : "Double")
        case "boolean":
            return .builtin("Bool")
        case "array":
            return arrayType(schema, hint: hint, context: context)
        case "object":
            return convertObject(schema, hint: hint, context: context, key: key)
        case "":
            warnOpen(schema, "says nothing of its value (no 'type', 'properties' or 'items')")
            return .json
        default:
            warnTyped("unknown schema type '\(type)'; imported as 'JSONValue'", at: schema["type"]?.position ?? schema.position)
            return .json
        }
    }

    private func stringType(_ schema: DocumentNode, format: String?, context: Context) -> ImportedType {
        // OpenAPI 3.1's own spelling of base64 bytes.
        if schema["contentEncoding"]?.string == "base64" { return .builtin(EndpointKitVocabulary.dataType) }
        // An export writes bytes with their media type: a body's or response's are `Data`
        // (what `body raw` and `-> Data` are made of), a part's or field's `FilePart`.
        if isExport, schema["contentMediaType"] != nil {
            return .builtin(depth > 1 ? EndpointKitVocabulary.filePartType : EndpointKitVocabulary.dataType)
        }
        switch format {
        case "date-time": return .builtin("Date")
        case "uuid": return .builtin("UUID")
        case "binary": return .builtin(context == .multipart ? EndpointKitVocabulary.filePartType : EndpointKitVocabulary.dataType)
        case "uri" where isExport: return .builtin("URL")
        default: return .builtin("String")
        }
    }

    private func arrayType(_ schema: DocumentNode, hint: String, context: Context) -> ImportedType {
        guard let items = schema["items"] else {
            warnOpen(schema, "is an array that says nothing of its items", as: "[JSONValue]")
            return .array(.json)
        }
        // A multipart field's files are parts of their own (`[FilePart]`); other items are JSON.
        let isFiles = context == .multipart && items["format"]?.string == "binary"
        let element = convert(items, hint: hint + "Item", context: isFiles ? .multipart : .json)
        if element.isNullable, isExport {
            // `[Int?]`: an export's items may be null only when the route file says so.
            return .array(.optional(element.type))
        }
        if element.isNullable {
            warn("array elements may be null, which '[\(element.type.text)]' cannot hold; imported without the null", at: items.position)
        }
        return .array(element.type)
    }

    /// The type an explicit extension gives: `x-routegen-type` (the type as the route file
    /// wrote it), `x-routegen-id` (`ID<Book>`), `x-routegen-type-parameter` (`Item`).
    private func writtenType(_ schema: DocumentNode, types: [String]) -> ImportedType? {
        let isScalar = types.count == 1 && ["string", "integer", "number", "boolean"].contains(types[0])
        if let node = schema["x-routegen-type"], !namingComponents.contains(schema.position) {
            if let written = node.string.flatMap({ WrittenType($0, isScalar: isScalar) }) { return .written(written) }
            warn("'x-routegen-type' is \(node.string.map(StringLiteral.quoted) ?? node.kindDescription), not a route-language type; left aside", at: node.position)
        }
        if let node = schema["x-routegen-id"] {
            if let written = node.string.flatMap({ WrittenType("ID<" + $0 + ">", isScalar: true) }) { return .written(written) }
            warn("'x-routegen-id' is \(node.string.map(StringLiteral.quoted) ?? node.kindDescription), not a route-language type; left aside", at: node.position)
        }
        if let parameter = schema["x-routegen-type-parameter"]?.string, SwiftNaming.isIdentifier(parameter) {
            return WrittenType(parameter, isScalar: false).map(ImportedType.written)
        }
        return nil
    }

    // MARK: Objects

    private func convertObject(_ schema: DocumentNode, hint: String, context: Context, key: CacheKey) -> ImportedType {
        let properties = schema["properties"]?.entries ?? []
        let additional = schema["additionalProperties"]
        // An export's model without fields still has its (empty) `properties`.
        if properties.isEmpty, !(isExport && schema["properties"] != nil && additional == nil) {
            if let additional, additional.entries != nil, !(additional.entries?.isEmpty ?? true) {
                let value = convert(additional, hint: hint + "Value")
                // `[String: Int?]`: an export's values may be null only when the route file says so.
                if value.isNullable, isExport { return .dictionary(.optional(value.type)) }
                return .dictionary(value.isNullable ? .json : value.type)
            }
            if additional?.bool == true || additional?.entries?.isEmpty == true {
                warnOpen(schema, "is an object that says nothing of its values", as: "[String: JSONValue]")
                return .dictionary(.json)
            }
            warnOpen(schema, "is an object that says nothing of its fields")
            return .json
        }
        let name = reserve(hint, key: key)
        var fields: [ImportedField] = []
        let required = Set((schema["required"]?.sequence ?? []).compactMap(\.string))
        appendFields(properties, required: required, owner: name, context: context, to: &fields)
        appendUndescribedRequired(schema, required: required, owner: name, context: context, to: &fields)
        if let additional, additional.bool == true || additional.entries != nil {
            fields.append(additionalField(additional, of: schema, owner: name, among: fields))
        }
        declare(name, .model(includes: [], fields: fields), schema: schema)
        return .declared(name)
    }

    private func appendFields(_ properties: [DocumentEntry], required: Set<String>, owner: String, context: Context, to fields: inout [ImportedField]) {
        for property in properties {
            guard let wireName = property.key.string else { continue }
            // A split schema's input form leaves out what only the server says, its output form
            // what only the client says.
            if direction == .input, DirectionPlan.isReadOnly(property.value) { continue }
            if direction == .output, DirectionPlan.isWriteOnly(property.value) { continue }
            if let existing = fields.firstIndex(where: { $0.wireName == wireName }) {
                if required.contains(wireName) { fields[existing].isOptional = false }
                // A later part that narrows a plain value to a declared type (an enum of `tag`) says more of it.
                if case .builtin = fields[existing].type, Self.narrowsToDeclared(property.value) {
                    let narrowed = convert(property.value, hint: owner + SwiftNaming.upperCamelCase(wireName), context: context == .multipart ? .multipart : .json)
                    if case .declared = narrowed.type { fields[existing].type = narrowed.type }
                }
                // So do its constraints (`sets: {maxItems: 1}` over a list of any length).
                let narrowing = constraints(of: property.value, type: fields[existing].type, subject: "field '\(wireName)' of '\(owner)'")
                if !narrowing.isEmpty { fields[existing].constraints = narrowing }
                continue
            }
            let converted = convert(property.value, hint: owner + SwiftNaming.upperCamelCase(wireName), context: context == .multipart ? .multipart : .json)
            let isRequired = required.contains(wireName)
            if writing, direction == nil, isRequired, DirectionPlan.isReadOnly(property.value), !isExport {
                warn("'\(wireName)' is 'readOnly' and required in a schema that only requests send; kept as a required field, so a request carries it", at: property.key.position)
            }
            let swiftName = property.value["x-routegen-swift-name"]?.string.flatMap { SwiftNaming.isIdentifier($0) ? $0 : nil }
            var field = ImportedField(
                wireName: wireName, swiftName: swiftName, type: converted.type,
                isOptional: !isRequired, isRequiredNullable: isRequired && converted.isNullable,
                defaultValue: nil, isDeprecated: isExport && property.value["deprecated"]?.bool == true, position: property.value.position
            )
            if isExport { field.documentation = Self.documentationLines(property.value) }
            field.constraints = constraints(of: property.value, type: converted.type, subject: "field '\(wireName)' of '\(owner)'")
            if field.isOptional, !converted.isNullable, let value = property.value["default"] {
                field.defaultValue = defaultLiteral(value, for: converted.type)
                if field.defaultValue != nil { field.isOptional = false }
            }
            if field.isRequiredNullable { field.isOptional = false }
            fields.append(field)
        }
        nameFields(&fields)
    }

    /// The field that keeps the members `additionalProperties` allows beside the named ones:
    /// `additionalProperties: [String: T] additional` (an export's own name from
    /// `x-routegen-additional`), `T` the schema's type, `JSONValue` (with a warning) for any value.
    private func additionalField(_ additional: DocumentNode, of schema: DocumentNode, owner: String, among fields: [ImportedField]) -> ImportedField {
        var value = ImportedType.json
        if let entries = additional.entries, !entries.isEmpty {
            let converted = convert(additional, hint: owner + "Value")
            value = converted.isNullable ? .json : converted.type
        } else if !isExport {
            warnOpen(additional, "of the members beside the named ones says nothing of them")
        }
        var wireName = schema["x-routegen-additional"]?.string.flatMap { SwiftNaming.isIdentifier($0) ? $0 : nil } ?? "additionalProperties"
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
        if isExport { field.documentation = Self.documentationLines(additional) }
        return field
    }

    /// A name `required` lists that no property of the schema (or of its `allOf` parts) describes
    /// (Box's shared link requires `accessed`): a required `JSONValue` field, with a warning, so
    /// the key is kept and a sample carries it.
    private func appendUndescribedRequired(_ schema: DocumentNode, required: Set<String>, owner: String, context: Context, to fields: inout [ImportedField]) {
        // What requests send stays as described (a form holds no `JSONValue`); answers keep the key.
        guard context == .json, !writing, !isExport, !required.isEmpty, !allOfTargets.contains(schema.position), let described = objectProperties(schema, depth: 0).map({ Set($0.compactMap(\.key.string)) }) else { return }
        var listed: [(name: String, position: DocumentPosition)] = []
        for part in [schema] + (schema["allOf"]?.sequence ?? []) {
            for item in dereferenced(part)?["required"]?.sequence ?? [] { if let name = item.string { listed.append((name, item.position)) } }
        }
        for (name, position) in listed where !described.contains(name) && !fields.contains(where: { $0.wireName == name }) {
            openAsJSON += 1
            warn("'\(name)' is required in '\(owner)', but no property describes it; imported as 'JSONValue', which holds any JSON", at: position)
            fields.append(ImportedField(
                wireName: name, swiftName: nil, type: .json, isOptional: false, isRequiredNullable: false,
                defaultValue: nil, isDeprecated: false, position: position
            ))
        }
        nameFields(&fields)
    }

    /// Whether a property schema is an `enum` or a `$ref`, which may be narrower than a plain value.
    private static func narrowsToDeclared(_ schema: DocumentNode) -> Bool {
        schema["enum"] != nil || schema["$ref"] != nil
    }

    /// Gives fields whose Swift names would collide (`a-b` and `a_b`) names of their own.
    private func nameFields(_ fields: inout [ImportedField]) {
        var used: Set<String> = []
        for index in fields.indices {
            let natural = SwiftNaming.lowerCamelCase(fields[index].wireName)
            var candidate = natural == "_" ? "field" : natural
            if fields[index].swiftName != nil { candidate = fields[index].swiftName! }
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
        case (.dictionary, .mapping(let entries)) where entries.isEmpty && isExport: return "[:]"
        case (.declared(let name), .string(let text)), (.declared(let name), .number(let text)):
            guard case .enumeration(_, let cases)? = declaration(named: name)?.kind else { return nil }
            guard let match = cases.first(where: { ($0.integer ?? $0.name) == text }) else { return nil }
            if isExport, match.integer != nil { return "." + match.name }
            return "." + (match.swiftName ?? SwiftNaming.lowerCamelCase(match.name))
        default: return nil
        }
    }

    // MARK: Enums

    private func convertEnum(_ schema: DocumentNode, values: [DocumentNode], types: [String], hint: String, key: CacheKey) -> ConvertedType {
        let nullable = values.contains { $0.isNull }
        let present = values.filter { !$0.isNull }
        if present.isEmpty { return ConvertedType(type: .json, isNullable: true) }
        if present.allSatisfy({ $0.bool != nil }) { return ConvertedType(type: .builtin("Bool"), isNullable: nullable) }
        let isInteger = present.allSatisfy { $0.number.map { Int64($0) != nil } ?? false }
        if !isInteger, !present.allSatisfy({ $0.string != nil }) {
            if present.allSatisfy({ $0.number != nil }) { return ConvertedType(type: .builtin("Double"), isNullable: nullable) }
            warnTyped("enum '\(hint)' mixes values of several types; imported as 'JSONValue'", at: schema["enum"]?.position ?? schema.position)
            return ConvertedType(type: .json, isNullable: nullable)
        }
        let name = reserve(hint, key: key)
        var cases: [ImportedCase] = []
        var seen: Set<String> = []
        var swiftNames: Set<String> = ["unknown"]
        let varNames = (schema["x-enum-varnames"]?.sequence ?? []).map { $0.string }
        // What an export says of its cases: `{<wire value>: {swift-name, description, deprecated}}`.
        let facts = schema["x-routegen-cases"]
        for (offset, value) in present.enumerated() {
            let wire = value.string ?? value.number ?? ""
            guard seen.insert(wire).inserted else {
                warn("enum '\(name)' lists the value '\(wire)' twice; imported once", at: value.position)
                continue
            }
            let caseFacts = facts?[wire]
            let documentation = caseFacts.map { Self.documentationLines($0) } ?? []
            let isDeprecated = caseFacts?["deprecated"]?.bool == true
            if let swiftName = caseFacts?["swift-name"]?.string, SwiftNaming.isIdentifier(swiftName), !swiftNames.contains(swiftName) {
                swiftNames.insert(swiftName)
                cases.append(isInteger
                    ? ImportedCase(name: swiftName, swiftName: nil, integer: wire, documentation: documentation, isDeprecated: isDeprecated)
                    : ImportedCase(name: wire, swiftName: swiftName == SwiftNaming.lowerCamelCase(wire) ? nil : swiftName, integer: nil, documentation: documentation, isDeprecated: isDeprecated))
                continue
            }
            defer {
                cases[cases.count - 1].documentation = documentation
                cases[cases.count - 1].isDeprecated = isDeprecated
            }
            if isInteger {
                var caseName = offset < varNames.count ? varNames[offset] ?? "" : ""
                if !SwiftNaming.isIdentifier(caseName) { caseName = "value" + (wire.hasPrefix("-") ? "Minus" + wire.dropFirst() : wire) }
                var candidate = SwiftNaming.lowerCamelCase(caseName)
                let base = candidate
                var number = 2
                while swiftNames.contains(candidate) { candidate = base + String(number); number += 1 }
                swiftNames.insert(candidate)
                cases.append(ImportedCase(name: candidate, swiftName: nil, integer: wire))
            } else {
                let natural = SwiftNaming.lowerCamelCase(wire)
                var candidate = natural == "_" || !SwiftNaming.isIdentifier(natural) ? "empty" : natural == "unknown" ? "unknownValue" : natural
                let base = candidate
                var number = 2
                while swiftNames.contains(candidate) { candidate = base + String(number); number += 1 }
                swiftNames.insert(candidate)
                cases.append(ImportedCase(name: wire, swiftName: candidate == natural ? nil : candidate, integer: nil))
            }
        }
        declare(name, .enumeration(isInteger: isInteger, cases: cases), schema: schema)
        return ConvertedType(type: .declared(name), isNullable: nullable)
    }

    // MARK: Compositions

    private func convertAllOf(_ schema: DocumentNode, parts: [DocumentNode], hint: String, context: Context, key: CacheKey) -> ConvertedType {
        let ownProperties = schema["properties"]?.entries ?? []
        // `allOf: [X, {description: ...}]` is X described: a part that only annotates adds nothing.
        // But a `required` beside it that asks for more than the part does makes a model of its own.
        let typedParts = parts.filter { !Self.onlyAnnotates($0) }
        let outerRequired = (schema["required"]?.sequence ?? []).compactMap(\.string)
        if typedParts.count == 1, ownProperties.isEmpty,
           Set(outerRequired).isSubset(of: (dereferenced(typedParts[0])?["required"]?.sequence ?? []).compactMap(\.string)) {
            var converted = convert(typedParts[0], hint: hint, context: context)
            if parts.contains(where: { $0["nullable"]?.bool == true }) { converted.isNullable = true }
            return converted
        }
        let name = reserve(hint, key: key)
        var includes: [String] = []
        var inlineParts: [DocumentNode] = []
        var required = Set((schema["required"]?.sequence ?? []).compactMap(\.string))
        for part in parts {
            if part["$ref"] != nil {
                if let included = includedModel(part, of: name, context: context) { includes.append(included) }
            } else {
                inlineParts.append(part)
                for item in part["required"]?.sequence ?? [] { if let text = item.string { required.insert(text) } }
            }
        }
        var fields: [ImportedField] = []
        for part in inlineParts {
            if let nested = part["allOf"]?.sequence {
                for inner in nested where inner["properties"] != nil {
                    appendFields(inner["properties"]?.entries ?? [], required: required.union((inner["required"]?.sequence ?? []).compactMap(\.string)), owner: name, context: context, to: &fields)
                }
            }
            appendFields(part["properties"]?.entries ?? [], required: required, owner: name, context: context, to: &fields)
        }
        appendFields(ownProperties, required: required, owner: name, context: context, to: &fields)
        appendUndescribedRequired(schema, required: required, owner: name, context: context, to: &fields)
        if var flattened = flattenedFields(includes: includes, fields: fields, required: required) {
            mergeRefinedObjects(parts, ownProperties, into: &flattened, owner: name, context: context)
            declare(name, .model(includes: [], fields: flattened), schema: schema)
        } else {
            mergeRefinedObjects(parts, ownProperties, into: &fields, owner: name, context: context)
            declare(name, .model(includes: includes, fields: fields), schema: schema)
        }
        return ConvertedType(type: .declared(name))
    }

    /// Gives a field that a later part refines as an object (`parent: {properties: {type: {enum:
    /// [service_reference]}}}` over an earlier part's `parent` model) a model of both schemas,
    /// as every part holds: the earlier fields, narrowed where the later part says more.
    private func mergeRefinedObjects(_ parts: [DocumentNode], _ ownProperties: [DocumentEntry], into fields: inout [ImportedField], owner: String, context: Context) {
        // The form requests send leaves the refined fields as they are: a refinement does not
        // repeat the `readOnly` of the fields it narrows.
        guard direction != .input, parts.count + (ownProperties.isEmpty ? 0 : 1) > 1 else { return }
        var schemas: [(name: String, schemas: [DocumentNode])] = []
        for properties in parts.map({ objectProperties($0, depth: 0) ?? [] }) + [ownProperties] {
            for property in properties {
                guard let name = property.key.string else { continue }
                if let index = schemas.firstIndex(where: { $0.name == name }) { schemas[index].schemas.append(property.value) } else { schemas.append((name, [property.value])) }
            }
        }
        for (name, found) in schemas where found.count > 1 {
            guard found.dropFirst().contains(where: { $0["$ref"] == nil && Self.narrowsValues($0, depth: 0) }),
                  dereferenced(found[0])?["properties"] != nil,
                  let index = fields.firstIndex(where: { $0.wireName == name }), case .declared = fields[index].type else { continue }
            let both = DocumentNode(.mapping([DocumentEntry("allOf", DocumentNode(.sequence(found), at: .none))]), at: .none)
            let merged = convert(both, hint: owner + SwiftNaming.upperCamelCase(name), context: context == .multipart ? .multipart : .json)
            if case .declared = merged.type { fields[index].type = merged.type }
        }
    }

    /// Whether an inline object schema narrows a value somewhere in its properties or inline
    /// `allOf` parts (an `enum` or a `const`, up to three levels down).
    private static func narrowsValues(_ schema: DocumentNode, depth: Int) -> Bool {
        if schema["enum"] != nil || schema["const"] != nil { return true }
        guard depth < 3 else { return false }
        if let parts = schema["allOf"]?.sequence, parts.contains(where: { $0["$ref"] == nil && narrowsValues($0, depth: depth + 1) }) { return true }
        return (schema["properties"]?.entries ?? []).contains { narrowsValues($0.value, depth: depth + 1) }
    }

    /// Whether a schema says nothing of the value, only about it (`description`, `title`,
    /// `example`, `nullable`, `readOnly`, extensions...).
    static func onlyAnnotates(_ schema: DocumentNode) -> Bool {
        guard let entries = schema.entries else { return false }
        let annotations: Set<String> = ["description", "title", "example", "examples", "nullable", "readOnly", "writeOnly", "deprecated", "default", "externalDocs", "$comment"]
        return entries.allSatisfy { entry in
            guard let key = entry.key.string else { return false }
            return annotations.contains(key) || key.hasPrefix("x-")
        }
    }

    /// The model an `allOf` part that is a `$ref` includes; nil (with a warning when it adds
    /// something left out) when it is not a model.
    private func includedModel(_ part: DocumentNode, of name: String, context: Context) -> String? {
        let converted = convert(part, hint: name + "Part", context: context)
        if case .declared(let included) = converted.type, isModel(included) {
            // A part without fields (all read-only, in the form requests send) adds nothing.
            if writing, allFields(of: included).isEmpty { return nil }
            return included
        } else if case .declared(let included) = converted.type, declaration(named: included) == nil {
            warn("'allOf' part '\(included)' includes the model being declared; its fields are left out of '\(name)'", at: part.position)
        } else if converted.type == .json {
            // An empty or free-form part adds no fields.
        } else {
            warn("'allOf' part of type '\(converted.type.text)' is not an object; '\(name)' keeps the object parts only", at: part.position)
        }
        return nil
    }

    /// The fields of an `allOf` model with its included models' copied in, when including them
    /// cannot say it: a field an included model has too (or two included models share), or a
    /// `required` of the composition that makes an included field required. Nil otherwise.
    private func flattenedFields(includes: [String], fields: [ImportedField], required: Set<String>) -> [ImportedField]? {
        let included = includes.flatMap { allFields(of: $0) }
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
                    if !field.constraints.isEmpty { merged[existing].constraints = field.constraints }
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
        nameFields(&merged)
        return merged
    }

    private func convertChoice(_ schema: DocumentNode, keyword: String, variants: [DocumentNode], hint: String, context: Context, key: CacheKey) -> ConvertedType {
        let rest = variants.filter { !Self.isNullSchema($0) }
        let nullable = rest.count < variants.count
        if rest.isEmpty { return ConvertedType(type: .json, isNullable: true) }
        // An export's union of one variant is still a union, and its union by shape stays one.
        let isExportedByShape = isExport && schema["x-routegen-by-shape"] != nil
        if rest.count == 1, !(isExport && schema["discriminator"] != nil), !isExportedByShape {
            var converted = convert(rest[0], hint: hint, context: context)
            converted.isNullable = converted.isNullable || nullable
            return converted
        }
        // A discriminator over inline variants (or `$ref`s with siblings): the variants can still
        // be told apart by the property's values, or else by shape; both keep them typed.
        var unmatchedDiscriminator: String?
        if let discriminator = schema["discriminator"], let property = discriminator["propertyName"]?.string {
            let name = reserve(hint, key: key)
            if let unionVariants = unionVariants(schema, variants: rest, discriminator: discriminator, name: name, context: context), !unionVariants.isEmpty {
                declare(name, .union(discriminator: property, variants: Self.namedVariants(unionVariants)), schema: schema)
                return ConvertedType(type: .declared(name), isNullable: nullable)
            }
            names.release(name)
            unmatchedDiscriminator = property
        }
        if let union = implicitUnion(rest, hint: hint, context: context, key: key) {
            return ConvertedType(type: .declared(union), isNullable: nullable)
        }
        // The union's name first, so inline variants are named after it (`ContentText`).
        let name = reserve(hint, key: key)
        let converted = rest.enumerated().map { index, variant in
            convert(variant, hint: name + Self.variantHint(variant, index: index), context: context)
        }
        let isNullable = nullable || converted.contains(where: \.isNullable)
        let kinds = Set(converted.map { scalarFamily($0.type) })
        if kinds.count == 1, let family = kinds.first, let family, !isExportedByShape {
            unreserve(name, key: key)
            return ConvertedType(type: .builtin(family), isNullable: isNullable)
        }
        if converted.allSatisfy({ $0.type == converted[0].type }), !isExportedByShape {
            unreserve(name, key: key)
            return ConvertedType(type: converted[0].type, isNullable: isNullable)
        }
        let position = schema[keyword]?.position ?? schema.position
        if converted.contains(where: { $0.type == .json }) {
            unreserve(name, key: key)
            warnOpenUnion("'\(keyword)' of \(rest.count) schemas, one of them open (any value), cannot be a union; imported as 'JSONValue'", at: position)
            return ConvertedType(type: .json, isNullable: nullable)
        }
        // In a multipart body one file and a list of files are the same parts on the wire.
        let filePart = ImportedType.builtin(EndpointKitVocabulary.filePartType)
        if converted.allSatisfy({ $0.type == filePart || $0.type == .array(filePart) }) {
            unreserve(name, key: key)
            return ConvertedType(type: .array(filePart), isNullable: isNullable)
        }
        if converted.contains(where: { Self.holdsBytes($0.type) }) {
            unreserve(name, key: key)
            warnTyped("'\(keyword)' of \(rest.count) schemas, some of them bytes (a file), cannot be a union of JSON values; imported as 'JSONValue'", at: position)
            return ConvertedType(type: .json, isNullable: nullable)
        }
        // A generated enum keeps any text (or number) it does not know, so a plain `String` (`Int`)
        // beside one could never be chosen: the enum holds those values, as `unknown`.
        let candidates = zip(rest, converted).map { ($0, $1.type) }.filter { isExportedByShape || !enumHoldsAll(of: $0.1, among: converted.map(\.type)) }
        if candidates.count == 1 {
            unreserve(name, key: key)
            return ConvertedType(type: candidates[0].1, isNullable: isNullable)
        }
        if let property = unmatchedDiscriminator {
            warn("'\(keyword)' with a discriminator whose variants are not all '$ref's to object schemas with '\(property)' values of their own; imported as a union told apart by shape", at: position)
        }
        let variants = shapeVariants(candidates, union: name, schema: schema, keyword: keyword, at: position)
        declare(name, .union(discriminator: nil, variants: variants), schema: schema)
        return ConvertedType(type: .declared(name), isNullable: isNullable)
    }

    // MARK: Unions told apart by shape

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
            guard case .declared(let name) = other, case .enumeration(let integer, _)? = declaration(named: name)?.kind else { return false }
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

    /// `ContentText` for a variant titled "Text", `ContentOption2` for an untitled second one.
    private static func variantHint(_ variant: DocumentNode, index: Int) -> String {
        if let title = variant["title"]?.string {
            let name = SwiftNaming.upperCamelCase(title)
            if SwiftNaming.isIdentifier(name) { return name }
        }
        return "Option" + String(index + 1)
    }

    /// The variants of a union by shape, most specific first (the order the decoder tries them),
    /// each named by its title or its type, or by an export's `x-routegen-by-shape`; one warning
    /// when one value could fit several of them.
    private func shapeVariants(_ variants: [(schema: DocumentNode, type: ImportedType)], union unionName: String, schema: DocumentNode, keyword: String, at position: DocumentPosition) -> [ImportedVariant] {
        let exported = schema["x-routegen-by-shape"]?.sequence?.compactMap(\.string) ?? []
        var ordered = variants.map(\.type)
        var titles = variants.map { $0.schema["title"]?.string }
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
            if let facts = schema["x-routegen-variants"]?[candidate] {
                variant.swiftName = facts["swift-name"]?.string.flatMap { SwiftNaming.isIdentifier($0) && $0 != candidate ? $0 : nil }
                variant.documentation = Self.documentationLines(facts)
                variant.isDeprecated = facts["deprecated"]?.bool == true
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
            switch declaration(named: name)?.kind {
            case .model?, .patch?: return 100 - min(allFields(of: name).filter { !$0.isOptional }.count, 99)
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
        warn("variants of this '\(keyword)' can fit one value, and nothing in the description tells them apart; the decoder takes the one it tries first: \(listed)", at: position)
    }

    /// Whether one JSON value can decode as both types: two objects whose required fields one
    /// of them has all of, two numbers, two texts (an enum keeps any text as `unknown`).
    private func mayOverlap(_ first: ImportedType, _ second: ImportedType) -> Bool {
        switch (shapeFamily(first), shapeFamily(second)) {
        case ("object", "object"):
            guard case .declared(let one) = first, case .declared(let other) = second, isModel(one), isModel(other) else { return true }
            let required = { (name: String) in Set(self.allFields(of: name).filter { !$0.isOptional }.map(\.wireName)) }
            let (oneNames, otherNames) = (Set(allFields(of: one).map(\.wireName)), Set(allFields(of: other).map(\.wireName)))
            return required(one).isSubset(of: otherNames) && required(other).isSubset(of: oneNames)
        case (let one, let other): return one == other && one != "array"
        }
    }

    /// The JSON kind a type decodes from: `object`, `array`, `number`, `text`, `bool`.
    private func shapeFamily(_ type: ImportedType) -> String {
        switch type {
        case .array: return "array"
        case .written(let written): return written.isScalar ? "text" : "object"
        case .optional: return "object"
        case .dictionary: return "object"
        case .declared(let name):
            if case .enumeration(let isInteger, _)? = declaration(named: name)?.kind { return isInteger ? "number" : "text" }
            return "object"
        case .builtin(let name):
            switch name {
            case "Bool": return "bool"
            case "Int", "Int64", "Double": return "number"
            default: return "text"
            }
        }
    }

    // MARK: Unions told apart by a property without a discriminator

    /// A union of object variants without a `discriminator` whose variants one property tells
    /// apart: present in every variant, with its values (`const`, a string `enum`, or a single
    /// `default`) in no two variants. The union's name, declared; nil when no property does it.
    /// A variant that answers to several values is listed once per value.
    private func implicitUnion(_ variants: [DocumentNode], hint: String, context: Context, key: CacheKey) -> String? {
        let properties = variants.map { objectProperties($0, depth: 0) }
        guard properties.allSatisfy({ $0 != nil }) else { return nil }
        guard let (property, tags) = Self.tellingProperty(properties.map { $0! }) else { return nil }
        let name = reserve(hint, key: key)
        var result: [ImportedVariant] = []
        for (variant, variantTags) in zip(variants, tags) {
            let converted = convert(variant, hint: name + SwiftNaming.upperCamelCase(variantTags[0]), context: context)
            let model: ImportedType
            switch converted.type {
            case .declared(let declared) where isModel(declared): model = converted.type
            case .written(let written) where !written.isScalar: model = converted.type
            default:
                names.release(name)
                return nil
            }
            result += variantTags.map { ImportedVariant(tag: $0, swiftName: nil, model: model) }
        }
        declare(name, .union(discriminator: property, variants: Self.namedVariants(result)), schema: variants[0])
        return name
    }

    /// The first property (in the first variant's order) that every variant has with values of
    /// its own, and each variant's values; nil when there is none.
    private static func tellingProperty(_ variants: [[DocumentEntry]]) -> (String, [[String]])? {
        guard variants.count > 1, let first = variants.first else { return nil }
        for candidate in first.compactMap(\.key.string) {
            var seen: Set<String> = []
            var tags: [[String]] = []
            for properties in variants {
                // Every `allOf` part holds, so a part that narrows the property to values says them.
                let narrowed = properties.lazy.filter { $0.key.string == candidate }.compactMap { tagValues($0.value) }.first
                guard let values = narrowed, values.allSatisfy({ seen.insert($0).inserted }) else { break }
                tags.append(values)
            }
            if tags.count == variants.count { return (candidate, tags) }
        }
        return nil
    }

    /// The string values a property schema allows: its `const`, its `enum` of strings, or its
    /// one `default`; nil when it allows others.
    private static func tagValues(_ schema: DocumentNode) -> [String]? {
        if let value = schema["const"]?.string { return [value] }
        if let values = schema["enum"]?.sequence {
            let strings = values.compactMap(\.string)
            return strings.count == values.count && !strings.isEmpty ? strings : nil
        }
        if let value = schema["default"]?.string { return [value] }
        return nil
    }

    /// An object schema's properties with those of its `allOf` parts, references followed; nil
    /// when the schema is not an object.
    private func objectProperties(_ schema: DocumentNode, depth: Int) -> [DocumentEntry]? {
        guard depth < 16, let schema = dereferenced(schema) else { return nil }
        var properties = schema["properties"]?.entries ?? []
        for part in schema["allOf"]?.sequence ?? [] {
            if let more = objectProperties(part, depth: depth + 1) {
                properties += more
            } else if !isObjectWithoutProperties(part) {
                return nil
            }
        }
        let types = Self.typeNames(of: schema).types
        guard !properties.isEmpty, types.isEmpty || types == ["object"] else { return nil }
        return properties.map { DocumentEntry(key: $0.key, value: dereferenced($0.value) ?? $0.value) }
    }

    /// Whether an `allOf` part adds no property but says nothing against an object either
    /// (`{type: object, required: [id]}`, a description).
    private func isObjectWithoutProperties(_ part: DocumentNode) -> Bool {
        guard let schema = dereferenced(part), schema["properties"] == nil, schema["allOf"] == nil,
              schema["oneOf"] == nil, schema["anyOf"] == nil, schema["enum"] == nil else { return false }
        let types = Self.typeNames(of: schema).types
        return types.isEmpty || types == ["object"]
    }

    /// The schema a `$ref` leads to, references followed (nil when one leads nowhere), or the
    /// schema itself.
    func dereferenced(_ schema: DocumentNode) -> DocumentNode? {
        var node = schema
        for _ in 0..<16 {
            guard let text = node["$ref"]?.string else { return node }
            guard case .node(let target, _) = index.target(of: text) else { return nil }
            node = target
        }
        return nil
    }

    /// A `oneOf` or `anyOf` variant that only allows null.
    private static func isNullSchema(_ variant: DocumentNode) -> Bool {
        variant["type"]?.string == "null" || variant["enum"]?.sequence?.allSatisfy(\.isNull) == true
    }

    /// A discriminated choice's variants: in `oneOf` order, a model listed twice (two tags)
    /// twice, then the mapping's other models. Nil when a variant is not a `$ref` to a model.
    private func unionVariants(_ schema: DocumentNode, variants: [DocumentNode], discriminator: DocumentNode, name: String, context: Context) -> [ImportedVariant]? {
        let property = discriminator["propertyName"]?.string ?? ""
        let mapping = discriminator["mapping"]?.entries ?? []
        var references: [String] = []
        for variant in variants {
            guard let reference = variant["$ref"]?.string else { return nil }
            references.append(reference)
        }
        for entry in mapping {
            if let reference = entry.value.string, !references.contains(reference) { references.append(reference) }
        }
        var usedTags: Set<String> = []
        var result: [ImportedVariant] = []
        // What each variant allows for the property, read once for the variants the mapping leaves out.
        let mappedReferences = Set(mapping.compactMap(\.value.string))
        let allowed = references.allSatisfy(mappedReferences.contains) ? [] : references.map { ($0, allowedTags($0, property: property)) }
        for reference in references {
            let converted = convert(DocumentNode(.mapping([DocumentEntry("$ref", DocumentNode(.string(reference), at: schema.position))]), at: .none), hint: name + "Variant", context: context)
            let model: ImportedType
            switch converted.type {
            case .declared(let declared) where isModel(declared): model = converted.type
            case .written(let written) where !written.isScalar: model = converted.type
            default: return nil
            }
            let mapped = mapping.filter { $0.value.string == reference }.compactMap(\.key.string)
            let tags: [String]
            if let unused = mapped.first(where: { !usedTags.contains($0) }) {
                tags = [unused]
            } else if mapped.isEmpty {
                tags = impliedTags(reference, among: allowed, property: property, model: model.text, at: discriminator.position).filter { !usedTags.contains($0) }
            } else {
                continue
            }
            for tag in tags {
                usedTags.insert(tag)
                result.append(unionVariant(tag: tag, model: model, facts: schema["x-routegen-variants"]?[tag]))
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
                warn("'\(value)' of '\(property)' is allowed by \(names.dropLast().joined(separator: ", ")) and \(names.last!); it chooses '\(Self.componentName(chosen) ?? chosen)'", at: position)
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
    private func allowedTags(_ reference: String, property: String) -> [String]? {
        let target = DocumentNode(.mapping([DocumentEntry("$ref", DocumentNode(.string(reference), at: .none))]), at: .none)
        let properties = objectProperties(target, depth: 0) ?? []
        return properties.lazy.filter { $0.key.string == property }.compactMap { Self.tagValues($0.value) }.first
    }

    /// A union's variant, with what an export says of it (`x-routegen-variants`).
    private func unionVariant(tag: String, model: ImportedType, facts: DocumentNode?) -> ImportedVariant {
        var variant = ImportedVariant(tag: tag, swiftName: nil, model: model)
        if let facts {
            variant.documentation = Self.documentationLines(facts)
            variant.isDeprecated = facts["deprecated"]?.bool == true
            variant.swiftName = facts["swift-name"]?.string.flatMap { SwiftNaming.isIdentifier($0) ? $0 : nil }
        }
        return variant
    }

    /// The variants, each tag once, with Swift names of their own (never `unknown`).
    private static func namedVariants(_ variants: [ImportedVariant]) -> [ImportedVariant] {
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

    /// `String` for text-like types (strings and string enums), `Double` for numbers; nil for others.
    private func scalarFamily(_ type: ImportedType) -> String? {
        switch type {
        case .builtin("String"): return "String"
        case .builtin("Int"), .builtin("Int64"), .builtin("Double"): return "Double"
        case .declared(let name):
            if case .enumeration(let isInteger, _)? = declaration(named: name)?.kind { return isInteger ? "Double" : "String" }
            return nil
        default: return nil
        }
    }

    // MARK: Declarations

    private func reserve(_ hint: String, key: CacheKey) -> String {
        let name = fixedNames.removeValue(forKey: key) ?? names.unique(hint)
        cache[key] = ConvertedType(type: .declared(name))
        return name
    }

    /// Gives back a name `reserve` took for a declaration that was not made after all.
    private func unreserve(_ name: String, key: CacheKey) {
        names.release(name)
        cache[key] = nil
    }

    private func declare(_ name: String, _ kind: ImportedDeclaration.Kind, schema: DocumentNode) {
        var documentation: [String] = []
        var isDeprecated = false
        if isExport {
            // An export's `description` is the declaration's `///` lines, every one.
            documentation = Self.documentationLines(schema)
            isDeprecated = schema["deprecated"]?.bool == true
        } else {
            if let line = RouteText.documentationLine(schema["title"]?.string ?? schema["description"]?.string) { documentation.append(line) }
            if schema["deprecated"]?.bool == true { documentation.append("Deprecated in the description.") }
        }
        creation += 1
        if case .enumeration = kind { enumNames.insert(name) }
        declarationIndex[name] = declarations.count
        var declaration = ImportedDeclaration(
            name: name, kind: kind, documentation: documentation, isDeprecated: isDeprecated,
            order: (currentComponent, creation), position: schema.position
        )
        if case .model = kind {
            declaration.genericParameters = (schema["x-routegen-generic-parameters"]?.sequence ?? []).compactMap { $0.string.flatMap { SwiftNaming.isIdentifier($0) ? $0 : nil } }
        }
        declaration.disabledRules = RouteText.disabledRules(schema["x-routegen-disable"])
        declarations.append(declaration)
    }

    /// The `///` lines an export's `description` holds: every line, empty ones too.
    static func documentationLines(_ schema: DocumentNode) -> [String] {
        RouteText.documentationLines(schema["description"]?.string)
    }

    /// Replaces field `field` of model `model` (cycle breaking).
    func replaceField(_ fieldIndex: Int, of model: String, with type: ImportedType) {
        guard let index = declarationIndex[model], case .model(let includes, var fields) = declarations[index].kind else { return }
        fields[fieldIndex].type = type
        declarations[index].kind = .model(includes: includes, fields: fields)
    }

    /// The declarations in the order they are written: components in the description's order,
    /// each followed by the inline types made while converting it, then the others as made.
    var orderedDeclarations: [ImportedDeclaration] {
        declarations.sorted { $0.order < $1.order }
    }
}

/// The type names in use, so each new one is unique and hides nothing.
struct TypeNames {
    private var used: Set<String>

    init(reserved: Set<String>) {
        used = reserved
    }

    /// `base` made an UpperCamelCase identifier that no other type, known type, keyword or
    /// generated name has: `Book`, then `Book2`.
    mutating func unique(_ base: String) -> String {
        var name = SwiftNaming.isIdentifier(base) && base.first?.isUppercase == true ? base : SwiftNaming.upperCamelCase(base)
        if !SwiftNaming.isIdentifier(name) || name == "_" { name = "Model" + name.filter { $0.isLetter || $0.isNumber } }
        if Self.isTaken(name) { name += "Model" }
        var candidate = name
        var number = 2
        while used.contains(candidate) || Self.isTaken(candidate) {
            candidate = name + String(number)
            number += 1
        }
        used.insert(candidate)
        return candidate
    }

    /// Takes `name` exactly when it is free; false when something has it already.
    mutating func take(_ name: String) -> Bool {
        used.insert(name).inserted
    }

    /// Gives a name back (a union that turned out not to be one).
    mutating func release(_ name: String) {
        used.remove(name)
    }

    private static func isTaken(_ name: String) -> Bool {
        EndpointKitVocabulary.knownTypeArity(name) != nil || SwiftNaming.keywords.contains(name)
            || EndpointKitVocabulary.namesGeneratedCodeUses.contains(name)
    }
}
