import RoutegenCore
import RoutegenLint

/// `routegen diff`: every difference between two versions of an API, classified.
///
/// Routes are matched by `group.name`. A route only in the old file that has the method and path
/// shape of a route only in the new file is a rename; otherwise it was removed, and a route only
/// in the new file was added. Matched routes are compared field by field. Declared types are
/// matched by name and compared member by member (`TypeChanges`).
public struct APIDiff: Hashable, Sendable {
    /// The output forms.
    public enum Format: String, Sendable, CaseIterable {
        /// One `path:line:column: kind: message` line per change, then a summary.
        case text
        /// A JSON object with `changes` and `summary`, sorted keys.
        case json
        /// SARIF 2.1.0: one result per change, `ruleId` its kind; breaking is an error, security review a warning.
        case sarif
        /// GitHub Actions workflow commands: `::error` for breaking, `::warning` for security review, `::notice` otherwise.
        case github
    }

    /// The changes: breaking first, then security review, then non-breaking; within a kind, the
    /// API's own, then by route, then by declared type, in the order found within a route or type.
    public var changes: [APIChange]

    /// The differences from `old` to `new`.
    public init(old: APIModel, new: APIModel) {
        var found: [APIChange] = []
        if old.name != new.name {
            found.append(APIChange(kind: .breaking, route: nil, message: "api '\(old.name)' was renamed '\(new.name)'; the generated module and route table names change", location: new.location))
        }
        let oldKeys = Set(old.routes.map(RouteKey.init))
        let newByKey = Dictionary(new.routes.map { (RouteKey($0), $0) }, uniquingKeysWith: { first, _ in first })
        var added = new.routes.filter { !oldKeys.contains(RouteKey($0)) }

        for oldRoute in old.routes {
            let key = RouteKey(oldRoute)
            if let newRoute = newByKey[key] {
                found += Self.compare(oldRoute, newRoute)
            } else if let index = added.firstIndex(where: { $0.method == oldRoute.method && $0.pathShape == oldRoute.pathShape }) {
                let newRoute = added.remove(at: index)
                found.append(APIChange(
                    kind: .breaking,
                    route: RouteKey(newRoute).description,
                    message: "route '\(key)' was renamed '\(RouteKey(newRoute))'; callers of the old name no longer compile",
                    location: newRoute.location
                ))
                found += Self.compare(oldRoute, newRoute)
            } else {
                found.append(APIChange(
                    kind: .breaking,
                    route: key.description,
                    message: "route '\(key)' (\(oldRoute.method) \(oldRoute.pathTemplate)) was removed",
                    location: oldRoute.location
                ))
            }
        }
        for newRoute in added {
            found.append(APIChange(
                kind: .nonBreaking,
                route: RouteKey(newRoute).description,
                message: "route '\(RouteKey(newRoute))' (\(newRoute.method) \(newRoute.pathTemplate)) was added",
                location: newRoute.location
            ))
        }
        found += TypeChanges(old: old, new: new).changes()
        changes = found.enumerated().sorted { lhs, rhs in
            let left = lhs.element, right = rhs.element
            if left.kind != right.kind { return left.kind.rank < right.kind.rank }
            let leftSubject = Self.subject(of: left), rightSubject = Self.subject(of: right)
            if leftSubject.rank != rightSubject.rank { return leftSubject.rank < rightSubject.rank }
            if leftSubject.name != rightSubject.name { return TextOrder.precedes(leftSubject.name, rightSubject.name) }
            return lhs.offset < rhs.offset
        }.map(\.element)
    }

    /// What a change is about, in the order changes of one kind are listed: the API as a whole,
    /// then routes by `group.name`, then declared types by name.
    private static func subject(of change: APIChange) -> (rank: Int, name: String) {
        if let route = change.route { return (1, route) }
        if let type = change.type { return (2, type) }
        return (0, "")
    }

    /// Whether any change breaks existing clients.
    public var hasBreakingChanges: Bool { changes.contains { $0.kind == .breaking } }

    /// How many changes of `kind` there are.
    public func count(of kind: APIChange.Kind) -> Int { changes.count { $0.kind == kind } }

    // MARK: - Comparing one route

    private static func compare(_ old: Route, _ new: Route) -> [APIChange] {
        let route = RouteKey(new).description
        var changes: [APIChange] = []
        func add(_ kind: APIChange.Kind, _ message: String, _ location: SourceLocation) {
            changes.append(APIChange(kind: kind, route: route, message: message, location: location))
        }
        let name = "route '\(route)'"

        if old.method != new.method {
            add(.breaking, "\(name) changed method from \(old.method) to \(new.method)", new.spans.method)
        }
        if old.pathShape != new.pathShape {
            add(.breaking, "\(name) changed path from '\(old.pathTemplate)' to '\(new.pathTemplate)'", new.spans.path)
        } else {
            for (oldParameter, newParameter) in zip(old.pathParameters, new.pathParameters) {
                if oldParameter.name != newParameter.name {
                    add(.breaking, "\(name) renamed path parameter '\(oldParameter.name)' to '\(newParameter.name)'; its argument label changes", newParameter.location)
                }
                if oldParameter.type != newParameter.type {
                    add(.breaking, "\(name) changed path parameter '\(newParameter.name)' from '\(oldParameter.type)' to '\(newParameter.type)'", newParameter.typeLocation)
                }
            }
        }
        changes += compareNamed(old.queryParameters, new.queryParameters, what: "query parameter", route: route, routeLocation: new.spans.path)
        changes += compareNamed(old.headerParameters, new.headerParameters, what: "header", route: route, routeLocation: new.spans.path)

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
        if old.response != new.response {
            add(.breaking, "\(name) changed its response from '\(old.response)' to '\(new.response)'", new.spans.response)
        }
        if old.accept != new.accept {
            add(.breaking, "\(name) changed accept from '\(old.acceptedMediaType)' to '\(new.acceptedMediaType)'", new.spans.accept ?? new.spans.response)
        }
        if old.access != new.access {
            let location = new.spans.accessFlag ?? new.location
            if new.access == .authenticated {
                add(.breaking, "\(name) now requires authentication; clients without a token get 401", location)
            } else {
                add(.securityReview, "\(name) became public: it is sent without a token; check it exposes nothing private", location)
            }
        } else if let oldScheme = old.authScheme, let newScheme = new.authScheme,
                  oldScheme.runtimeName != newScheme.runtimeName || oldScheme.placement != newScheme.placement {
            add(
                .securityReview,
                "\(name) changed its credential scheme from '\(oldScheme.displayText)' to '\(newScheme.displayText)': the credential now goes elsewhere; check the server reads it there and that nothing logs it",
                new.spans.accessFlag ?? new.location
            )
        }
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
        if !old.isDeprecated && new.isDeprecated {
            add(.nonBreaking, "\(name) was deprecated", new.location)
        } else if old.isDeprecated && !new.isDeprecated {
            add(.nonBreaking, "\(name) is no longer deprecated", new.location)
        }
        if old.documentation != new.documentation {
            add(.nonBreaking, "\(name) changed its documentation", new.location)
        }
        return changes
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
            } else if previous.defaultValue != parameter.defaultValue {
                add(.nonBreaking, "\(name) changed the default of \(what) '\(parameter.name)' from \(previous.defaultValue?.sourceText ?? "none") to \(parameter.defaultValue?.sourceText ?? "none")", parameter.location)
            }
        }
        return changes
    }
}
