/// Checks each `paginate` clause once the file's types are known: the query parameter it moves
/// on exists, has the right type and may be left out on the first page; the fields it reads
/// exist on the response model with the right types. Every problem at the name's column.
struct PaginationCheck {
    let types: [TypeDeclaration]
    let diagnostics: any DiagnosticSink

    func check(_ route: Route) {
        guard let spec = route.pagination else { return }
        if let parameterName = spec.parameter {
            checkParameter(parameterName, of: route, spec: spec)
        }
        switch spec.style {
        case .cursor(let field, _):
            if let type = fieldType(field, role: "field", route: route, spec: spec), !Self.isText(type.nonOptional) {
                error(
                    "cursor field '\(field)' is '\(type)'; a cursor is text, sent back as it came: make it 'String?'",
                    at: spec.nameLocations["field"] ?? spec.location
                )
            }
        case .bodyLink(let field):
            if let type = fieldType(field, role: "field", route: route, spec: spec),
               !Self.isText(type.nonOptional) && type.nonOptional != .named("URL") {
                error("link field '\(field)' is '\(type)'; a next-page link is a 'String' or a 'URL'", at: spec.nameLocations["field"] ?? spec.location)
            }
        case .linkHeader:
            break
        case .pageNumber, .offset:
            if spec.itemsField == nil {
                error(
                    "'paginate \(spec.summary)' needs 'each items': the field that holds a page's items tells the last page",
                    at: spec.location
                )
            }
            if case .offset(_, let hasMore?) = spec.style,
               let type = fieldType(hasMore, role: "hasMore", route: route, spec: spec), type.nonOptional != .named("Bool") {
                error("'while \(hasMore)' reads '\(type)'; the field that says more pages follow is a 'Bool'", at: spec.nameLocations["hasMore"] ?? spec.location)
            }
        }
        if let items = spec.itemsField, let type = fieldType(items, role: "items", route: route, spec: spec), !type.nonOptional.isArray {
            error("'each \(items)' reads '\(type)'; the items of a page are an array", at: spec.nameLocations["items"] ?? spec.location)
        }
    }

    private func checkParameter(_ name: String, of route: Route, spec: PaginationSpec) {
        let location = spec.nameLocations["parameter"] ?? spec.location
        guard let parameter = route.queryParameters.first(where: { $0.name == name }) else {
            let names = route.queryParameters.map(\.name)
            let guess = Suggestion.closest(to: name, among: names)
            let has = names.isEmpty ? "it has no query parameters; add '?\(name): \(spec.style.isCounting ? "Int?" : "String?")'" : "it has " + names.map { "'?\($0)'" }.joined(separator: ", ")
            error("route '\(route.name)' has no query parameter '\(name)'; \(has)" + (guess.map { " (did you mean '\($0)'?)" } ?? ""), at: location, fixIt: guess)
            return
        }
        let wanted = spec.style.isCounting ? "Int" : "String"
        let isInteger: Bool = if case .integer? = ScalarKind(parameter.type.nonOptional) { true } else { false }
        if spec.style.isCounting ? !isInteger : !Self.isText(parameter.type.nonOptional) {
            error("query parameter '\(name)' is '\(parameter.type)'; '\(spec.summary)' needs '\(wanted)?'", at: location)
        } else if parameter.isRequired {
            error(
                "query parameter '\(name)' is required, but the first page is asked without it; write '?\(name): \(parameter.type)?'",
                at: location, fixIt: nil
            )
        }
    }

    /// The type of the response model's field `wireName` (generic arguments put in), or nil
    /// after reporting why it cannot be read.
    private func fieldType(_ wireName: String, role: String, route: Route, spec: PaginationSpec) -> TypeReference? {
        let location = spec.nameLocations[role] ?? spec.location
        guard case .named(let name, let arguments) = route.response.nonOptional,
              let declaration = types.first(where: { $0.name == name }), case .model(let shape) = declaration.kind else {
            error(
                "'paginate' reads the field '\(wireName)' of the response, but '\(route.response)' is not a model declared in this file",
                at: location
            )
            return nil
        }
        guard let field = shape.fields.first(where: { $0.wireName == wireName }) else {
            let guess = Suggestion.closest(to: wireName, among: shape.fields.map(\.wireName))
            error(
                "model '\(name)' has no field '\(wireName)'; it has " + shape.fields.map { "'\($0.wireName)'" }.joined(separator: ", ") + (guess.map { " (did you mean '\($0)'?)" } ?? ""),
                at: location, fixIt: guess
            )
            return nil
        }
        var substitutions: [String: TypeReference] = [:]
        for (parameter, argument) in zip(shape.genericParameters, arguments) { substitutions[parameter] = argument }
        return field.type.replacing(substitutions)
    }

    private static func isText(_ type: TypeReference) -> Bool {
        ScalarKind(type) == .text
    }

    private func error(_ message: String, at location: SourceLocation, fixIt: String? = nil) {
        diagnostics.emit(.error(message, at: location, fixIt: fixIt))
    }
}

extension PaginationSpec.Style {
    /// Whether the sequence counts (page numbers, offsets) rather than follows a name the server sent.
    var isCounting: Bool {
        switch self {
        case .pageNumber, .offset: true
        case .cursor, .bodyLink, .linkHeader: false
        }
    }
}

extension TypeReference {
    /// The type with generic parameter names replaced by the given arguments.
    public func replacing(_ substitutions: [String: TypeReference]) -> TypeReference {
        guard !substitutions.isEmpty else { return self }
        switch self {
        case .optional(let wrapped): return .optional(wrapped.replacing(substitutions))
        case .array(let element): return .array(element.replacing(substitutions))
        case .named(let name, let arguments):
            if arguments.isEmpty, let replacement = substitutions[name] { return replacement }
            return .named(name, arguments: arguments.map { $0.replacing(substitutions) })
        }
    }
}
