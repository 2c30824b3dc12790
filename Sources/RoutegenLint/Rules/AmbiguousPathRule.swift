import RoutegenCore

/// `ambiguous-path`: two routes of one method where a literal and a parameter meet.
public struct AmbiguousPathRule: LintRule {
    public static let id = LintRuleID.ambiguousPath.rawValue
    public static let defaultSeverity = RuleSeverity.warning
    public static let ruleSet = RuleSet.recommended
    public static let fixScope = FixScope.server
    public static let exampleMessage = "GET '/api/orders/{id}' of route 'order' overlaps '/api/orders/mine' of route 'myOrders': 'mine' matches both; the server decides which route answers: make the paths distinct on the server (and here with it), or suppress this rule on the route if the server's precedence is deliberate"
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
        // Earlier routes live in one path trie per method, segment count and trailing slash: a
        // later route walks only the branches its own segments can match (a literal follows its
        // own literal and the parameter branch; a parameter follows every branch), so each route
        // costs about its path length plus the routes it really overlaps, not the whole file.
        let routes = model.routes
        var tries: [BucketKey: PathTrie] = [:]
        var findings: [LintFinding] = []
        for index in routes.indices {
            let later = routes[index]
            let key = BucketKey(method: later.method, segmentCount: later.path.count, hasTrailingSlash: later.hasTrailingSlash)
            // One finding per route, naming the first route it overlaps: an API built on
            // mount points (Vault) would otherwise get one finding per pair.
            let overlap = tries[key]?.overlaps(of: later.path)
            tries[key, default: PathTrie()].insert(later.path, index: index)
            guard let overlap, let position = Self.firstConflict(routes[overlap.first].path, later.path) else { continue }
            let earlier = routes[overlap.first]
            let literal: String
            switch (Self.matchKey(earlier.path[position]), Self.matchKey(later.path[position])) {
            case (.literal(let text, _), _), (_, .literal(let text, _)): literal = text
            default: continue
            }
            let others = overlap.count - 1
            let more = others == 0 ? "" : others == 1 ? " (and 1 more route)" : " (and \(others) more routes)"
            findings.append(LintFinding(
                message: "\(later.method) '\(later.pathTemplate)' of route '\(later.name)' overlaps '\(earlier.pathTemplate)' of route '\(earlier.name)'\(more): '\(literal)' matches both; the server decides which route answers: make the paths distinct on the server (and here with it), or suppress this rule on the route if the server's precedence is deliberate",
                location: later.path[position].location,
                route: later,
                about: earlier.pathTemplate
            ))
        }
        return findings
    }

    private struct BucketKey: Hashable {
        var method: String
        var segmentCount: Int
        /// `/orders/mine/` and `/orders/{id}` never match one URL.
        var hasTrailingSlash: Bool
    }

    /// The earlier paths of one bucket (one method, one segment count, one trailing slash or
    /// none), shared by prefix.
    private struct PathTrie {
        private struct Node {
            var literals: [String: Int] = [:]
            var parameter: Int?
            var routeIndices: [Int] = []
        }

        private var nodes = [Node()]

        /// Adds `path`, the path of the route at `index`.
        mutating func insert(_ path: [PathComponent], index: Int) {
            var current = 0
            for component in path.map(AmbiguousPathRule.matchKey) {
                let next: Int?
                switch component {
                case .literal(let text, _): next = nodes[current].literals[text]
                case .parameter, .joined: next = nodes[current].parameter
                }
                if let next {
                    current = next
                    continue
                }
                nodes.append(Node())
                let created = nodes.count - 1
                switch component {
                case .literal(let text, _): nodes[current].literals[text] = created
                case .parameter, .joined: nodes[current].parameter = created
                }
                current = created
            }
            nodes[current].routeIndices.append(index)
        }

        /// The earliest route index whose path matches a URL `path` matches while differing
        /// from it in shape (`firstConflict` is not nil), and how many such routes there are;
        /// nil when there are none.
        func overlaps(of path: [PathComponent]) -> (first: Int, count: Int)? {
            var first = Int.max
            var count = 0
            var pending: [(node: Int, depth: Int, differs: Bool)] = [(0, 0, false)]
            while let (node, depth, differs) = pending.popLast() {
                guard depth < path.count else {
                    guard differs else { continue }
                    for routeIndex in nodes[node].routeIndices {
                        first = min(first, routeIndex)
                        count += 1
                    }
                    continue
                }
                switch AmbiguousPathRule.matchKey(path[depth]) {
                case .literal(let text, _):
                    if let next = nodes[node].literals[text] { pending.append((next, depth + 1, differs)) }
                    if let next = nodes[node].parameter { pending.append((next, depth + 1, true)) }
                case .parameter, .joined:
                    if let next = nodes[node].parameter { pending.append((next, depth + 1, differs)) }
                    for next in nodes[node].literals.values { pending.append((next, depth + 1, true)) }
                }
            }
            return count == 0 ? nil : (first, count)
        }
    }

    /// A joined segment (`{sid}.json`) as the trie sees it: a literal of its shape (`{}.json`),
    /// so it overlaps a plain parameter and the same shape, never a plain literal (a
    /// `Calls/x.json` next to `Calls/{sid}.json` is not reported).
    static func matchKey(_ component: PathComponent) -> PathComponent {
        guard case .joined(_, let location) = component else { return component }
        return .literal(component.text(parameterName: false), location: location)
    }

    /// The first position where a literal meets a parameter, when the two paths can match one URL
    /// and are not the same shape; nil otherwise.
    static func firstConflict(_ first: [PathComponent], _ second: [PathComponent]) -> Int? {
        guard first.count == second.count else { return nil }
        var conflict: Int?
        for (position, pair) in zip(first.map(matchKey), second.map(matchKey)).enumerated() {
            switch pair {
            case (.literal(let left, _), .literal(let right, _)):
                if left != right { return nil }
            case (.literal, .parameter), (.parameter, .literal):
                if conflict == nil { conflict = position }
            case (.parameter, .parameter), (.joined, _), (_, .joined):
                continue
            }
        }
        return conflict
    }
}
