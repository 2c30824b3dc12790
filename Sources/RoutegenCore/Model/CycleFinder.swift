/// Cycles among nodes that refer to one another, declared types above all: the one place they
/// are found, for the resolver (a struct that would hold itself, a union that needs `indirect`),
/// the samples (the types whose sample never leads back to themselves) and the importer (the
/// field that closes a model's cycle). Iterative throughout, so a long chain of types cannot
/// exhaust the thread's stack.
public struct CycleFinder<Edge> {
    /// Each node's edges, in order.
    public let successors: [[Edge]]
    private let target: (Edge) -> Int

    /// A graph of `successors.count` nodes; `target` names the node an edge leads to.
    public init(successors: [[Edge]], target: @escaping (Edge) -> Int) {
        self.successors = successors
        self.target = target
    }

    /// The shortest path of edges from `start` to `goal` through nodes that are `allowed`
    /// (breadth first); nil when there is none.
    public func path(from start: Int, to goal: Int, allowed: [Bool]) -> [Edge]? {
        var previous: [Int: (from: Int, edge: Int)] = [:]
        var queue = [start]
        var head = 0
        while head < queue.count {
            let node = queue[head]
            head += 1
            for (edgeIndex, edge) in successors[node].enumerated() where allowed[target(edge)] {
                let next = target(edge)
                if next == goal {
                    var steps = [successors[node][edgeIndex]]
                    var current = node
                    while current != start, let back = previous[current] {
                        steps.insert(successors[back.from][back.edge], at: 0)
                        current = back.from
                    }
                    return steps
                }
                if previous[next] == nil && next != start {
                    previous[next] = (node, edgeIndex)
                    queue.append(next)
                }
            }
        }
        return nil
    }

    /// The nodes that can lead back to themselves: those of a strongly connected component of
    /// more than one node, and those with an edge to themselves (Tarjan's algorithm).
    public func nodesOnCycles() -> Set<Int> {
        let count = successors.count
        var order = Array(repeating: -1, count: count)
        var lowLink = Array(repeating: 0, count: count)
        var onStack = Array(repeating: false, count: count)
        var stack: [Int] = []
        var nextOrder = 0
        var result: Set<Int> = []
        for root in 0..<count where order[root] < 0 {
            var work: [(node: Int, next: Int)] = [(root, 0)]
            order[root] = nextOrder; lowLink[root] = nextOrder; nextOrder += 1
            stack.append(root); onStack[root] = true
            while let (node, next) = work.last {
                if next < successors[node].count {
                    work[work.count - 1].next += 1
                    let successor = target(successors[node][next])
                    if order[successor] < 0 {
                        order[successor] = nextOrder; lowLink[successor] = nextOrder; nextOrder += 1
                        stack.append(successor); onStack[successor] = true
                        work.append((successor, 0))
                    } else if onStack[successor] {
                        lowLink[node] = min(lowLink[node], order[successor])
                    }
                    continue
                }
                work.removeLast()
                if let parent = work.last?.node { lowLink[parent] = min(lowLink[parent], lowLink[node]) }
                guard lowLink[node] == order[node] else { continue }
                var component: [Int] = []
                while let member = stack.popLast() {
                    onStack[member] = false
                    component.append(member)
                    if member == node { break }
                }
                if component.count > 1 || successors[node].contains(where: { target($0) == node }) { result.formUnion(component) }
            }
        }
        return result
    }

    /// One edge that closes a cycle, with the path of nodes that led to it (its source last).
    public struct ClosingEdge {
        public let source: Int
        public let edge: Edge
        public let path: [Int]
    }

    /// Depth first from each of `roots` in turn, each node's edges in order: every edge that
    /// leads to a node on the current path (or to its own source), in the order met. An edge
    /// for which `canClose` is false is followed but never reported (a model's `includes`).
    public func closingEdges(from roots: [Int], canClose: (Edge) -> Bool) -> [ClosingEdge] {
        // 0: not met, 1: on the current path, 2: done.
        var state = Array(repeating: 0, count: successors.count)
        var found: [ClosingEdge] = []
        for root in roots where state[root] == 0 {
            var work: [(node: Int, next: Int)] = [(root, 0)]
            state[root] = 1
            while let (node, next) = work.last {
                guard next < successors[node].count else {
                    state[node] = 2
                    work.removeLast()
                    continue
                }
                work[work.count - 1].next += 1
                let edge = successors[node][next]
                let successor = target(edge)
                if canClose(edge), state[successor] == 1 {
                    found.append(ClosingEdge(source: node, edge: edge, path: work.map(\.node)))
                } else if state[successor] == 0 {
                    state[successor] = 1
                    work.append((successor, 0))
                }
            }
        }
        return found
    }
}
