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
                found += RouteChanges(old: oldRoute, new: newRoute).changes()
            } else if let index = added.firstIndex(where: { $0.method == oldRoute.method && $0.pathShape == oldRoute.pathShape }) {
                let newRoute = added.remove(at: index)
                found.append(APIChange(
                    kind: .breaking,
                    route: RouteKey(newRoute).description,
                    message: "route '\(key)' was renamed '\(RouteKey(newRoute))'; callers of the old name no longer compile",
                    location: newRoute.location
                ))
                found += RouteChanges(old: oldRoute, new: newRoute).changes()
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
        found += ServerChanges(old: old, new: new).changes()
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
}
