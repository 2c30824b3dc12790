import RoutegenCore

/// Finds the models that would hold themselves by value through required fields only
/// (`parent: Folder` in `Folder`, or through other models), which no value can end, and makes the
/// field that closes each cycle `JSONValue`, with a warning. An optional field on a cycle
/// (`parent: Folder?`) stays typed: the generated model stores it indirectly.
struct CycleBreaker {
    let table: DeclarationTable

    /// A model holding another by value: an included model, or the field at `field`.
    private struct Holding {
        let target: Int
        let field: Int?
    }

    func breakCycles() {
        let declarations = table.orderedDeclarations
        var indexByName: [String: Int] = [:]
        for (index, declaration) in declarations.enumerated() { indexByName[declaration.name] = index }
        let edges = declarations.map { declaration -> [Holding] in
            guard case .model(let includes, let fields) = declaration.kind else { return [] }
            return includes.compactMap { indexByName[$0].map { Holding(target: $0, field: nil) } }
                + fields.indices.compactMap { index in
                    let field = fields[index]
                    guard !field.isOptional, !field.isRequiredNullable, let target = field.type.declaredByValue, table.isModel(target), let node = indexByName[target] else { return nil }
                    return Holding(target: node, field: index)
                }
        }
        let graph = CycleFinder(successors: edges) { $0.target }
        for closing in graph.closingEdges(from: Array(declarations.indices), canClose: { $0.field != nil }) {
            guard let fieldIndex = closing.edge.field, case .model(_, let fields) = declarations[closing.source].kind else { continue }
            let name = declarations[closing.source].name
            let field = fields[fieldIndex]
            let path = closing.path.map { declarations[$0].name }
            let cycle = path.drop(while: { $0 != declarations[closing.edge.target].name }) + [declarations[closing.edge.target].name]
            table.warn("model '\(name)' would hold itself through required fields (\(cycle.joined(separator: " → "))), which no value can end; '\(field.wireName)' is imported as 'JSONValue'", at: field.position)
            table.replaceField(fieldIndex, of: name, with: .json)
        }
    }
}
