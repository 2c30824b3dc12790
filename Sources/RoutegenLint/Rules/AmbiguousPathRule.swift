import RoutegenCore

/// `ambiguous-path`: two routes of one method where a literal and a parameter meet.
public struct AmbiguousPathRule: LintRule {
    public static let id = "ambiguous-path"
    public static let defaultSeverity = RuleSeverity.warning
    public static let summary = "Two routes with the same method overlap: a literal segment is also a valid value of a parameter."
    public static let rationale = """
        `GET /orders/mine` and `GET /orders/{id}` both match the URL `/orders/mine`. Which one runs depends \
        on the server framework's ordering rules, and an order whose id happens to be `mine` can never be \
        fetched. Give the literal route a path no parameter can match (`/me/orders`), or suppress the rule \
        on the route when the server's precedence is deliberate.
        """
    public static let triggeringExamples = [
        """
        api Pizzeria
        group Orders auth
          myOrders GET /api/orders/mine -> [Order]
          order GET /api/orders/{↓id: ID<Order>} -> Order
        """,
        """
        api Shop
        group Files auth
          file GET /files/{id: String}/content -> Data
          latest GET /files/↓latest/{variant: String} -> Data
        """,
        """
        api Shop
        group Files auth
          latest GET /files/latest -> File
          shared GET /files/shared -> [File]
          file GET /files/{↓id: String} -> File
        """,
    ]
    public static let nonTriggeringExamples = [
        """
        api Pizzeria
        group Orders auth
          myOrders GET /api/me/orders -> [Order]
          order GET /api/orders/{id: ID<Order>} -> Order
        """,
        """
        api Pizzeria
        group Orders auth
          order GET /api/orders/{id: ID<Order>} -> Order
          placeGuestOrder POST /api/orders/guest body NewOrder -> Order
        """,
        """
        api Shop
        group Files auth
          file GET /files/{id: String}/content -> Data
          latest GET /files/latest/metadata -> Metadata
        """,
    ]

    public init() {}

    public func check(_ model: APIModel, context: LintContext) -> [LintFinding] {
        // Only routes with one method and one segment count can overlap, so each route is
        // compared with the earlier routes of its bucket, not with every route: large APIs
        // stay far from quadratic.
        let routes = model.routes
        var buckets: [BucketKey: [Int]] = [:]
        var findings: [LintFinding] = []
        for (index, later) in routes.enumerated() {
            let key = BucketKey(method: later.method, segmentCount: later.path.count)
            // One finding per route, naming the first route it overlaps: an API built on
            // mount points (Vault) would otherwise get one finding per pair.
            let overlapping = (buckets[key] ?? []).compactMap { earlierIndex -> (route: Route, position: Int)? in
                let earlier = routes[earlierIndex]
                guard let position = Self.firstConflict(earlier.path, later.path) else { return nil }
                return (earlier, position)
            }
            buckets[key, default: []].append(index)
            guard let (earlier, position) = overlapping.first else { continue }
            let literal: String
            switch (earlier.path[position], later.path[position]) {
            case (.literal(let text, _), _), (_, .literal(let text, _)): literal = text
            default: continue
            }
            let others = overlapping.count - 1
            let more = others == 0 ? "" : others == 1 ? " (and 1 more route)" : " (and \(others) more routes)"
            findings.append(LintFinding(
                message: "\(later.method) '\(later.pathTemplate)' of route '\(later.name)' overlaps '\(earlier.pathTemplate)' of route '\(earlier.name)'\(more): '\(literal)' matches both; make the paths distinct",
                location: later.path[position].location,
                route: later
            ))
        }
        return findings
    }

    private struct BucketKey: Hashable {
        var method: String
        var segmentCount: Int
    }

    /// The first position where a literal meets a parameter, when the two paths can match one URL
    /// and are not the same shape; nil otherwise.
    static func firstConflict(_ first: [PathComponent], _ second: [PathComponent]) -> Int? {
        guard first.count == second.count else { return nil }
        var conflict: Int?
        for (position, pair) in zip(first, second).enumerated() {
            switch pair {
            case (.literal(let left, _), .literal(let right, _)):
                if left != right { return nil }
            case (.literal, .parameter), (.parameter, .literal):
                if conflict == nil { conflict = position }
            case (.parameter, .parameter):
                continue
            }
        }
        return conflict
    }
}
