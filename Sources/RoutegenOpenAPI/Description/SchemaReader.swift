import RoutegenCore

/// Every schema of a description, read once: the components by name, in the order written, and
/// the schemas other references point to (`#/paths/~1a/get/...`, `#/components/parameters/x/schema`).
struct SchemaTable: Sendable {
    /// `components/schemas` by name.
    private(set) var components: [String: SchemaObject] = [:]
    /// The names of `components/schemas` in the order written.
    private(set) var componentNames: [String] = []
    /// The other references' targets, by their text.
    private(set) var pointed: [String: SchemaObject] = [:]

    /// The component schema `name`.
    func component(_ name: String) -> SchemaObject? {
        components[name]
    }

    /// The schema a reference leads to; nil when it leads to none.
    func schema(for reference: SchemaReference) -> SchemaObject? {
        guard case .schema(let component, _) = reference.target else { return nil }
        if let component, component.section == "schemas" { return components[component.name] }
        return pointed[reference.text]
    }

    /// The schema `schema` stands for, references followed (nil when one leads nowhere, or after
    /// 16 of them), or the schema itself.
    func dereferenced(_ schema: SchemaObject) -> SchemaObject? {
        var current = schema
        for _ in 0..<16 {
            guard let reference = current.reference else { return current }
            guard let next = self.schema(for: reference) else { return nil }
            current = next
        }
        return nil
    }

    mutating func addComponent(_ name: String, _ schema: SchemaObject) {
        guard components[name] == nil else { return }
        components[name] = schema
        componentNames.append(name)
    }

    mutating func addPointed(_ text: String, _ schema: SchemaObject) {
        pointed[text] = schema
    }
}

/// Reads schema nodes into `SchemaObject`s, resolving each `$ref` once against the document
/// (`ReferenceIndex`); the targets of references that are no component are read after the
/// nodes that name them (`readPointedSchemas`), so a schema that refers into itself reads once.
struct SchemaReader {
    let index: ReferenceIndex
    private(set) var table = SchemaTable()
    private var pendingPointers: [String] = []
    private var seenPointers: Set<String> = []

    init(index: ReferenceIndex) {
        self.index = index
    }

    /// Reads `components/schemas`, then everything their references point to.
    mutating func readComponents() {
        for name in index.componentNames["schemas"] ?? [] {
            guard let node = index.component("schemas", name) else { continue }
            table.addComponent(name, read(node))
        }
        readPointedSchemas()
    }

    /// Reads the targets of the references met so far that are no schema component.
    mutating func readPointedSchemas() {
        while let text = pendingPointers.popLast() {
            guard case .node(let node, _) = index.target(of: text) else { continue }
            table.addPointed(text, read(node))
        }
    }

    /// The schema `node` is.
    mutating func read(_ node: DocumentNode) -> SchemaObject {
        guard let entries = node.entries else {
            return SchemaObject.made(form: node.bool.map(SchemaObject.Form.boolean) ?? .other, at: node.position)
        }
        let keys = KeywordNodes(entries)
        let items = keys["items"].map { read($0) }
        let typeNode = keys["type"]
        var types: [String] = []
        if let single = typeNode?.string { types = [single] } else if let list = typeNode?.sequence { types = list.compactMap(\.string) }
        let hasNull = types.contains("null")
        types.removeAll { $0 == "null" }
        return SchemaObject(
            form: .mapping(isEmpty: entries.isEmpty), position: node.position, reference: keys["$ref"].map { reference($0) },
            recursiveReference: keys["$recursiveRef"].flatMap { $0.string == "#" ? $0.position : nil },
            types: types, typePosition: typeNode?.position, isNullable: keys["nullable"]?.bool == true || hasNull,
            typeIsNull: typeNode?.string == "null", format: keys["format"]?.string,
            title: keys["title"]?.string, description: keys["description"]?.string,
            isDeprecated: keys["deprecated"]?.bool == true, isReadOnly: keys["readOnly"]?.bool == true, isWriteOnly: keys["writeOnly"]?.bool == true,
            properties: keys["properties"].map { properties($0) },
            required: (keys["required"]?.sequence ?? []).compactMap { item in item.string.map { Located(value: $0, position: item.position) } },
            additionalProperties: keys["additionalProperties"].map { read($0) }, items: items,
            allOf: keys["allOf"]?.sequence.map { $0.map { read($0) } },
            oneOf: composition(keys["oneOf"]), anyOf: composition(keys["anyOf"]),
            enumeration: keys["enum"].flatMap { node in node.sequence.map { Composition.Values(values: $0, position: node.position) } },
            constant: keys["const"], defaultValue: keys["default"], discriminator: keys["discriminator"].map { discriminator($0) },
            contentEncoding: keys["contentEncoding"]?.string, hasContentMediaType: keys["contentMediaType"] != nil,
            value: Self.valueKeywords(keys, items: items), onlyAnnotates: Self.onlyAnnotates(entries), extensions: Self.extensions(keys)
        )
    }

    private mutating func properties(_ node: DocumentNode) -> [SchemaProperty] {
        (node.entries ?? []).map { entry in
            SchemaProperty(name: entry.key.string, keyPosition: entry.key.position, schema: read(entry.value))
        }
    }

    private mutating func composition(_ node: DocumentNode?) -> Composition? {
        guard let node, let list = node.sequence else { return nil }
        return Composition(schemas: list.map { read($0) }, position: node.position)
    }

    /// A `$ref`, resolved; a target that is no schema component is read later.
    mutating func reference(_ node: DocumentNode) -> SchemaReference {
        guard let text = node.string else { return SchemaReference(text: "", position: node.position, target: .notText(node.kindDescription)) }
        switch index.target(of: text) {
        case .external: return SchemaReference(text: text, position: node.position, target: .external)
        case .missing: return SchemaReference(text: text, position: node.position, target: .missing)
        case .node(_, let component):
            if component?.section != "schemas", seenPointers.insert(text).inserted { pendingPointers.append(text) }
            return SchemaReference(text: text, position: node.position, target: .schema(component: component, insideSchemaComponent: Self.schemaComponent(containing: text)))
        }
    }

    /// The schema component a reference points to or into (`#/components/schemas/Rule/allOf/0`).
    static func schemaComponent(containing reference: String) -> String? {
        let tokens = ReferenceIndex.pointerTokens(String(reference.dropFirst()))
        guard reference.hasPrefix("#"), tokens.count >= 3, tokens[0] == "components", tokens[1] == "schemas" else { return nil }
        return tokens[2]
    }

    private mutating func discriminator(_ node: DocumentNode) -> Discriminator {
        Discriminator(
            propertyName: node["propertyName"]?.string,
            mapping: (node["mapping"]?.entries ?? []).map { entry in (tag: entry.key.string, reference: entry.value.string == nil ? nil : reference(entry.value)) },
            position: node.position
        )
    }

    /// The bounds: 3.1 writes an exclusive bound as a number, 3.0 as a flag beside the bound.
    private static func valueKeywords(_ keys: KeywordNodes, items: SchemaObject?) -> ValueKeywords {
        func bound(_ keyword: String, _ exclusiveKeyword: String) -> ValueKeywords.Bound? {
            if let node = keys[exclusiveKeyword], let text = node.number {
                return ValueKeywords.Bound(text: text, isExclusive: true, keyword: exclusiveKeyword, position: node.position)
            }
            guard let node = keys[keyword], let text = node.number else { return nil }
            return ValueKeywords.Bound(text: text, isExclusive: keys[exclusiveKeyword]?.bool == true, keyword: keyword, position: node.position)
        }
        return ValueKeywords(
            minimum: bound("minimum", "exclusiveMinimum"), maximum: bound("maximum", "exclusiveMaximum"), multipleOf: keys["multipleOf"],
            minLength: keys["minLength"], maxLength: keys["maxLength"], minItems: keys["minItems"], maxItems: keys["maxItems"],
            // A `const` (or an `enum` of one value) is the value itself: the example samples send.
            pattern: keys["pattern"], format: keys["format"]?.string,
            example: keys["const"] ?? Self.onlyValue(keys["enum"]) ?? keys["example"] ?? keys["examples"]?.sequence?.first,
            items: items
        )
    }

    private static let annotations: Set<String> = [
        "description", "title", "example", "examples", "nullable", "readOnly", "writeOnly", "deprecated", "default", "externalDocs", "$comment",
    ]

    /// The one value of an `enum` that lists exactly one (not null); nil otherwise.
    private static func onlyValue(_ node: DocumentNode?) -> DocumentNode? {
        guard let values = node?.sequence, values.count == 1, !values[0].isNull else { return nil }
        return values[0]
    }

    private static func onlyAnnotates(_ entries: [DocumentEntry]) -> Bool {
        entries.allSatisfy { entry in
            guard let key = entry.key.string else { return false }
            return annotations.contains(key) || key.hasPrefix("x-")
        }
    }

    private static func extensions(_ keys: KeywordNodes) -> SchemaExtensions {
        func text(_ key: String) -> SchemaExtensions.Text? {
            keys[key].map { SchemaExtensions.Text(text: $0.string, kindDescription: $0.kindDescription, position: $0.position) }
        }
        func facts(_ key: String) -> [String: SchemaExtensions.MemberFacts]? {
            guard let entries = keys[key]?.entries else { return keys[key] == nil ? nil : [:] }
            var byName: [String: SchemaExtensions.MemberFacts] = [:]
            for entry in entries {
                guard let name = entry.key.string, byName[name] == nil else { continue }
                byName[name] = SchemaExtensions.MemberFacts(
                    swiftName: entry.value["swift-name"]?.string, description: entry.value["description"]?.string,
                    isDeprecated: entry.value["deprecated"]?.bool == true
                )
            }
            return byName
        }
        var extensions = SchemaExtensions()
        extensions.type = text("x-routegen-type")
        extensions.id = text("x-routegen-id")
        extensions.typeParameter = keys["x-routegen-type-parameter"]?.string
        extensions.swiftName = keys["x-routegen-swift-name"]?.string
        extensions.additionalName = keys["x-routegen-additional"]?.string
        extensions.patchOf = keys["x-routegen-patch-of"]?.string
        extensions.cases = facts("x-routegen-cases")
        extensions.variants = facts("x-routegen-variants")
        extensions.byShape = keys["x-routegen-by-shape"].map { $0.sequence?.compactMap(\.string) ?? [] }
        extensions.genericParameters = keys["x-routegen-generic-parameters"].map { node in
            (node.sequence ?? []).compactMap { $0.string.flatMap { SwiftNaming.isIdentifier($0) ? $0 : nil } }
        }
        extensions.disabledRules = DescriptionReader.disabledRules(keys["x-routegen-disable"])
        extensions.isStandIn = keys["x-routegen-instance-of"] != nil || keys["x-routegen-imported"]?.bool == true
        extensions.enumVarNames = (keys["x-enum-varnames"]?.sequence ?? []).map(\.string)
        return extensions
    }
}

/// A mapping's values by key, the first of each key, looked up by hashing rather than a walk
/// over the entries per keyword.
private struct KeywordNodes {
    private var byKey: [String: DocumentNode] = [:]

    init(_ entries: [DocumentEntry]) {
        byKey.reserveCapacity(entries.count)
        for entry in entries {
            if let key = entry.key.string, byKey[key] == nil { byKey[key] = entry.value }
        }
    }

    subscript(key: String) -> DocumentNode? { byKey[key] }
}
