import RoutegenCore

/// Which component schemas are imported once per direction: those that requests send and
/// responses answer alike, and that hold a `readOnly` or `writeOnly` property (or a schema that
/// does). Such a schema is two declarations: `X`, which responses answer, without its
/// `writeOnly` fields, and `XInput`, which requests send, without its `readOnly` fields. A
/// schema used one way only is one declaration, as written.
struct DirectionPlan {
    /// The component schemas that get two declarations.
    let split: Set<String>

    init(document: OpenAPIDocument) {
        var sent: [SchemaObject] = []
        var answered: [SchemaObject] = []
        for operation in document.operations {
            if let body = operation.requestBody?.object { sent += body.content.compactMap(\.schema) }
            for entry in operation.responses {
                if let response = entry.response.object { answered += response.content.compactMap(\.schema) }
            }
        }
        let schemas = document.schemas
        let references = Self.referencesByComponent(schemas)
        let sentComponents = Self.reached(from: sent, references: references)
        let answeredComponents = Self.reached(from: answered, references: references)
        let directional = Self.directional(schemas, references: references)
        split = directional.intersection(sentComponents).intersection(answeredComponents)
    }

    /// The component schemas each component schema refers to, anywhere inside it.
    private static func referencesByComponent(_ schemas: SchemaTable) -> [String: [String]] {
        var result: [String: [String]] = [:]
        for name in schemas.componentNames {
            guard let schema = schemas.component(name) else { continue }
            result[name] = componentReferences(in: schema)
        }
        return result
    }

    /// The schema components the references in a schema point to or into, in the order met.
    private static func componentReferences(in schema: SchemaObject) -> [String] {
        var names: [String] = []
        var pending = [schema]
        while let current = pending.popLast() {
            if let name = current.reference?.insideSchemaComponentName { names.append(name) }
            pending += current.children
        }
        return names
    }

    /// Every component schema that `roots` reach through references.
    private static func reached(from roots: [SchemaObject], references: [String: [String]]) -> Set<String> {
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
    private static func directional(_ schemas: SchemaTable, references: [String: [String]]) -> Set<String> {
        var result: Set<String> = []
        for name in schemas.componentNames {
            if let schema = schemas.component(name), holdsDirectionalProperty(schema) { result.insert(name) }
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

    private static func holdsDirectionalProperty(_ schema: SchemaObject) -> Bool {
        var pending = [schema]
        while let current = pending.popLast() {
            if (current.properties ?? []).contains(where: { $0.schema.isReadOnly || $0.schema.isWriteOnly }) { return true }
            pending += current.children
        }
        return false
    }
}
