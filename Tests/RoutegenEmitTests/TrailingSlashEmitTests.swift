import RoutegenEmit
import Testing

/// A route written with a trailing slash (`/books/`): the endpoint sends it, the route table
/// lists it, and the audit expects it in every URL.
@Suite("Trailing slash in generated code")
struct TrailingSlashEmitTests {
    static let spec = #"""
        api Library
        group Books public
          books GET /books/ ?q: String -> [Book]
          book GET /books/{id: ID<Book>}/ -> Book
          index GET / -> Book
        """#

    @Test func endpointSaysItHasATrailingSlash() {
        let swift = SpecSnippets.endpoints(#"""
            api Library
            group Books public
              books GET /books/ ?q: String -> [Book]
              book GET /books/{id: ID<Book>}/ -> Book
            """#)
        #expect(swift == #"""
            /// Routes of the Books group. Public unless marked.
            public nonisolated enum BooksEndpoints {
            #sourceLocation(file: "Specs/Test.routes", line: 2)
                /// `GET /books/` · public
                public static func books(q: String) -> Endpoint<[Book]> {
            #sourceLocation()
                    Endpoint(
                        method: .get,
                        path: ["books"],
                        hasTrailingSlash: true,
                        query: .items(["q": q]),
                        auth: nil
                    )
                }

            #sourceLocation(file: "Specs/Test.routes", line: 3)
                /// `GET /books/{id}/` · public
                public static func book(id: ID<Book>) -> Endpoint<Book> {
            #sourceLocation()
                    Endpoint(
                        method: .get,
                        path: ["books", .value(id)],
                        hasTrailingSlash: true,
                        auth: nil
                    )
                }
            }

            """#)
    }

    @Test func routeWithoutATrailingSlashSaysNothingAboutIt() {
        // `/` alone is the root, not a trailing slash.
        let swift = SpecSnippets.endpoints(#"""
            api Library
            group Books public
              books GET /books ?q: String -> [Book]
              index GET / -> Book
            """#)
        #expect(swift == #"""
            /// Routes of the Books group. Public unless marked.
            public nonisolated enum BooksEndpoints {
            #sourceLocation(file: "Specs/Test.routes", line: 2)
                /// `GET /books` · public
                public static func books(q: String) -> Endpoint<[Book]> {
            #sourceLocation()
                    Endpoint(
                        method: .get,
                        path: ["books"],
                        query: .items(["q": q]),
                        auth: nil
                    )
                }

            #sourceLocation(file: "Specs/Test.routes", line: 3)
                /// `GET /` · public
                public static var index: Endpoint<Book> {
            #sourceLocation()
                    Endpoint(
                        method: .get,
                        path: [],
                        auth: nil
                    )
                }
            }

            """#)
    }

    @Test func routeTableListsThePathTemplateWithItsSlash() {
        let table = SpecSnippets.routeTable(Self.spec)
        #expect(table == [
            "Books | books | GET | /books/ | public | - | - | [Book]",
            "Books | book | GET | /books/{id}/ | public | - | - | Book",
            "Books | index | GET | / | public | - | - | Book",
        ])
    }

    @Test func auditExpectsTheSlashBeforeTheQuery() {
        let declaration = AuditTestsSnippets.declaration(of: "books", in: Self.spec)
        #expect(declaration == #"""
            var route = AuditedRoute(
                name: "books",
                method: "GET",
                pathTemplate: "/books/",
                requiresAuthentication: false,
                contentType: nil,
                accept: "application/json",
                url: "https://audit.routegen.test/v1/books/?q=q-1",
                endpoint: { BooksEndpoints.books(q: "q-1") }
            )
            route.withHostileQuery = AuditedCall(url: "https://audit.routegen.test/v1/books/?q=a%2Fb%20c%26d%2Be") {
                BooksEndpoints.books(q: "a/b c&d+e")
            }
            routes.append(route)

            """#)
    }

    @Test func auditExpectsTheSlashAfterEveryPathValue() {
        let declaration = AuditTestsSnippets.declaration(of: "book", in: Self.spec)
        #expect(declaration == #"""
            var route = AuditedRoute(
                name: "book",
                method: "GET",
                pathTemplate: "/books/{id}/",
                requiresAuthentication: false,
                contentType: nil,
                accept: "application/json",
                url: "https://audit.routegen.test/v1/books/id-1/",
                endpoint: { BooksEndpoints.book(id: ID("id-1")) }
            )
            route.withHostileSegment = AuditedCall(url: "https://audit.routegen.test/v1/books/a%2Fb%20c%26d%2Be/") {
                BooksEndpoints.book(id: ID("a/b c&d+e"))
            }
            route.withNonASCIISegment = AuditedCall(url: "https://audit.routegen.test/v1/books/Zo%C3%AB%2F%E6%9D%B1%E4%BA%AC/") {
                BooksEndpoints.book(id: ID("Zoë/東京"))
            }
            route.withDotSegment = AuditedCall(url: nil) {
                BooksEndpoints.book(id: ID(".."))
            }
            routes.append(route)

            """#)
    }

    @Test func auditOfTheRootIsStillTheBaseURL() {
        let declaration = AuditTestsSnippets.declaration(of: "index", in: Self.spec)
        #expect(declaration == #"""
            let route = AuditedRoute(
                name: "index",
                method: "GET",
                pathTemplate: "/",
                requiresAuthentication: false,
                contentType: nil,
                accept: "application/json",
                url: "https://audit.routegen.test/v1",
                endpoint: { BooksEndpoints.index }
            )
            routes.append(route)

            """#)
    }
}
