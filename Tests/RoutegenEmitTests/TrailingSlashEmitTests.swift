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
        let swift = SpecSnippets.endpoints(Self.spec)
        #expect(swift.contains(#"""
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
            """#))
        #expect(swift.contains(#"""
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
            """#))
    }

    @Test func routeWithoutATrailingSlashSaysNothingAboutIt() {
        let swift = SpecSnippets.endpoints(Self.spec)
        #expect(swift.contains(#"""
                    Endpoint(
                        method: .get,
                        path: [],
                        auth: nil
                    )
            """#))
        #expect(!SpecSnippets.endpoints("api A\ngroup G public\n  r GET /r -> R\n").contains("hasTrailingSlash"))
    }

    @Test func routeTableListsThePathTemplateWithItsSlash() throws {
        let table = try #require(SpecSnippets.files(Self.spec).last)
        #expect(table.relativePath == "LibraryAPI/LibraryRoutes.swift")
        #expect(table.contents.contains("        Books | books | GET | /books/ | "))
        #expect(table.contents.contains("        Books | book | GET | /books/{id}/ | "))
    }

    @Test func auditExpectsTheSlashBeforeTheQuery() {
        let declaration = AuditTestsSnippets.declaration(of: "books", in: Self.spec)
        #expect(declaration.contains(#"pathTemplate: "/books/","#))
        #expect(declaration.contains(#"url: "https://audit.routegen.test/v1/books/?q=q-1","#))
        #expect(declaration.contains(#"route.withHostileQuery = AuditedCall(url: "https://audit.routegen.test/v1/books/?q=a%2Fb%20c%26d%2Be")"#))
    }

    @Test func auditExpectsTheSlashAfterEveryPathValue() {
        let declaration = AuditTestsSnippets.declaration(of: "book", in: Self.spec)
        #expect(declaration.contains(#"pathTemplate: "/books/{id}/","#))
        #expect(declaration.contains(#"url: "https://audit.routegen.test/v1/books/id-1/","#))
        #expect(declaration.contains(#"route.withHostileSegment = AuditedCall(url: "https://audit.routegen.test/v1/books/a%2Fb%20c%26d%2Be/")"#))
        #expect(declaration.contains(#"route.withNonASCIISegment = AuditedCall(url: "https://audit.routegen.test/v1/books/Zo%C3%AB%2F%E6%9D%B1%E4%BA%AC/")"#))
    }

    @Test func auditOfTheRootIsStillTheBaseURL() {
        let declaration = AuditTestsSnippets.declaration(of: "index", in: Self.spec)
        #expect(declaration.contains(#"url: "https://audit.routegen.test/v1","#))
    }
}
