import RoutegenCore

/// The changes between two versions of one route (matched by `group.name`, or a rename), for
/// `APIDiff`: one function per part of the route, in the order a reader scans a route line
/// (method and path, parameters, body, response, accept, access, server, error body, pagination,
/// deprecation, documentation), which is the order the changes are listed within the route.
struct RouteChanges {
    let old: Route
    let new: Route
    /// `group.name` of the new route: what every change names.
    private let route: String
    private var found: [APIChange] = []

    init(old: Route, new: Route) {
        self.old = old
        self.new = new
        self.route = RouteKey(new).description
    }

    /// Every change, part by part.
    func changes() -> [APIChange] {
        var comparison = self
        comparison.compareMethod()
        comparison.comparePath()
        comparison.found += Self.compareNamed(old.queryParameters, new.queryParameters, what: "query parameter", route: route, routeLocation: new.spans.path)
        comparison.found += Self.compareNamed(old.headerParameters, new.headerParameters, what: "header", route: route, routeLocation: new.spans.path)
        comparison.found += Self.compareNamed(old.cookieParameters, new.cookieParameters, what: "cookie", route: route, routeLocation: new.spans.path)
        comparison.compareBody()
        comparison.compareResponseAndAccept()
        comparison.compareAccess()
        comparison.found += ServerChanges.routeChanges(old: old, new: new)
        comparison.compareErrorBody()
        comparison.comparePagination()
        comparison.compareDeprecationAndDocumentation()
        return comparison.found
    }

    private var name: String { "route '\(route)'" }

    private mutating func add(_ kind: APIChange.Kind, _ message: String, _ location: SourceLocation) {
        found.append(APIChange(kind: kind, route: route, message: message, location: location))
    }

    private mutating func compareMethod() {
        if old.method != new.method {
            add(.breaking, "\(name) changed method from \(old.method) to \(new.method)", new.spans.method)
        }
    }

    /// The path's shape, or when it is the same, each path parameter's name and type.
    private mutating func comparePath() {
        guard old.pathShape == new.pathShape else {
            add(.breaking, "\(name) changed path from '\(old.pathTemplate)' to '\(new.pathTemplate)'", new.spans.path)
            return
        }
        for (oldParameter, newParameter) in zip(old.pathParameters, new.pathParameters) {
            if oldParameter.name != newParameter.name {
                add(.breaking, "\(name) renamed path parameter '\(oldParameter.name)' to '\(newParameter.name)'; its argument label changes", newParameter.location)
            }
            if oldParameter.type != newParameter.type {
                add(.breaking, "\(name) changed path parameter '\(newParameter.name)' from '\(oldParameter.type)' to '\(newParameter.type)'", newParameter.typeLocation)
            } else if oldParameter.style != newParameter.style {
                let spelled: (Parameter) -> String = { $0.style.map { "'" + $0.words.joined(separator: " ") + "'" } ?? "'simple' style" }
                add(.breaking, "\(name) sends path parameter '\(newParameter.name)' in \(spelled(newParameter)) instead of \(spelled(oldParameter)); a server that reads the old spelling misreads it", newParameter.location)
            }
        }
    }

    private mutating func compareBody() {
        switch (old.body, new.body) {
        case (nil, let body?):
            add(.breaking, "\(name) now takes a body '\(body.kindName) \(body.type)'", body.location)
        case (let body?, nil):
            add(.breaking, "\(name) no longer takes its body '\(body.type)'", new.location)
        case (let oldBody?, let newBody?):
            if oldBody.kindName != newBody.kindName || oldBody.contentType != newBody.contentType {
                add(.breaking, "\(name) changed its body from \(oldBody.contentType) to \(newBody.contentType)", newBody.location)
            }
            if oldBody.type != newBody.type {
                add(.breaking, "\(name) changed its body type from '\(oldBody.type)' to '\(newBody.type)'", newBody.typeLocation)
            }
        case (nil, nil):
            break
        }
    }

    private mutating func compareResponseAndAccept() {
        if old.response != new.response {
            add(.breaking, "\(name) changed its response from '\(old.response)' to '\(new.response)'", new.spans.response)
        }
        if old.accept != new.accept {
            add(.breaking, "\(name) changed accept from '\(old.acceptedMediaType)' to '\(new.acceptedMediaType)'", new.spans.accept ?? new.spans.response)
        }
    }

    /// Whether the route needs a credential, and when it does in both, where the credential goes.
    private mutating func compareAccess() {
        if old.access != new.access {
            let location = new.spans.accessFlag ?? new.location
            if new.access == .authenticated {
                add(.breaking, "\(name) now requires authentication; clients without a token get 401", location)
            } else {
                add(.securityReview, "\(name) became public: it is sent without a token; check it exposes nothing private", location)
            }
        } else if old.authScheme != nil, new.authScheme != nil,
                  old.authSchemes.map(\.runtimeName) != new.authSchemes.map(\.runtimeName) || old.authSchemes.map(\.placement) != new.authSchemes.map(\.placement) {
            let oldText = old.authSchemes.map(\.displayText).joined(separator: "' or '")
            let newText = new.authSchemes.map(\.displayText).joined(separator: "' or '")
            add(
                .securityReview,
                "\(name) changed its credential scheme from '\(oldText)' to '\(newText)': the credential now goes elsewhere; check the server reads it there and that nothing logs it",
                new.spans.accessFlag ?? new.location
            )
        }
    }

    private mutating func compareErrorBody() {
        switch (old.errorBody, new.errorBody) {
        case (nil, let type?):
            add(.nonBreaking, "\(name) now declares its error body '\(type)'", new.location)
        case (let type?, nil):
            add(.breaking, "\(name) no longer declares its error body '\(type)'; clients that read it with 'body(as:)' get nil", new.location)
        case (let oldType?, let newType?) where oldType != newType:
            add(.breaking, "\(name) changed its error body from '\(oldType)' to '\(newType)'; clients that read '\(oldType)' get nil", new.location)
        default:
            break
        }
    }

    private mutating func comparePagination() {
        switch (old.pagination, new.pagination) {
        case (nil, let pagination?):
            add(.nonBreaking, "\(name) now pages: 'paginate \(pagination.summary)'", pagination.location)
        case (let pagination?, nil):
            add(.breaking, "\(name) no longer pages (it was 'paginate \(pagination.summary)'); callers of its pages no longer compile", new.location)
        case (let oldPagination?, let newPagination?) where oldPagination.summary != newPagination.summary:
            add(.breaking, "\(name) changed how its next page is found from 'paginate \(oldPagination.summary)' to 'paginate \(newPagination.summary)'; clients built for the old form ask for the wrong page", newPagination.location)
        default:
            break
        }
    }

    private mutating func compareDeprecationAndDocumentation() {
        if !old.isDeprecated && new.isDeprecated {
            add(.nonBreaking, "\(name) was deprecated", new.location)
        } else if old.isDeprecated && !new.isDeprecated {
            add(.nonBreaking, "\(name) is no longer deprecated", new.location)
        }
        if old.documentation != new.documentation {
            add(.nonBreaking, "\(name) changed its documentation", new.location)
        }
    }

    /// Query or header parameters, matched by wire name.
    private static func compareNamed(_ old: [Parameter], _ new: [Parameter], what: String, route: String, routeLocation: SourceLocation) -> [APIChange] {
        var changes: [APIChange] = []
        func add(_ kind: APIChange.Kind, _ message: String, _ location: SourceLocation) {
            changes.append(APIChange(kind: kind, route: route, message: message, location: location))
        }
        let name = "route '\(route)'"
        let oldByName = Dictionary(old.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        let newNames = Set(new.map(\.name))
        for parameter in old where !newNames.contains(parameter.name) {
            add(.breaking, "\(name) no longer takes \(what) '\(parameter.name)'; callers that pass it no longer compile", routeLocation)
        }
        for parameter in new {
            guard let previous = oldByName[parameter.name] else {
                if parameter.isRequired {
                    add(.breaking, "\(name) has a new required \(what) '\(parameter.name)'", parameter.location)
                } else {
                    add(.nonBreaking, "\(name) has a new optional \(what) '\(parameter.name)'", parameter.location)
                }
                continue
            }
            if previous.type != parameter.type && previous.type != parameter.type.nonOptional {
                add(.breaking, "\(name) changed \(what) '\(parameter.name)' from '\(previous.type)' to '\(parameter.type)'", parameter.typeLocation)
            } else if !previous.isRequired && parameter.isRequired {
                add(.breaking, "\(name) made \(what) '\(parameter.name)' required", parameter.location)
            } else if previous.isRequired && !parameter.isRequired {
                add(.nonBreaking, "\(name) made \(what) '\(parameter.name)' optional", parameter.location)
            } else if previous.style != parameter.style {
                let spelled: (Parameter) -> String = { $0.style.map { "'" + $0.words.joined(separator: " ") + "'" } ?? "its usual style" }
                add(.breaking, "\(name) sends \(what) '\(parameter.name)' in \(spelled(parameter)) instead of \(spelled(previous)); a server that reads the old spelling misreads it", parameter.location)
            } else if previous.defaultValue != parameter.defaultValue {
                add(.nonBreaking, "\(name) changed the default of \(what) '\(parameter.name)' from \(previous.defaultValue?.sourceText ?? "none") to \(parameter.defaultValue?.sourceText ?? "none")", parameter.location)
            }
        }
        return changes
    }
}
