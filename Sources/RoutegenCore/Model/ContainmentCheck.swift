/// Which declared types hold which others by value (not through an array or a dictionary): a
/// struct that holds itself that way cannot exist; a union that does needs `indirect`.
struct ContainmentCheck {
    let declarations: [TypeDeclaration]
    let diagnostics: any DiagnosticSink

    /// One declared type holding another by value: the field or variant, and where it stands.
    private struct Holding {
        let target: Int
        let location: SourceLocation
        let member: String
    }

    func markIndirectUnions(_ declarations: inout [TypeDeclaration]) {
        var indexByName: [String: Int] = [:]
        for (index, declaration) in declarations.enumerated() where indexByName[declaration.name] == nil {
            indexByName[declaration.name] = index
        }
        // Edges: the declared types each declaration holds by value, with the field or variant.
        let edges = declarations.map { declaration -> [Holding] in
            switch declaration.kind {
            case .model(let shape):
                shape.fields.flatMap { field in directNames(field.type, indexByName: indexByName).map { Holding(target: $0, location: field.location, member: field.wireName) } }
            case .union(let shape):
                shape.variants.flatMap { variant in directNames(variant.type, indexByName: indexByName).map { Holding(target: $0, location: variant.location, member: variant.tag) } }
            case .enumeration, .patch:
                []
            }
        }
        let graph = CycleFinder(successors: edges) { $0.target }
        // A struct cycle: a path from a model back to itself through models only.
        let isModel = declarations.map { if case .model = $0.kind { true } else { false } }
        var reported: Set<Int> = []
        for start in declarations.indices where isModel[start] && !reported.contains(start) {
            if let cycle = graph.path(from: start, to: start, allowed: isModel) {
                let names = ([start] + cycle.map(\.target)).map { declarations[$0].name }
                let first = cycle[0]
                let name = declarations[start].name
                diagnostics.emit(.error(
                    "model '\(name)' holds itself through '\(first.member)' (\(names.joined(separator: " → "))); a struct cannot contain itself: use an array '[\(name)]', or refer to it by 'ID<\(name)>'",
                    at: first.location
                ))
                for step in cycle { reported.insert(step.target) }
                reported.insert(start)
            }
        }
        let all = Array(repeating: true, count: declarations.count)
        for index in declarations.indices {
            guard case .union(var shape) = declarations[index].kind, graph.path(from: index, to: index, allowed: all) != nil else { continue }
            shape.isIndirect = true
            declarations[index].kind = .union(shape)
        }
    }

    /// The declared types `type` holds by value: itself when named, the wrapped type of an
    /// optional, never through an array or a dictionary; a generic model's arguments count.
    private func directNames(_ type: TypeReference, indexByName: [String: Int]) -> [Int] {
        switch type {
        case .array:
            return []
        case .optional(let wrapped):
            return directNames(wrapped, indexByName: indexByName)
        case .named(let name, let arguments):
            if name == "Dictionary" || name == "Array" || name == "Swift.Dictionary" || name == "Swift.Array" { return [] }
            if name == "Optional" || name == "Swift.Optional" { return arguments.flatMap { directNames($0, indexByName: indexByName) } }
            var names: [Int] = []
            if let index = indexByName[name] {
                names.append(index)
                if case .model(let shape) = declarations[index].kind {
                    for (position, parameter) in shape.genericParameters.enumerated() where position < arguments.count {
                        if shape.fields.contains(where: { Self.holdsDirectly($0.type, parameter) }) {
                            names += directNames(arguments[position], indexByName: indexByName)
                        }
                    }
                }
            }
            return names
        }
    }

    private static func holdsDirectly(_ type: TypeReference, _ parameter: String) -> Bool {
        switch type {
        case .array: false
        case .optional(let wrapped): holdsDirectly(wrapped, parameter)
        case .named(let name, _): name == parameter
        }
    }
}
