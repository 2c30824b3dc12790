import RoutegenCore
import Testing

/// The one place cycles among declared types are found: shortest paths, the nodes on a cycle,
/// and the edges a depth-first walk finds closing one.
@Suite("Cycle finder")
struct CycleFinderTests {
    /// 0 → 1 → 2 → 0, 2 → 3, 3 → 3, 4 alone.
    static var graph: CycleFinder<Int> { CycleFinder(successors: [[1], [2], [0, 3], [3], []]) { $0 } }

    @Test func theShortestPathBackToANodeIsFound() {
        #expect(Self.graph.path(from: 0, to: 0, allowed: Array(repeating: true, count: 5)) == [1, 2, 0])
        #expect(Self.graph.path(from: 3, to: 3, allowed: Array(repeating: true, count: 5)) == [3])
        #expect(Self.graph.path(from: 4, to: 4, allowed: Array(repeating: true, count: 5)) == nil)
    }

    @Test func aPathGoesOnlyThroughAllowedNodes() {
        #expect(Self.graph.path(from: 0, to: 0, allowed: [true, false, true, true, true]) == nil)
    }

    @Test func nodesOnCyclesAreTheBigComponentsAndTheSelfLoops() {
        #expect(Self.graph.nodesOnCycles() == [0, 1, 2, 3])
    }

    @Test func aDepthFirstWalkReportsTheEdgesThatCloseACycleWithThePathToThem() {
        let closing = Self.graph.closingEdges(from: [0, 1, 2, 3, 4]) { _ in true }
        #expect(closing.map(\.source) == [2, 3])
        #expect(closing.map(\.edge) == [0, 3])
        #expect(closing.map(\.path) == [[0, 1, 2], [0, 1, 2, 3]])
    }

    @Test func anEdgeThatCannotCloseIsFollowedButNotReported() {
        let graph = CycleFinder(successors: [[(target: 1, closes: false)], [(target: 0, closes: true)]]) { $0.target }
        let closing = graph.closingEdges(from: [0, 1]) { $0.closes }
        #expect(closing.map(\.source) == [1])
        #expect(graph.closingEdges(from: [1, 0]) { $0.closes }.map(\.source) == [])
    }
}
