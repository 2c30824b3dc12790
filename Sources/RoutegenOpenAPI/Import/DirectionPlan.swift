import RoutegenCore

/// Which component schemas are imported once per direction: those that requests send and
/// responses answer alike, and that hold a `readOnly` or `writeOnly` property (or a schema that
/// does). Such a schema is two declarations: `X`, which responses answer, without its
/// `writeOnly` fields, and `XInput`, which requests send, without its `readOnly` fields. A
/// schema used one way only is one declaration, as written.
struct DirectionPlan {
    /// The component schemas that get two declarations.
    let split: Set<String>

    init(operations: [DocumentNode], index: ReferenceIndex) {
        var sent: [DocumentNode] = []
        var answered: [DocumentNode] = []
        for operation in operations {
            if let body = Self.resolved(operation["requestBody"], index: index) { sent += Self.schemas(ofContent: body) }
            for response in operation["responses"]?.entries ?? [] {
                if let resolved = Self.resolved(response.value, index: index) { answered += Self.schemas(ofContent: resolved) }
            }
        }
        let references = Self.referencesByComponent(index)
        let sentComponents = Self.reached(from: sent, references: references)
        let answeredComponents = Self.reached(from: answered, references: references)
        let directional = Self.directional(index: index, references: references)
        split = directional.intersection(sentComponents).intersection(answeredComponents)
    }

    /// A request body or response, through one `$ref` to `components`.
    private static func resolved(_ node: DocumentNode?, index: ReferenceIndex) -> DocumentNode? {
        guard let node else { return nil }
        guard let reference = node["$ref"]?.string else { return node }
        if case .node(let target, _) = index.target(of: reference) { return target }
        return nil
    }

    private static func schemas(ofContent node: DocumentNode) -> [DocumentNode] {
        (node["content"]?.entries ?? []).compactMap { $0.value["schema"] }
    }

    /// The component schemas each component schema refers to, anywhere inside it.
    private static func referencesByComponent(_ index: ReferenceIndex) -> [String: [String]] {
        var result: [String: [String]] = [:]
        for name in index.componentNames["schemas"] ?? [] {
            guard let schema = index.component("schemas", name) else { continue }
            result[name] = componentReferences(in: schema)
        }
        return result
    }

    /// `#/components/schemas/<name>` references in a subtree, in the order met.
    private static func componentReferences(in node: DocumentNode) -> [String] {
        var names: [String] = []
        var pending = [node]
        while let current = pending.popLast() {
            switch current.value {
            case .mapping(let entries):
                for entry in entries {
                    if entry.key.string == "$ref", let text = entry.value.string, let name = componentName(text) {
                        names.append(name)
                    } else {
                        pending.append(entry.value)
                    }
                }
            case .sequence(let elements): pending += elements
            default: break
            }
        }
        return names
    }

    /// The component schema a reference points to or into (`#/components/schemas/Rule/allOf/0`).
    static func componentName(_ reference: String) -> String? {
        let tokens = ReferenceIndex.pointerTokens(String(reference.dropFirst()))
        guard reference.hasPrefix("#"), tokens.count >= 3, tokens[0] == "components", tokens[1] == "schemas" else { return nil }
        return tokens[2]
    }

    /// Every component schema that `roots` reach through references.
    private static func reached(from roots: [DocumentNode], references: [String: [String]]) -> Set<String> {
        var reached: Set<String> = []
        var pending = roots.flatMap(componentReferences(in:))
        while let name = pending.popLast() {
            guard reached.insert(name).inserted else { continue }
            pending += references[name] ?? []
        }
        return reached
    }

    /// The component schemas with a `readOnly` or `writeOnly` property in them, and those that
    /// refer to one.
    private static func directional(index: ReferenceIndex, references: [String: [String]]) -> Set<String> {
        var result: Set<String> = []
        for name in index.componentNames["schemas"] ?? [] {
            if let schema = index.component("schemas", name), holdsDirectionalProperty(schema) { result.insert(name) }
        }
        var changed = true
        while changed {
            changed = false
            for (name, targets) in references where !result.contains(name) && targets.contains(where: result.contains) {
                result.insert(name)
                changed = true
            }
        }
        return result
    }

    private static func holdsDirectionalProperty(_ node: DocumentNode) -> Bool {
        var pending = [node]
        while let current = pending.popLast() {
            switch current.value {
            case .mapping(let entries):
                for entry in entries {
                    if entry.key.string == "properties", holdsDirectional(properties: entry.value) { return true }
                    pending.append(entry.value)
                }
            case .sequence(let elements): pending += elements
            default: break
            }
        }
        return false
    }

    /// Whether a `properties` mapping has a `readOnly` or `writeOnly` property.
    static func holdsDirectional(properties: DocumentNode) -> Bool {
        properties.entries?.contains { isReadOnly($0.value) || isWriteOnly($0.value) } ?? false
    }

    /// Whether a property's schema says only responses carry it.
    static func isReadOnly(_ property: DocumentNode) -> Bool { property["readOnly"]?.bool == true }

    /// Whether a property's schema says only requests carry it.
    static func isWriteOnly(_ property: DocumentNode) -> Bool { property["writeOnly"]?.bool == true }
}
