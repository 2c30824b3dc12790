import RoutegenCore
import RoutegenLint
import RoutegenSurface
import Testing

/// `routegen surface`: the sorted listing and its three forms.
@Suite struct APISurfaceTests {
    static let library = """
        api Library
        import LibraryModels

        group Books public
          book        GET    /books/{id: ID<Book>}                              -> Book
          search      GET    /books ?q: String ?limit: Int = 20                 -> [Book]
          createBook  POST   /books  body NewBook                               -> Book   auth
          updateBook  PATCH  /books/{id: ID<Book>}  body merge-patch BookPatch  -> Book   auth
          cover       GET    /books/{id: ID<Book>}/cover  accept image/*        -> Data

        group Loans auth
          loans       GET    /me/loans                                          -> [Loan]
          returnBook  DELETE /me/loans/{id: ID<Book>}                           -> Empty
        """

    func surface(_ sources: String...) throws -> APISurface {
        APISurface(models: try sources.map { try #require(parseWithoutErrors($0)) })
    }

    @Test func textListsRoutesSortedByPathThenMethodInAlignedColumns() throws {
        #expect(try surface(Self.library).render(.text) == """
            METHOD  PATH               ACCESS  BODY                   RESPONSE  ROUTE
            GET     /books             public  -                      [Book]    Books.search
            POST    /books             auth    NewBook                Book      Books.createBook
            GET     /books/{id}        public  -                      Book      Books.book
            PATCH   /books/{id}        auth    merge-patch BookPatch  Book      Books.updateBook
            GET     /books/{id}/cover  public  -                      Data      Books.cover
            GET     /me/loans          auth    -                      [Loan]    Loans.loans
            DELETE  /me/loans/{id}     auth    -                      Empty     Loans.returnBook

            """)
    }

    @Test func orderDoesNotDependOnDeclarationOrder() throws {
        let reversed = """
            api Library
            group Loans auth
              returnBook  DELETE /me/loans/{id: ID<Book>} -> Empty
              loans       GET    /me/loans -> [Loan]
            group Books public
              cover       GET    /books/{id: ID<Book>}/cover  accept image/* -> Data
              updateBook  PATCH  /books/{id: ID<Book>}  body merge-patch BookPatch -> Book   auth
              createBook  POST   /books  body NewBook -> Book   auth
              search      GET    /books ?q: String ?limit: Int = 20 -> [Book]
              book        GET    /books/{id: ID<Book>} -> Book
            """
        #expect(try surface(reversed).entries == surface(Self.library).entries)
    }

    @Test func filesGivenInEitherOrderListTheSame() throws {
        let pets = """
            api Pets
            group Pets public
              pets GET /pets -> [Pet]
            """
        #expect(try surface(Self.library, pets).render(.text) == surface(pets, Self.library).render(.text))
    }

    @Test func standardMethodsSortBeforeOthersAtOnePath() throws {
        let source = """
            api Cache
            group Cache auth
              purge PURGE /items -> Empty
              remove DELETE /items -> Empty
              list GET /items -> [Item]
              check HEAD /items -> Empty
            """
        #expect(try surface(source).entries.map(\.method) == ["GET", "HEAD", "DELETE", "PURGE"])
    }

    @Test func trailingSlashIsShownAndSortsAfterThePathWithoutIt() throws {
        let source = """
            api Shelf
            group Books public
              bookSlash GET /books/{id: ID<Book>}/ -> Book
              books GET /books/ -> [Book]
              book GET /books/{id: ID<Book>} -> Book
            """
        #expect(try surface(source).entries.map(\.path) == ["/books/", "/books/{id}", "/books/{id}/"])
    }

    @Test func markdownIsATableWithCodeCells() throws {
        let source = """
            api Library
            group Loans auth
              loans GET /me/loans -> [Loan]
              upload POST /me/avatar body raw "image/png" -> Empty
            """
        #expect(try surface(source).render(.markdown) == """
            | Method | Path | Access | Body | Response | Route |
            |---|---|---|---|---|---|
            | POST | `/me/avatar` | auth | `raw "image/png"` | `Empty` | `Loans.upload` |
            | GET | `/me/loans` | auth | — | `[Loan]` | `Loans.loans` |

            """)
    }

    @Test func jsonIsAnArrayOfObjectsWithSortedKeys() throws {
        let source = """
            api Library
            group Loans auth
              loans GET /me/loans -> [Loan]
            """
        #expect(try surface(source).render(.json) == """
            [
              {
                "access" : "auth",
                "api" : "Library",
                "body" : "-",
                "method" : "GET",
                "path" : "/me/loans",
                "response" : "[Loan]",
                "route" : "Loans.loans"
              }
            ]

            """)
    }
}
