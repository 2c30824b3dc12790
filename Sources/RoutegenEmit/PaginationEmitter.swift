import RoutegenCore

/// What a `paginate` clause adds to the generated code: `.paginated(...)` on the endpoint, and
/// the page and item sequences of the remote repository.
enum PaginationEmitter {
    /// The field of `route`'s response model named `wireName`, with its generic arguments put in.
    static func field(_ wireName: String, of route: Route, api: APIModel) -> (field: Field, type: TypeReference)? {
        guard case .named(let name, let arguments) = route.response.nonOptional,
              let declaration = api.type(named: name), case .model(let shape) = declaration.kind,
              let field = shape.fields.first(where: { $0.wireName == wireName }) else { return nil }
        var substitutions: [String: TypeReference] = [:]
        for (parameter, argument) in zip(shape.genericParameters, arguments) { substitutions[parameter] = argument }
        return (field, field.type.replacing(substitutions))
    }

    /// `$0.next`: reading a field of the page in a closure.
    private static func access(_ wireName: String, of route: Route, api: APIModel) -> (expression: String, type: TypeReference)? {
        guard let (field, type) = field(wireName, of: route, api: api) else { return nil }
        return ("$0." + PropertyNames(field).property, type)
    }

    /// `.paginated(.cursor(parameter: "cursor") { $0.next })`, or nil for a route that does not page.
    static func modifier(for route: Route, api: APIModel) -> String? {
        guard let spec = route.pagination else { return nil }
        let rule: String
        switch spec.style {
        case .cursor(let field, let parameter):
            guard let next = access(field, of: route, api: api) else { return nil }
            rule = ".cursor(parameter: " + SwiftNaming.stringLiteral(parameter) + ") { " + next.expression + " }"
        case .bodyLink(let field):
            guard let next = access(field, of: route, api: api) else { return nil }
            let text = next.type.nonOptional == .named("URL")
                ? next.expression + (next.type.isOptional ? "?" : "") + ".absoluteString"
                : next.expression
            rule = ".link { " + text + " }"
        case .linkHeader:
            rule = ".linkHeader"
        case .pageNumber(let parameter):
            guard let items = spec.itemsField.flatMap({ access($0, of: route, api: api) }) else { return nil }
            rule = ".pageNumber(parameter: " + SwiftNaming.stringLiteral(parameter) + ") { " + isEmpty(items) + " }"
        case .offset(let parameter, let hasMoreField):
            guard let items = spec.itemsField.flatMap({ access($0, of: route, api: api) }) else { return nil }
            let count = items.type.isOptional ? "(" + items.expression + "?.count ?? 0)" : items.expression + ".count"
            var text = ".offset(parameter: " + SwiftNaming.stringLiteral(parameter) + ", count: { " + count + " }"
            if let hasMoreField, let more = access(hasMoreField, of: route, api: api) {
                text += ", hasMore: { " + more.expression + (more.type.isOptional ? " ?? false" : "") + " }"
            }
            rule = text + ")"
        }
        return ".paginated(" + rule + ")"
    }

    private static func isEmpty(_ items: (expression: String, type: TypeReference)) -> String {
        items.type.isOptional ? items.expression + "?.isEmpty ?? true" : items.expression + ".isEmpty"
    }

    /// The element type of the route's items field, when it names one.
    static func itemType(of route: Route, api: APIModel) -> TypeReference? {
        guard let wireName = route.pagination?.itemsField, let (_, type) = field(wireName, of: route, api: api),
              case .array(let element) = type.nonOptional else { return nil }
        return element
    }

    /// The closure that reads a page's items: `{ $0.items }`.
    static func itemsClosure(of route: Route, api: APIModel) -> String? {
        guard let wireName = route.pagination?.itemsField, let items = access(wireName, of: route, api: api) else { return nil }
        return "{ " + items.expression + (items.type.isOptional ? " ?? []" : "") + " }"
    }

    /// Writes `<route>Pages(...)` and, with an items field, `<route>Items(...)`: the route's
    /// arguments without the one the sequence moves on, which the first page leaves out.
    static func writeSequences(route: Route, signature: RouteSignature, group: RouteGroup, api: APIModel, access: String, into writer: inout SwiftWriter) {
        guard let spec = route.pagination else { return }
        let moving = spec.parameter.map { SwiftNaming.argumentLabel(forWireName: $0) }
        let kept = signature.arguments.filter { $0.label != moving }
        let clause = "(" + kept.map(\.declaration).joined(separator: ", ") + ")"
        let call = "(" + signature.arguments.map { argument in
            argument.callLabel + ": " + (argument.label == moving ? (argument.defaultValue ?? "nil") : argument.label)
        }.joined(separator: ", ") + ")"
        let endpoint = group.name + "Endpoints." + SwiftNaming.escapedIdentifier(route.name) + (signature.isProperty ? "" : call)
        let attributes = route.isDeprecated ? ["@available(*, deprecated)"] : []
        writer.blank()
        writer.docComment(["Every page of `" + route.name + "`, each fetched when the loop asks for it (`paginate " + spec.summary + "`)."])
        writer.lines(attributes)
        writer.block(access + " func " + route.name + "Pages" + clause + " -> PageSequence<" + route.response.description + ">") { body in
            body.line("self.client.pages(of: " + endpoint + ")")
        }
        if let item = itemType(of: route, api: api), let closure = itemsClosure(of: route, api: api) {
            writer.blank()
            writer.docComment(["Every item of every page of `" + route.name + "`, fetching the next page when the items run out."])
            writer.lines(attributes)
            writer.block(access + " func " + route.name + "Items" + clause + " -> ItemSequence<" + route.response.description + ", " + item.description + ">") { body in
                body.line("self.client.items(of: " + endpoint + ") " + closure)
            }
        }
    }
}
