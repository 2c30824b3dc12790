/// Which declared types (`model`, `enum`, `patch`, `union`) the routes and the other declared
/// types use, read once from a model: what `unused-type` reports, what `routegen diff` reads
/// to tell a model the client sends from one it receives, and (`firstGroups`) where the
/// generated code puts each type.
///
/// A type is *named* by a route or another type when its name appears in a parameter, body,
/// response, field or variant type (`ID<Book>` names `Book`), in an `includes` or after a
/// patch's `of`. A type's values *travel* with a route when they are part of what the route
/// sends or receives: named there, or held by a type that travels, but not through `ID<...>`
/// (an identifier carries a string, not the entity) and not through a patch's `of` (a patch sends
/// its own fields, not the model). A generic model's parameters (`Item` of `Page<Item>`) are not
/// names of declared types.
public struct TypeUsage: Sendable {
    /// Which way a type's values travel.
    public struct Directions: OptionSet, Hashable, Sendable {
        public let rawValue: Int

        public init(rawValue: Int) {
            self.rawValue = rawValue
        }

        /// The client sends them: in a body or a parameter, or held by a type that is.
        public static let request = Directions(rawValue: 1)
        /// The server sends them: in a response, or held by a type that is.
        public static let response = Directions(rawValue: 2)
    }

    /// Who names a declared type.
    public enum User: Hashable, Sendable {
        /// A route, by `group.name`.
        case route(RouteKey)
        /// Another declared type, by name.
        case type(String)
    }

    private let declarations: [TypeDeclaration]
    private let indexByName: [String: Int]
    /// For each declaration, the other declarations it names, in member order.
    private let named: [[Int]]
    /// Each route with the declarations it names and those that travel in its request and response.
    private let routes: [(key: RouteKey, named: [Int], request: [Int], response: [Int])]
    /// The directions of each declaration, from every route.
    private let directionsByIndex: [Directions]

    /// The usage of the types declared in `model`.
    public init(_ model: APIModel) {
        let declarations = model.types
        var indexByName: [String: Int] = [:]
        for (index, declaration) in declarations.enumerated() where indexByName[declaration.name] == nil {
            indexByName[declaration.name] = index
        }
        func indices(_ names: [String]) -> [Int] {
            var result: [Int] = []
            for name in names {
                if let index = indexByName[name], !result.contains(index) { result.append(index) }
            }
            return result
        }
        var named: [[Int]] = []
        var held: [[Int]] = []
        for (index, declaration) in declarations.enumerated() {
            var namedNames: [String] = []
            Self.forEachName(namedBy: declaration) { namedNames.append($0) }
            var heldNames: [String] = []
            switch declaration.kind {
            case .model(let shape):
                for field in shape.fields where field.includedFrom == nil {
                    heldNames += Self.names(in: field.type, throughIdentifiers: false, parameters: declaration.genericParameters)
                }
                heldNames += shape.includes
            case .patch(let shape):
                for field in shape.fields {
                    heldNames += Self.names(in: field.type, throughIdentifiers: false, parameters: [])
                }
            case .union(let shape):
                for variant in shape.variants {
                    heldNames += Self.names(in: variant.type, throughIdentifiers: false, parameters: [])
                }
            case .enumeration:
                break
            }
            named.append(indices(namedNames).filter { $0 != index })
            held.append(indices(heldNames))
        }
        var routes: [(key: RouteKey, named: [Int], request: [Int], response: [Int])] = []
        for route in model.routes {
            let (sent, received) = Self.types(of: route)
            let sentNames = sent.flatMap { Self.names(in: $0, throughIdentifiers: false, parameters: []) }
            let receivedNames = received.flatMap { Self.names(in: $0, throughIdentifiers: false, parameters: []) }
            let allNames = (sent + received).flatMap { Self.names(in: $0, throughIdentifiers: true, parameters: []) }
            routes.append((RouteKey(route), indices(allNames), indices(sentNames), indices(receivedNames)))
        }
        var directions = Array(repeating: Directions(), count: declarations.count)
        func spread(_ direction: Directions, from starts: [Int]) {
            var queue = starts.filter { !directions[$0].contains(direction) }
            for start in queue { directions[start].insert(direction) }
            var head = 0
            while head < queue.count {
                let node = queue[head]
                head += 1
                for next in held[node] where !directions[next].contains(direction) {
                    directions[next].insert(direction)
                    queue.append(next)
                }
            }
        }
        spread(.request, from: routes.flatMap(\.request))
        spread(.response, from: routes.flatMap(\.response))

        self.declarations = declarations
        self.indexByName = indexByName
        self.named = named
        self.routes = routes
        self.directionsByIndex = directions
    }

    /// Which way the values of the declared type `name` travel with the routes; empty when no
    /// route sends or receives them (an unused type, or one only named in `ID<...>`).
    public func directions(of name: String) -> Directions {
        indexByName[name].map { directionsByIndex[$0] } ?? []
    }

    /// The routes, then the other declared types, that name `name`, each in file order.
    public func users(of name: String) -> [User] {
        guard let index = indexByName[name] else { return [] }
        let byRoutes = routes.filter { $0.named.contains(index) }.map { User.route($0.key) }
        let byTypes = declarations.indices.filter { named[$0].contains(index) }.map { User.type(declarations[$0].name) }
        return byRoutes + byTypes
    }

    /// The names of the declared types that a route names, directly or through the types it
    /// names, or that `roots` (declared type names) name the same way; in file order.
    public func namedFromRoutes(orFrom roots: [String]) -> [String] {
        var reached = Array(repeating: false, count: declarations.count)
        var queue = routes.flatMap(\.named) + roots.compactMap { indexByName[$0] }
        for node in queue { reached[node] = true }
        var head = 0
        while head < queue.count {
            let node = queue[head]
            head += 1
            for next in named[node] where !reached[next] {
                reached[next] = true
                queue.append(next)
            }
        }
        return declarations.indices.filter { reached[$0] }.map { declarations[$0].name }
    }

    /// For each type `model` declares, in file order, the index (in `model.groups`) of the first
    /// group whose routes name it, directly or through the types they name (as `users(of:)`
    /// counts naming); nil for a type no route reaches. Where the generated code puts each type
    /// (`ModelFileLayout.perGroup`): one walk, without the rest of a `TypeUsage`.
    public static func firstGroups(in model: APIModel) -> [Int?] {
        let declarations = model.types
        var indexByName: [String: Int] = [:]
        indexByName.reserveCapacity(declarations.count)
        for (index, declaration) in declarations.enumerated() where indexByName[declaration.name] == nil {
            indexByName[declaration.name] = index
        }
        var first = [Int?](repeating: nil, count: declarations.count)
        var stack: [Int] = []
        for (group, routes) in model.groups.map(\.routes).enumerated() {
            func reach(_ name: String) {
                if let index = indexByName[name], first[index] == nil {
                    first[index] = group
                    stack.append(index)
                }
            }
            for route in routes {
                let (sent, received) = types(of: route)
                for type in sent + received { forEachName(in: type, throughIdentifiers: true, parameters: [], reach) }
                // A type already placed had everything it names placed with it.
                while let node = stack.popLast() {
                    forEachName(namedBy: declarations[node], reach)
                }
            }
        }
        return first
    }

    /// What `route` sends (its parameters' and body's types) and receives (its response and,
    /// on a failure, its error body).
    private static func types(of route: Route) -> (sent: [TypeReference], received: [TypeReference]) {
        var sent = route.parameters.map(\.type)
        switch route.body?.kind {
        case .json(let type)?, .mergePatch(let type)?, .form(let type)?, .multipart(let type)?: sent.append(type)
        case .raw?, nil: break
        }
        return (sent, [route.response] + (route.errorBody.map { [$0] } ?? []))
    }

    /// Calls `body` with each name `declaration` names, in member order: its own fields', or
    /// variants', types through `ID<...>`, its `includes`, a patch's model.
    private static func forEachName(namedBy declaration: TypeDeclaration, _ body: (String) -> Void) {
        switch declaration.kind {
        case .model(let shape):
            for field in shape.fields where field.includedFrom == nil {
                forEachName(in: field.type, throughIdentifiers: true, parameters: declaration.genericParameters, body)
            }
            shape.includes.forEach(body)
        case .patch(let shape):
            body(shape.model)
            for field in shape.fields { forEachName(in: field.type, throughIdentifiers: true, parameters: [], body) }
        case .union(let shape):
            for variant in shape.variants { forEachName(in: variant.type, throughIdentifiers: true, parameters: [], body) }
        case .enumeration:
            break
        }
    }

    /// The names a type reference mentions: each named type and its generic arguments, the
    /// element of an array, the wrapped type of an optional; the entity of `ID<Entity>` only when
    /// `throughIdentifiers`. Names in `parameters` (a generic model's own) are left out.
    static func names(in type: TypeReference, throughIdentifiers: Bool, parameters: [String]) -> [String] {
        var names: [String] = []
        forEachName(in: type, throughIdentifiers: throughIdentifiers, parameters: parameters) { names.append($0) }
        return names
    }

    /// Calls `body` with each name of `names(in:throughIdentifiers:parameters:)`, in its order,
    /// without making the list.
    private static func forEachName(in type: TypeReference, throughIdentifiers: Bool, parameters: [String], _ body: (String) -> Void) {
        switch type {
        case .array(let element), .optional(let element):
            forEachName(in: element, throughIdentifiers: throughIdentifiers, parameters: parameters, body)
        case .named(let name, let arguments):
            if !parameters.contains(name) { body(name) }
            if !throughIdentifiers && (name == "ID" || name == EndpointKitVocabulary.runtimeModule + ".ID") { return }
            for argument in arguments { forEachName(in: argument, throughIdentifiers: throughIdentifiers, parameters: parameters, body) }
        }
    }
}
