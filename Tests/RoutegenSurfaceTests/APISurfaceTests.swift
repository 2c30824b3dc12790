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
            METHOD  PATH               ACCESS  BODY                   RESPONSE  ERRORS  PAGINATE  ROUTE
            GET     /books             public  -                      [Book]    -       -         Books.search
            POST    /books             auth    NewBook                Book      -       -         Books.createBook
            GET     /books/{id}        public  -                      Book      -       -         Books.book
            PATCH   /books/{id}        auth    merge-patch BookPatch  Book      -       -         Books.updateBook
            GET     /books/{id}/cover  public  -                      Data      -       -         Books.cover
            GET     /me/loans          auth    -                      [Loan]    -       -         Loans.loans
            DELETE  /me/loans/{id}     auth    -                      Empty     -       -         Loans.returnBook

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
            | Method | Path | Access | Body | Response | Errors | Paginate | Route |
            |---|---|---|---|---|---|---|---|
            | POST | `/me/avatar` | auth | `raw "image/png"` | `Empty` | — | — | `Loans.upload` |
            | GET | `/me/loans` | auth | — | `[Loan]` | — | — | `Loans.loans` |

            """)
    }

    @Test func jsonHasTheRoutesAndTheTypesAsArraysOfObjectsWithSortedKeys() throws {
        let source = """
            api Library
            group Loans auth
              loans GET /me/loans -> [Loan]
            """
        #expect(try surface(source).render(.json) == """
            {
              "routes" : [
                {
                  "access" : "auth",
                  "api" : "Library",
                  "body" : "-",
                  "errors" : "-",
                  "method" : "GET",
                  "paginate" : "-",
                  "path" : "/me/loans",
                  "response" : "[Loan]",
                  "route" : "Loans.loans"
                }
              ],
              "types" : [

              ]
            }

            """)
    }

    // MARK: Declared types

    static let shelf = """
        api Shelf

        union Shape by kind
          circle: Circle
          "big-square" as bigSquare: Square

        /// A book.
        model Book includes Timestamps
          id: ID<Book>
          title: String
          subtitle: String?
          published_at: Date?
          tags: [String] = []
          genre: Genre = .fantasy
          "@type" as kind: String? required deprecated

        model Timestamps
          created_at: Date

        enum Priority: Int
          low = 1
          high = 2

        enum Genre
          science_fiction
          fantasy

        patch BookPatch of Book
          title
          subtitle

        model Page<Item>
          items: [Item]
          next: String?

        model Circle
          radius: Double

        model Square
          side: Double

        group Books public
          books GET /books ?priority: Priority? -> Page<Book>
          updateBook PATCH /books/{id: ID<Book>} body merge-patch BookPatch -> Book   auth
          shape GET /shape -> Shape
        """

    @Test func textListsTheTypesAfterTheRoutesSortedByNameWithTheirMembersInOrder() throws {
        #expect(try surface(Self.shelf).render(.text) == """
            METHOD  PATH         ACCESS  BODY                   RESPONSE    ERRORS  PAGINATE  ROUTE
            GET     /books       public  -                      Page<Book>  -       -         Books.books
            PATCH   /books/{id}  auth    merge-patch BookPatch  Book        -       -         Books.updateBook
            GET     /shape       public  -                      Shape       -       -         Books.shape

            DECLARATION                     MEMBER           SWIFT           TYPE      PRESENCE
            model Book includes Timestamps  created_at       createdAt       Date      required
            model Book includes Timestamps  id               id              ID<Book>  required
            model Book includes Timestamps  title            title           String    required
            model Book includes Timestamps  subtitle         subtitle        String?   optional
            model Book includes Timestamps  published_at     publishedAt     Date?     optional
            model Book includes Timestamps  tags             tags            [String]  defaulted = []
            model Book includes Timestamps  genre            genre           Genre     defaulted = .fantasy
            model Book includes Timestamps  @type            kind            String?   required nullable
            patch BookPatch of Book         title            title           String    optional
            patch BookPatch of Book         subtitle         subtitle        String?   optional
            model Circle                    radius           radius          Double    required
            enum Genre                      science_fiction  scienceFiction  -         -
            enum Genre                      fantasy          fantasy         -         -
            model Page<Item>                items            items           [Item]    required
            model Page<Item>                next             next            String?   optional
            enum Priority: Int              1                low             -         -
            enum Priority: Int              2                high            -         -
            union Shape by kind             circle           circle          Circle    -
            union Shape by kind             big-square       bigSquare       Square    -
            model Square                    side             side            Double    required
            model Timestamps                created_at       createdAt       Date      required

            """)
    }

    @Test func typeOrderDoesNotDependOnDeclarationOrderOrFileOrder() throws {
        let other = """
            api Other
            model Circle
              radius: Int
            group Shapes public
              circle GET /circle -> Circle
            """
        let forward = try surface(Self.shelf, other)
        #expect(try forward.types == surface(other, Self.shelf).types)
        #expect(forward.types.map { $0.name + "@" + $0.api }.prefix(3) == ["Book@Shelf", "BookPatch@Shelf", "Circle@Other"])
    }

    @Test func markdownHasATypesTableWithCodeCells() throws {
        let source = """
            api Library
            model Book
              "filter|x" as filter: String?
              count: Int = 20
            enum Genre
              fantasy
            group Books public
              books GET /books ?genre: Genre -> [Book]
            """
        #expect(try surface(source).render(.markdown) == """
            | Method | Path | Access | Body | Response | Errors | Paginate | Route |
            |---|---|---|---|---|---|---|---|
            | GET | `/books` | public | — | `[Book]` | — | — | `Books.books` |

            | Declaration | Member | Swift | Type | Presence |
            |---|---|---|---|---|
            | `model Book` | `filter\\|x` | `filter` | `String?` | optional |
            | `model Book` | `count` | `count` | `Int` | defaulted = 20 |
            | `enum Genre` | `fantasy` | `fantasy` | — | — |

            """)
    }

    @Test func jsonListsEachTypeWithWhatItsKindHas() throws {
        let source = """
            api Library
            model Page<Item>
              items: [Item]
            enum Genre
              fantasy
            union Result by type
              page: Page<Genre>
            patch PagePatch of Holder
              label
            model Holder
              label: String = "none"
            group Books public
              result GET /result -> Result
              update PATCH /holder body merge-patch PagePatch -> Holder
            """
        #expect(try surface(source).render(.json).components(separatedBy: "\"types\" : ")[1] == """
            [
                {
                  "api" : "Library",
                  "declaration" : "enum Genre",
                  "kind" : "enum",
                  "members" : [
                    {
                      "name" : "fantasy",
                      "swiftName" : "fantasy"
                    }
                  ],
                  "name" : "Genre",
                  "rawType" : "String"
                },
                {
                  "api" : "Library",
                  "declaration" : "model Holder",
                  "kind" : "model",
                  "members" : [
                    {
                      "default" : "\\"none\\"",
                      "name" : "label",
                      "presence" : "defaulted",
                      "swiftName" : "label",
                      "type" : "String"
                    }
                  ],
                  "name" : "Holder"
                },
                {
                  "api" : "Library",
                  "declaration" : "model Page<Item>",
                  "genericParameters" : [
                    "Item"
                  ],
                  "kind" : "model",
                  "members" : [
                    {
                      "name" : "items",
                      "presence" : "required",
                      "swiftName" : "items",
                      "type" : "[Item]"
                    }
                  ],
                  "name" : "Page"
                },
                {
                  "api" : "Library",
                  "declaration" : "patch PagePatch of Holder",
                  "kind" : "patch",
                  "members" : [
                    {
                      "name" : "label",
                      "presence" : "optional",
                      "swiftName" : "label",
                      "type" : "String"
                    }
                  ],
                  "name" : "PagePatch",
                  "of" : "Holder"
                },
                {
                  "api" : "Library",
                  "declaration" : "union Result by type",
                  "discriminator" : "type",
                  "kind" : "union",
                  "members" : [
                    {
                      "name" : "page",
                      "swiftName" : "page",
                      "type" : "Page<Genre>"
                    }
                  ],
                  "name" : "Result"
                }
              ]
            }

            """)
    }

    @Test func typeWithoutMembersHasOneRowOfDashes() throws {
        let source = """
            api Library
            model Marker
            group Books public
              marker GET /marker -> Marker
            """
        #expect(try surface(source).render(.text).hasSuffix("""

            DECLARATION   MEMBER  SWIFT  TYPE  PRESENCE
            model Marker  -       -      -     -

            """))
    }

    @Test func accessShowsEachRoutesSchemeUnlessItIsTheDefaultBearerToken() throws {
        let source = """
            api Maps
            auth oauth = bearer
            auth key = query key
            group Places auth key
              place GET /places/{id: String} -> Place
              me    GET /me -> Place auth oauth
              tile  GET /tiles -> Data public
            """
        #expect(try surface(source).render(.text) == """
            METHOD  PATH          ACCESS                  BODY  RESPONSE  ERRORS  PAGINATE  ROUTE
            GET     /me           auth (oauth = bearer)   -     Place     -       -         Places.me
            GET     /places/{id}  auth (key = query key)  -     Place     -       -         Places.place
            GET     /tiles        public                  -     Data      -       -         Places.tile

            """)
    }
}
