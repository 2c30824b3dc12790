import RoutegenCore

/// The path every snippet test uses for its spec.
let specPath = "api.routes"

/// A location in the snippet spec.
func at(_ line: Int, _ column: Int) -> SourceLocation {
    SourceLocation(file: specPath, line: line, column: column)
}

/// Loads `spec` and returns the model and every diagnostic in emission order.
func load(_ spec: String) -> (model: APIModel?, diagnostics: [Diagnostic]) {
    let collector = DiagnosticCollector()
    let model = loadAPI(source: spec, path: specPath, diagnostics: collector)
    return (model, collector.diagnostics)
}

/// Loads `spec`, which must be free of diagnostics, and returns its only route.
func onlyRoute(_ spec: String) -> Route? {
    let (model, diagnostics) = load(spec)
    guard diagnostics.isEmpty, let routes = model?.routes, routes.count == 1 else { return nil }
    return routes[0]
}

/// What `routegen lint` prints for `spec`: every diagnostic rendered, in source order.
func rendered(_ spec: String) -> String {
    let collector = DiagnosticCollector()
    _ = loadAPI(source: spec, path: specPath, diagnostics: collector)
    var renderer = DiagnosticRenderer()
    renderer.addSource(spec, path: specPath)
    return collector.sorted.map(renderer.render).joined()
}

/// `header` followed by one group holding `routeLines`; the route lines start at line 4.
func spec(_ routeLines: String, group: String = "group Books public") -> String {
    "api Library\nimport LibraryModels\n\(group)\n\(routeLines)\n"
}

/// The model with every location replaced by one fixed location, to compare what two texts mean.
func erasingLocations(_ model: APIModel) -> APIModel {
    let nowhere = SourceLocation(file: "", line: 0, column: 0)
    func erase(_ parameter: Parameter) -> Parameter {
        var copy = parameter
        copy.location = nowhere
        copy.typeLocation = nowhere
        return copy
    }
    var copy = model
    copy.location = nowhere
    copy.sourcePath = ""
    copy.imports = model.imports.map { ImportDeclaration(module: $0.module, location: nowhere) }
    copy.groups = model.groups.map { group in
        var group = group
        group.location = nowhere
        group.routes = group.routes.map { original in
            var route = original.definition
            route.spans = RouteSpans(
                name: nowhere, method: nowhere, path: nowhere, response: nowhere,
                accept: route.spans.accept.map { _ in nowhere }, accessFlag: route.spans.accessFlag.map { _ in nowhere }
            )
            route.body = route.body.map { RequestBodySpec(kind: $0.kind, location: nowhere, typeLocation: nowhere) }
            route.pagination = route.pagination.map { spec in
                var spec = spec
                spec.location = nowhere
                spec.nameLocations = [:]
                return spec
            }
            route.authScheme = route.authScheme.map { AuthSchemeSpec(name: $0.name, placement: $0.placement, location: $0.location.map { _ in nowhere }) }
            route.queryParameters = route.queryParameters.map(erase)
            route.headerParameters = route.headerParameters.map(erase)
            func eraseComponent(_ component: PathComponent) -> PathComponent {
                switch component {
                case .literal(let text, _): .literal(text, location: nowhere)
                case .parameter(let parameter): .parameter(erase(parameter))
                case .joined(let pieces, _): .joined(pieces.map(eraseComponent), location: nowhere)
                }
            }
            route.path = route.path.map(eraseComponent)
            return Route(route)
        }
        return group
    }
    copy.authSchemes = model.authSchemes.map { AuthSchemeSpec(name: $0.name, placement: $0.placement, location: nowhere) }
    copy.types = model.types.map { type in
        var type = type
        type.location = nowhere
        func erase(_ fields: [Field]) -> [Field] {
            fields.map { field in
                var field = field
                field.location = nowhere
                return field
            }
        }
        switch type.kind {
        case .model(var shape):
            shape.fields = erase(shape.fields)
            type.kind = .model(shape)
        case .patch(var shape):
            shape.fields = erase(shape.fields)
            type.kind = .patch(shape)
        case .enumeration(var shape):
            shape.cases = shape.cases.map { enumCase in
                var enumCase = enumCase
                enumCase.location = nowhere
                return enumCase
            }
            type.kind = .enumeration(shape)
        case .union(var shape):
            shape.variants = shape.variants.map { variant in
                var variant = variant
                variant.location = nowhere
                return variant
            }
            type.kind = .union(shape)
        }
        return type
    }
    return copy
}

/// `source` formatted once, and that text formatted again: a new form must print back
/// canonically and then stay as it is.
func formattedTwice(_ source: String) -> (once: String?, twice: String?) {
    let once = format(source: source, path: specPath, diagnostics: DiagnosticCollector())
    return (once, once.flatMap { format(source: $0, path: specPath, diagnostics: DiagnosticCollector()) })
}
