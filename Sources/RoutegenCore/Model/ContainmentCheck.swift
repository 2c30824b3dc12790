/// Which declared types hold which others by value (not through an array or a dictionary): a
/// model that holds itself through an optional field (`parent: Item?`) stores that field
/// indirectly (`@Indirect`); one that holds itself through required fields only cannot exist;
/// a union that holds itself needs `indirect`.
struct ContainmentCheck {
    let declarations: [TypeDeclaration]
    let diagnostics: any DiagnosticSink

    /// One declared type holding another by value: the field (its index) or variant, where it
    /// stands, and whether it holds it as an optional.
    private struct Holding {
        let target: Int
        let location: SourceLocation
        let member: String
        var field: Int?
        var isOptional = false
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
                shape.fields.indices.flatMap { index in
                    let field = shape.fields[index]
                    return directNames(field.type, indexByName: indexByName).map {
                        Holding(target: $0.index, location: field.location, member: field.wireName, field: index, isOptional: $0.isOptional)
                    }
                }
            case .union(let shape):
                shape.variants.flatMap { variant in directNames(variant.type, indexByName: indexByName).map { Holding(target: $0.index, location: variant.location, member: variant.tag) } }
            case .enumeration, .patch:
                []
            }
        }
        let graph = CycleFinder(successors: edges) { $0.target }
        let isModel = declarations.map { if case .model = $0.kind { true } else { false } }
        // An optional field on a cycle of models is stored indirectly: the struct then has a size.
        var indirect = edges.map { _ in Set<Int>() }
        for (owner, holdings) in edges.enumerated() where isModel[owner] {
            for holding in holdings where holding.isOptional && isModel[holding.target] {
                guard let field = holding.field, holding.target == owner || graph.path(from: holding.target, to: owner, allowed: isModel) != nil else { continue }
                indirect[owner].insert(field)
            }
        }
        for (index, fields) in indirect.enumerated() where !fields.isEmpty {
            guard case .model(var shape) = declarations[index].kind else { continue }
            for field in fields { shape.fields[field].isIndirect = true }
            declarations[index].kind = .model(shape)
        }
        reportStructCycles(edges: edges.enumerated().map { owner, holdings in holdings.filter { $0.field.map { !indirect[owner].contains($0) } ?? true } }, isModel: isModel)
        let all = Array(repeating: true, count: declarations.count)
        for index in declarations.indices {
            guard case .union(var shape) = declarations[index].kind, graph.path(from: index, to: index, allowed: all) != nil else { continue }
            shape.isIndirect = true
            declarations[index].kind = .union(shape)
        }
    }

    /// A struct cycle left once optional fields are indirect: a path from a model back to itself
    /// through required fields of models only, which no value can end.
    private func reportStructCycles(edges: [[Holding]], isModel: [Bool]) {
        let graph = CycleFinder(successors: edges) { $0.target }
        var reported: Set<Int> = []
        for start in declarations.indices where isModel[start] && !reported.contains(start) {
            guard let cycle = graph.path(from: start, to: start, allowed: isModel) else { continue }
            let names = ([start] + cycle.map(\.target)).map { declarations[$0].name }
            let first = cycle[0]
            let name = declarations[start].name
            diagnostics.emit(.error(
                "model '\(name)' holds itself through '\(first.member)' (\(names.joined(separator: " → "))), which no value can end; make a field on the way optional ('\(first.member): \(declarations[first.target].name)?'), use an array, or refer to it by 'ID<\(declarations[first.target].name)>'",
                at: first.location
            ))
            for step in cycle { reported.insert(step.target) }
            reported.insert(start)
        }
    }

    /// The declared types `type` holds by value, each with whether through an optional: itself
    /// when named, the wrapped type of an optional, never through an array or a dictionary; a
    /// generic model's arguments count (as required: their storage is the model's to decide).
    private func directNames(_ type: TypeReference, indexByName: [String: Int], isOptional: Bool = false) -> [(index: Int, isOptional: Bool)] {
        switch type {
        case .array:
            return []
        case .optional(let wrapped):
            return directNames(wrapped, indexByName: indexByName, isOptional: true)
        case .named(let name, let arguments):
            if name == "Dictionary" || name == "Array" || name == "Swift.Dictionary" || name == "Swift.Array" { return [] }
            if name == "Optional" || name == "Swift.Optional" { return arguments.flatMap { directNames($0, indexByName: indexByName, isOptional: true) } }
            var names: [(index: Int, isOptional: Bool)] = []
            if let index = indexByName[name] {
                names.append((index, isOptional))
                if case .model(let shape) = declarations[index].kind {
                    for (position, parameter) in shape.genericParameters.enumerated() where position < arguments.count {
                        if shape.fields.contains(where: { Self.holdsDirectly($0.type, parameter) }) {
                            names += directNames(arguments[position], indexByName: indexByName).map { ($0.index, false) }
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
