import RoutegenCore

/// Finds the models that would hold themselves by value (`parent: Folder?` in `Folder`, or
/// through other models) and makes the field that closes each cycle `JSONValue`, with a warning.
struct CycleBreaker {
    let table: DeclarationTable

    func breakCycles() {
        var state: [String: Int] = [:]  // 1: on the stack, 2: done
        for declaration in table.orderedDeclarations {
            visit(declaration.name, &state, stack: [])
        }
    }

    private func visit(_ name: String, _ state: inout [String: Int], stack: [String]) {
        guard state[name] == nil, case .model(let includes, _)? = table.declaration(named: name)?.kind else { return }
        state[name] = 1
        for included in includes { visit(included, &state, stack: stack + [name]) }
        var index = 0
        while case .model(_, let fields)? = table.declaration(named: name)?.kind, index < fields.count {
            let field = fields[index]
            if let target = field.type.declaredByValue, table.isModel(target) {
                if state[target] == 1 || target == name {
                    let cycle = (stack + [name]).drop(while: { $0 != target }) + [target]
                    table.warn("model '\(name)' would hold itself through '\(field.wireName)' (\(cycle.joined(separator: " → "))), which a struct cannot; '\(field.wireName)' is imported as 'JSONValue'", at: field.position)
                    table.replaceField(index, of: name, with: .json)
                } else {
                    visit(target, &state, stack: stack + [name])
                }
            }
            index += 1
        }
        state[name] = 2
    }
}
