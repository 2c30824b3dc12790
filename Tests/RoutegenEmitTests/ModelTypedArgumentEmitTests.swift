import RoutegenEmit
import Testing

@Suite("EndpointsEmitter arguments of model types")
struct ModelTypedArgumentTests {
    @Test func queryArgumentOfAModelTypeGoesThroughTheArgumentTextHelper() {
        let swift = SpecSnippets.endpoints(#"""
            api Library
            group Books public
              search GET /books ?sort: SortOrder -> [Book]
            """#)
        #expect(swift == #"""
            /// Routes of the Books group. Public unless marked.
            public nonisolated enum BooksEndpoints {
            #sourceLocation(file: "Specs/Test.routes", line: 2)
                /// `GET /books` · public
                public static func search(sort: SortOrder) -> Endpoint<[Book]> {
            #sourceLocation()
                    Endpoint(
                        method: .get,
                        path: ["books"],
                        query: .items(["sort": LibraryArgumentText.query(sort)]),
                        auth: nil
                    )
                }
            }

            """#)
    }

    @Test func optionalModelTypedQueryArgumentUsesOptionalQuery() {
        let swift = SpecSnippets.endpoints(#"""
            api Library
            group Books public
              search GET /books ?sort: SortOrder? -> [Book]
            """#)
        #expect(swift == #"""
            /// Routes of the Books group. Public unless marked.
            public nonisolated enum BooksEndpoints {
            #sourceLocation(file: "Specs/Test.routes", line: 2)
                /// `GET /books` · public
                public static func search(sort: SortOrder? = nil) -> Endpoint<[Book]> {
            #sourceLocation()
                    Endpoint(
                        method: .get,
                        path: ["books"],
                        query: .items(["sort": LibraryArgumentText.optionalQuery(sort)]),
                        auth: nil
                    )
                }
            }

            """#)
    }

    @Test func arrayOfModelTypeQueryArgumentUsesArrayQuery() {
        let swift = SpecSnippets.endpoints(#"""
            api Library
            group Books public
              search GET /books ?filter: [Filter] -> [Book]
            """#)
        #expect(swift == #"""
            /// Routes of the Books group. Public unless marked.
            public nonisolated enum BooksEndpoints {
            #sourceLocation(file: "Specs/Test.routes", line: 2)
                /// `GET /books` · public
                public static func search(filter: [Filter] = []) -> Endpoint<[Book]> {
            #sourceLocation()
                    Endpoint(
                        method: .get,
                        path: ["books"],
                        query: .items(["filter": LibraryArgumentText.arrayQuery(filter)]),
                        auth: nil
                    )
                }
            }

            """#)
    }

    @Test func pathArgumentOfAModelTypeGoesThroughTheArgumentTextHelper() {
        let swift = SpecSnippets.endpoints(#"""
            api Library
            group Shelves public
              shelf GET /shelves/{kind: ShelfKind} -> Shelf
            """#)
        #expect(swift == #"""
            /// Routes of the Shelves group. Public unless marked.
            public nonisolated enum ShelvesEndpoints {
            #sourceLocation(file: "Specs/Test.routes", line: 2)
                /// `GET /shelves/{kind}` · public
                public static func shelf(kind: ShelfKind) -> Endpoint<Shelf> {
            #sourceLocation()
                    Endpoint(
                        method: .get,
                        path: ["shelves", LibraryArgumentText.path(kind)],
                        auth: nil
                    )
                }
            }

            """#)
    }

    @Test func knownScalarTypesArePassedAsTheyAre() {
        let swift = SpecSnippets.endpoints(#"""
            api Library
            group Books public
              search GET /books/{id: UUID} ?since: Date? ?ids: [Int64] ?q: String -> [Book]
            """#)
        #expect(swift == #"""
            /// Routes of the Books group. Public unless marked.
            public nonisolated enum BooksEndpoints {
            #sourceLocation(file: "Specs/Test.routes", line: 2)
                /// `GET /books/{id}` · public
                public static func search(id: UUID, since: Date? = nil, ids: [Int64] = [], q: String) -> Endpoint<[Book]> {
            #sourceLocation()
                    Endpoint(
                        method: .get,
                        path: ["books", .value(id)],
                        query: .items(["ids": ids, "q": q, "since": since]),
                        auth: nil
                    )
                }
            }

            """#)
    }
}
