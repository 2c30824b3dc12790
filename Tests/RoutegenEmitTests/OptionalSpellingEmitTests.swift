import RoutegenEmit
import Testing

/// `Optional<T>` and `Array<T>` are `T?` and `[T]` wherever a route file writes a type: the same
/// generated Swift, byte for byte, in a route's clauses and in a declared type's members.
@Suite("Optional and Array spelled out")
struct OptionalSpellingEmitTests {
    private static func spec(optional: String, array: String) -> String {
        """
        api Shop
        model Page
          cursor: \(optional)
          ids: \(array)
        group Pages public
          page GET /pages ?cursor: \(optional) ?ids: \(array) -> Page
        """
    }

    private static let spelledOut = spec(optional: "Optional<String>", array: "Array<Int>")
    private static let shorthand = spec(optional: "String?", array: "[Int]")

    @Test func anOptionalQueryParameterSpelledOutIsOptionalWithANilDefault() {
        let route = { (type: String) in
            SpecSnippets.endpoints("""
                api Shop
                group Pages public
                  page GET /pages ?cursor: \(type) -> [String]
                """)
        }
        #expect(route("Optional<String>") == route("String?"))
        #expect(route("Optional<String>") == #"""
            /// Routes of the Pages group. Public unless marked.
            public nonisolated enum PagesEndpoints {
            #sourceLocation(file: "Specs/Test.routes", line: 2)
                /// `GET /pages` · public
                public static func page(cursor: String? = nil) -> Endpoint<[String]> {
            #sourceLocation()
                    Endpoint(
                        method: .get,
                        path: ["pages"],
                        query: .items(["cursor": cursor]),
                        auth: nil
                    )
                }
            }

            """#)
    }

    @Test func aRouteSpellingOutOptionalAndArrayGeneratesWhatTheShorthandDoes() {
        let expected = #"""
            /// Routes of the Pages group. Public unless marked.
            public nonisolated enum PagesEndpoints {
            #sourceLocation(file: "Specs/Test.routes", line: 5)
                /// `GET /pages` · public
                public static func page(cursor: String? = nil, ids: [Int] = []) -> Endpoint<Page> {
            #sourceLocation()
                    Endpoint(
                        method: .get,
                        path: ["pages"],
                        query: .items(["cursor": cursor, "ids": ids]),
                        auth: nil
                    )
                }
            }

            """#
        #expect(SpecSnippets.endpoints(Self.spelledOut) == expected)
        #expect(SpecSnippets.endpoints(Self.shorthand) == expected)
    }

    @Test func aModelMemberSpellingOutOptionalAndArrayGeneratesWhatTheShorthandDoes() {
        let expected = #"""
            public nonisolated struct Page: Codable, Equatable, Hashable, Sendable {
                public var cursor: String?
                public var ids: [Int]

                /// Creates the value from its fields; optional and defaulted ones may be left out.
                public init(cursor: String? = nil, ids: [Int]) {
                    self.cursor = cursor
                    self.ids = ids
                }
            }

            """#
        #expect(SpecSnippets.type("Page", in: Self.spelledOut) == expected)
        #expect(SpecSnippets.type("Page", in: Self.shorthand) == expected)
    }

    @Test func everyGeneratedFileIsTheSameForBothSpellings() {
        let spelledOut = SpecSnippets.files(Self.spelledOut)
        let shorthand = SpecSnippets.files(Self.shorthand)
        #expect(!spelledOut.isEmpty)
        #expect(spelledOut.map(\.relativePath) == shorthand.map(\.relativePath))
        for (left, right) in zip(spelledOut, shorthand) {
            #expect(left.contents == right.contents, "\(left.relativePath)")
        }
    }
}
