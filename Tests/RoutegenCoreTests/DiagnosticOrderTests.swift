import RoutegenCore
import Testing

/// The resolver builds the routes after its walk over the items, beside the types; what it
/// reports still comes in the order of one pass over the file.
@Suite("The order of the resolver's diagnostics")
struct DiagnosticOrderTests {
    @Test func routesWalkWarningsDuplicatesTypesAndRouteTypesComeInOnePassOrder() {
        let text = """
            api Shop

            group Items public
              list GET /items ?limit: Int ?limit: Int -> [Item]
            /// Documents nothing.

              show GET /items/{id: Int} -> Item
              show GET /items/{id: Int}/x -> Item
              bad GET /items/{id: Int}/y ?q: Int = "x" -> Item
              typo GET /typos -> Itme
            orphan GET /orphans -> Item

            group Empty public

            model Item
              id: Int
              id: String

            """
        let positions = load(text).diagnostics.map { diagnostic in
            "\(diagnostic.severity == .error ? "error" : "warning") \(diagnostic.location?.line ?? 0):\(diagnostic.location?.column ?? 0)"
        }
        #expect(positions == [
            "error 11:1",  // parser: a route line that is not indented
            "error 4:32",  // built route: a query parameter declared twice
            "warning 5:1",  // walk: documentation above a blank line
            "error 9:40",  // built route: a default that does not fit
            "warning 13:7",  // after the walk: a group without routes
            "error 8:3",  // duplicates, once every route is built
            "error 17:3",  // types
            "error 10:22",  // a type a route names that is not declared
        ])
    }

    /// 1,200 routes are built in chunks on both cores; their problems and the walk's still come
    /// in line order, a route's own right after the walk's for its line.
    @Test func routesBuiltInChunksReportInLineOrder() {
        var lines = ["api Shop", "", "group Items public"]
        var expected: [Int] = []
        for index in 0..<1_200 {
            if index % 97 == 0 {
                lines.append("/// Documents nothing.")
                expected.append(lines.count)
                lines.append("")
            }
            if index % 89 == 0 {
                lines.append("  item\(index) GET /items\(index) ?q: Int = \"x\" -> String")
                expected.append(lines.count)
            } else {
                lines.append("  item\(index) GET /items\(index) -> String")
            }
        }
        let diagnostics = load(lines.joined(separator: "\n") + "\n").diagnostics
        #expect(diagnostics.map { $0.location?.line ?? 0 } == expected)
    }
}
