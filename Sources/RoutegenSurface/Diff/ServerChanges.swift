import RoutegenCore

/// The changes to an API's `server` lines (matched by name) and to a route's own server, for
/// `APIDiff`. Where requests go is a security question: a changed URL, and a route moved to or
/// from a server of its own, are for review, since the route's credential goes with it. A change
/// to what `<Api>Servers` offers that stops a caller compiling is breaking.
struct ServerChanges {
    let old: APIModel
    let new: APIModel

    /// Every change of the API's servers, in the new file's order, then the removed ones.
    func changes() -> [APIChange] {
        var found: [APIChange] = []
        let oldByName = Dictionary(old.servers.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        let newNames = Set(new.servers.map(\.name))
        for server in new.servers {
            guard let before = oldByName[server.name] else {
                found.append(change(.nonBreaking, "server '\(server.name)' (\(server.url)) was added", server.location))
                continue
            }
            if before.url != server.url {
                found.append(change(
                    .securityReview,
                    "server '\(server.name)' changed its URL from '\(before.url)' to '\(server.url)': requests and their credentials go to the new one; check it is the API's",
                    server.location
                ))
            }
            found += variableChanges(before, server)
        }
        for server in old.servers where !newNames.contains(server.name) {
            found.append(change(.breaking, "server '\(server.name)' (\(server.url)) was removed; code that names it in '\(old.name)Servers' no longer compiles", server.location))
        }
        return found
    }

    /// What a caller of the server's function sees change: a variable gone or new (a server
    /// without variables is a constant, with some a function), allowed values gone or new, a default.
    private func variableChanges(_ before: ServerSpec, _ after: ServerSpec) -> [APIChange] {
        var found: [APIChange] = []
        let subject = "server '\(after.name)'"
        for variable in before.variables where !after.variables.contains(where: { $0.name == variable.name }) {
            found.append(change(.breaking, "\(subject) no longer has the variable '\(variable.name)'; calls that pass it no longer compile", after.location))
        }
        for variable in after.variables {
            guard let earlier = before.variables.first(where: { $0.name == variable.name }) else {
                let kind: APIChange.Kind = before.variables.isEmpty ? .breaking : .nonBreaking
                found.append(change(kind, "\(subject) has a new variable '\(variable.name)' = \"\(variable.defaultValue)\"", variable.location))
                continue
            }
            let removed = earlier.allowedValues.filter { !variable.allowedValues.contains($0) }
            if earlier.allowedValues.isEmpty != variable.allowedValues.isEmpty || !removed.isEmpty {
                found.append(change(.breaking, "\(subject) changed the values of '\(variable.name)'; calls that pass a value it no longer lists do not compile", variable.location))
            } else if variable.allowedValues != earlier.allowedValues {
                found.append(change(.nonBreaking, "\(subject) lists more values of '\(variable.name)'", variable.location))
            }
            if variable.defaultValue != earlier.defaultValue {
                found.append(change(.nonBreaking, "\(subject) changed the default of '\(variable.name)' from \"\(earlier.defaultValue)\" to \"\(variable.defaultValue)\"", variable.location))
            }
        }
        return found
    }

    private func change(_ kind: APIChange.Kind, _ message: String, _ location: SourceLocation) -> APIChange {
        APIChange(kind: kind, route: nil, message: message, location: location)
    }

    /// A route moved to or from a server of its own, or between two: its credential goes along.
    static func routeChanges(old: Route, new: Route) -> [APIChange] {
        guard old.server?.name != new.server?.name || old.server?.url != new.server?.url else { return [] }
        let name = "route '\(RouteKey(new))'"
        let from = old.server.map { "server '\($0.name)' (\($0.url))" } ?? "the base URL"
        let to = new.server.map { "server '\($0.name)' (\($0.url))" } ?? "the base URL"
        let message = "\(name) is now sent to \(to) instead of \(from); its credential goes along: check that host is the API's"
        return [APIChange(kind: .securityReview, route: RouteKey(new).description, message: message, location: new.location)]
    }
}
