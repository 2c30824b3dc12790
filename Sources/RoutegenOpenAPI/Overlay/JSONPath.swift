import RoutegenCore

/// A JSONPath query (RFC 9535) as Overlay actions write their `target`, over a `DocumentNode`:
/// the root `$`; names `.name` and `['name']`; `*` and `[*]`; indexes `[0]` and `[-1]`; several
/// selectors `['a', 'b']`; descendants `..name`, `..*`, `..[...]`; and filters `[?@.in == 'query']`
/// (also written `[?(...)]`) with `==`, `!=`, `<`, `<=`, `>`, `>=`, `!`, `&&`, `||`, parentheses
/// and existence tests, over relative paths of names and indexes.
struct JSONPath: Sendable {
    /// One step of a node's place in a document: a key of a mapping, or an index of a sequence.
    enum Step: Hashable, Sendable {
        case key(String)
        case index(Int)
    }

    indirect enum Selector: Sendable {
        case name(String)
        case wildcard
        case index(Int)
        case filter(Filter)
    }

    struct Segment: Sendable {
        var selectors: [Selector]
        var isDescendant: Bool
    }

    indirect enum Filter: Sendable {
        case exists([Step])
        case compare(Operand, String, Operand)
        case not(Filter)
        case and(Filter, Filter)
        case or(Filter, Filter)
    }

    enum Operand: Sendable {
        case path([Step])
        case value(DocumentNode)
    }

    let segments: [Segment]

    /// The places of the nodes the query selects in `root`, in document order, each once.
    func select(in root: DocumentNode) -> [[Step]] {
        var current: [([Step], DocumentNode)] = [([], root)]
        for segment in segments {
            var next: [([Step], DocumentNode)] = []
            for (path, node) in current {
                let candidates = segment.isDescendant ? Self.descendantsAndSelf(path, node) : [(path, node)]
                for (place, candidate) in candidates {
                    for selector in segment.selectors { next += Self.apply(selector, to: candidate, at: place) }
                }
            }
            var seen: Set<[Step]> = []
            current = next.filter { seen.insert($0.0).inserted }
        }
        return current.map(\.0)
    }

    private static func descendantsAndSelf(_ path: [Step], _ node: DocumentNode) -> [([Step], DocumentNode)] {
        var result: [([Step], DocumentNode)] = []
        var pending = [(path, node)]
        while !pending.isEmpty {
            let (place, current) = pending.removeFirst()
            result.append((place, current))
            pending = children(of: current, at: place) + pending
        }
        return result
    }

    private static func children(of node: DocumentNode, at path: [Step]) -> [([Step], DocumentNode)] {
        if let entries = node.entries { return entries.compactMap { entry in entry.key.string.map { (path + [.key($0)], entry.value) } } }
        if let elements = node.sequence { return elements.enumerated().map { (path + [.index($0.offset)], $0.element) } }
        return []
    }

    private static func apply(_ selector: Selector, to node: DocumentNode, at path: [Step]) -> [([Step], DocumentNode)] {
        switch selector {
        case .name(let name):
            return node[name].map { [(path + [.key(name)], $0)] } ?? []
        case .wildcard:
            return children(of: node, at: path)
        case .index(let index):
            guard let elements = node.sequence else { return [] }
            let resolved = index < 0 ? elements.count + index : index
            return elements.indices.contains(resolved) ? [(path + [.index(resolved)], elements[resolved])] : []
        case .filter(let filter):
            return children(of: node, at: path).filter { holds(filter, on: $0.1) }
        }
    }

    private static func holds(_ filter: Filter, on node: DocumentNode) -> Bool {
        switch filter {
        case .exists(let steps): return value(at: steps, in: node) != nil
        case .not(let inner): return !holds(inner, on: node)
        case .and(let left, let right): return holds(left, on: node) && holds(right, on: node)
        case .or(let left, let right): return holds(left, on: node) || holds(right, on: node)
        case .compare(let left, let comparison, let right):
            return compare(operand(left, node), comparison, operand(right, node))
        }
    }

    private static func operand(_ operand: Operand, _ node: DocumentNode) -> DocumentNode? {
        switch operand {
        case .path(let steps): value(at: steps, in: node)
        case .value(let value): value
        }
    }

    /// The node at `steps` below `node`.
    static func value(at steps: [Step], in node: DocumentNode) -> DocumentNode? {
        var current = node
        for step in steps {
            switch step {
            case .key(let key): guard let next = current[key] else { return nil }; current = next
            case .index(let index): guard let elements = current.sequence, elements.indices.contains(index) else { return nil }; current = elements[index]
            }
        }
        return current
    }

    /// RFC 9535's comparison: equal values, or ordered numbers and strings; nothing (a missing
    /// value) equals only nothing.
    private static func compare(_ left: DocumentNode?, _ comparison: String, _ right: DocumentNode?) -> Bool {
        switch comparison {
        case "==": return same(left, right)
        case "!=": return !same(left, right)
        default:
            let order: Bool?
            switch (left?.value, right?.value) {
            case (.number(let a)?, .number(let b)?):
                if let left = Double(a), let right = Double(b) { order = left < right } else { order = nil }
            case (.string(let a)?, .string(let b)?): order = a < b
            default: order = nil
            }
            // Values without an order (booleans, null) are still equal to themselves.
            guard let isLess = order else { return (comparison == "<=" || comparison == ">=") && same(left, right) }
            switch comparison {
            case "<": return isLess
            case ">": return !isLess && !same(left, right)
            case "<=": return isLess || same(left, right)
            default: return !isLess
            }
        }
    }

    private static func same(_ left: DocumentNode?, _ right: DocumentNode?) -> Bool {
        switch (left, right) {
        case (nil, nil): return true
        case (let left?, let right?):
            if case .number(let a) = left.value, case .number(let b) = right.value { return Double(a) == Double(b) }
            return DocumentComparison.sameValue(left, right)
        default: return false
        }
    }
}
