import RoutegenEmit
import Testing

@Suite("EndpointsEmitter")
struct EndpointsEmitterTests {
    @Test func pathParameterBecomesATypedValueSegment() {
        let swift = SpecSnippets.endpoints(#"""
            api Library
            group Books public
              book GET /books/{id: ID<Book>}/cover -> Book
            """#)
        #expect(swift == #"""
            /// Routes of the Books group. Public unless marked.
            public nonisolated enum BooksEndpoints {
            #sourceLocation(file: "Specs/Test.routes", line: 2)
                /// `GET /books/{id}/cover` · public
                public static func book(id: ID<Book>) -> Endpoint<Book> {
            #sourceLocation()
                    Endpoint(
                        method: .get,
                        path: ["books", .value(id), "cover"],
                        auth: nil
                    )
                }
            }

            """#)
    }

    @Test func routeWithoutArgumentsIsAStaticProperty() {
        let swift = SpecSnippets.endpoints(#"""
            api Library
            group Loans auth
              loans GET /me/loans -> [Loan]
            """#)
        #expect(swift == #"""
            /// Routes of the Loans group. Require authentication unless marked.
            public nonisolated enum LoansEndpoints {
            #sourceLocation(file: "Specs/Test.routes", line: 2)
                /// `GET /me/loans` · requires authentication
                public static var loans: Endpoint<[Loan]> {
            #sourceLocation()
                    Endpoint(
                        method: .get,
                        path: ["me", "loans"],
                        auth: .bearer
                    )
                }
            }

            """#)
    }

    @Test func queryDefaultIsKeptAndQueryIsSortedByWireName() {
        let swift = SpecSnippets.endpoints(#"""
            api Library
            group Books public
              search GET /books ?q: String ?limit: Int = 20 -> [Book]
            """#)
        #expect(swift.contains(#"""
                public static func search(q: String, limit: Int = 20) -> Endpoint<[Book]> {
            #sourceLocation()
                    Endpoint(
                        method: .get,
                        path: ["books"],
                        query: .items(["limit": limit, "q": q]),
                        auth: nil
                    )
            """#))
    }

    @Test func optionalQueryParameterDefaultsToNil() {
        let swift = SpecSnippets.endpoints(#"""
            api Library
            group Books public
              search GET /books ?page: Int? -> [Book]
            """#)
        #expect(swift.contains("public static func search(page: Int? = nil) -> Endpoint<[Book]> {\n"))
    }

    @Test func arrayQueryParameterDefaultsToEmpty() {
        let swift = SpecSnippets.endpoints(#"""
            api Library
            group Books public
              search GET /books ?tag: [String] -> [Book]
            """#)
        #expect(swift.contains("public static func search(tag: [String] = []) -> Endpoint<[Book]> {\n"))
    }

    @Test func stringAndBooleanDefaultsAreSwiftLiterals() {
        let swift = SpecSnippets.endpoints(#"""
            api Library
            group Books public
              search GET /books ?sort: String = "title \"asc\"" ?all: Bool = false -> [Book]
            """#)
        #expect(swift.contains(#"public static func search(sort: String = "title \"asc\"", all: Bool = false) -> Endpoint<[Book]> {"#))
    }

    @Test func wireNameBecomesLowerCamelCaseLabelButIsSentAsWritten() {
        let swift = SpecSnippets.endpoints(#"""
            api Library
            group Books public
              search GET /books ?per_page: Int ?page.size: Int -> [Book]
            """#)
        #expect(swift.contains("public static func search(perPage: Int, pageSize: Int) -> Endpoint<[Book]> {\n"))
        #expect(swift.contains(#"query: .items(["page.size": pageSize, "per_page": perPage]),"#))
    }

    @Test func headerParameterIsSentAsAHeaderField() {
        let swift = SpecSnippets.endpoints(#"""
            api Library
            group Books auth
              updateBook PUT /books/{id: ID<Book>} header If-Match: String body NewBook -> Book
            """#)
        #expect(swift.contains(#"""
                public static func updateBook(id: ID<Book>, ifMatch: String, body: NewBook) -> Endpoint<Book> {
            #sourceLocation()
                    Endpoint(
                        method: .put,
                        path: ["books", .value(id)],
                        headers: .headerFields(["If-Match": ifMatch]),
                        body: .json(body),
                        auth: .bearer
                    )
            """#))
    }

    @Test func argumentsArePathThenQueryThenHeadersThenBody() {
        let swift = SpecSnippets.endpoints(#"""
            api Library
            group Books auth
              tag POST /books/{id: ID<Book>}/tags header X-Trace: String? ?dry_run: Bool = false body NewTag -> Tag
            """#)
        #expect(swift.contains("public static func tag(id: ID<Book>, dryRun: Bool = false, xTrace: String? = nil, body: NewTag) -> Endpoint<Tag> {\n"))
    }

    @Test func jsonBodyIsSentAsJSON() {
        let swift = SpecSnippets.endpoints(#"""
            api Library
            group Books auth
              createBook POST /books body NewBook -> Book
            """#)
        #expect(swift.contains("public static func createBook(body: NewBook) -> Endpoint<Book> {\n"))
        #expect(swift.contains("body: .json(body),\n"))
    }

    @Test func mergePatchBodyIsSentAsMergePatch() {
        let swift = SpecSnippets.endpoints(#"""
            api Library
            group Books auth
              updateBook PATCH /books/{id: ID<Book>} body merge-patch BookPatch -> Book
            """#)
        #expect(swift.contains("public static func updateBook(id: ID<Book>, body: BookPatch) -> Endpoint<Book> {\n"))
        #expect(swift.contains("body: .mergePatch(body),\n"))
    }

    @Test func formBodyIsSentAsAForm() {
        let swift = SpecSnippets.endpoints(#"""
            api Auth
            group Tokens public
              token POST /oauth/token body form TokenRequest -> Token
            """#)
        #expect(swift.contains("public static func token(body: TokenRequest) -> Endpoint<Token> {\n"))
        #expect(swift.contains("body: .form(body),\n"))
    }

    @Test func rawBodyIsDataWithItsMediaType() {
        let swift = SpecSnippets.endpoints(#"""
            api Library
            group Books auth
              uploadCover PUT /books/{id: ID<Book>}/cover body raw "image/png" -> Empty
            """#)
        #expect(swift.contains("public static func uploadCover(id: ID<Book>, body: Data) -> Endpoint<Empty> {\n"))
        #expect(swift.contains(#"body: .raw(body, contentType: "image/png"),"# + "\n"))
    }

    @Test func acceptReplacesTheDefaultAcceptHeader() {
        let swift = SpecSnippets.endpoints(#"""
            api Library
            group Books public
              cover GET /books/{id: ID<Book>}/cover accept image/* -> Data
            """#)
        #expect(swift.contains(#"""
                public static func cover(id: ID<Book>) -> Endpoint<Data> {
            #sourceLocation()
                    Endpoint(
                        method: .get,
                        path: ["books", .value(id), "cover"],
                        auth: nil,
                        accept: "image/*"
                    )
            """#))
    }

    @Test func emptyResponseIsAnEndpointOfEmpty() {
        let swift = SpecSnippets.endpoints(#"""
            api Library
            group Loans auth
              returnBook DELETE /me/loans/{id: ID<Book>} -> Empty
            """#)
        #expect(swift.contains("public static func returnBook(id: ID<Book>) -> Endpoint<Empty> {\n"))
    }

    @Test func otherMethodTokenIsSpelledAsARawValue() {
        let swift = SpecSnippets.endpoints(#"""
            api Cache
            group Pages public
              purge PURGE /pages/{slug: String} -> Empty
            """#)
        #expect(swift.contains(#"method: HTTPMethod(rawValue: "PURGE"),"#))
    }

    @Test func routeLevelAccessOverridesTheGroup() {
        let swift = SpecSnippets.endpoints(#"""
            api Pizzeria
            group Orders auth
              guestOrder POST /api/orders/guest body GuestOrder -> Order public
            """#)
        #expect(swift.contains("/// `POST /api/orders/guest` · public\n"))
        #expect(swift.contains("auth: nil\n"))
    }

    @Test func keywordRouteAndParameterNamesAreEscapedWithBackticks() {
        let swift = SpecSnippets.endpoints(#"""
            api Library
            group Books public
              default GET /books ?import: String -> [Book]
            """#)
        #expect(swift.contains("public static func `default`(`import`: String) -> Endpoint<[Book]> {\n"))
        #expect(swift.contains(#"query: .items(["import": `import`]),"#))
    }

    @Test func reservedMemberNamesGetATrailingUnderscore() {
        let swift = SpecSnippets.endpoints(#"""
            api Library
            group Books public
              Type GET /books ?self: String -> [Book]
            """#)
        #expect(swift.contains("public static func Type_(self_: String) -> Endpoint<[Book]> {\n"))
        #expect(swift.contains(#"query: .items(["self": self_]),"#))
    }

    @Test func routeDocsComeBeforeTheMethodAndPathLine() {
        let swift = SpecSnippets.endpoints(#"""
            api Library
            group Books public
              /// Fetches one book.
              /// Missing books are a 404.
              book GET /books/{id: ID<Book>} -> Book
            """#)
        #expect(swift.contains(#"""
            #sourceLocation(file: "Specs/Test.routes", line: 1)
                /// Fetches one book.
                /// Missing books are a 404.
                ///
                /// `GET /books/{id}` · public
                public static func book(id: ID<Book>) -> Endpoint<Book> {
            """#))
    }

    @Test func groupDocsComeBeforeTheAccessLine() {
        let swift = SpecSnippets.endpoints(#"""
            api Library
            /// Everything about books.
            group Books public
              book GET /books/{id: ID<Book>} -> Book
            """#)
        #expect(swift.hasPrefix(#"""
            /// Everything about books.
            ///
            /// Routes of the Books group. Public unless marked.
            public nonisolated enum BooksEndpoints {
            """#))
    }

    @Test func deprecatedRouteIsMarkedAvailableDeprecated() {
        let swift = SpecSnippets.endpoints(#"""
            api Library
            group Books public
              oldSearch GET /search -> [Book] deprecated
            """#)
        #expect(swift.contains(#"""
            #sourceLocation(file: "Specs/Test.routes", line: 1)
                /// `GET /search` · public
                @available(*, deprecated)
                public static var oldSearch: Endpoint<[Book]> {
            """#))
    }

    @Test func internalAccessIsWrittenOnEveryDeclaration() {
        let swift = SpecSnippets.endpoints(#"""
            api Library
            group Books public
              book GET /books/{id: ID<Book>} -> Book
            """#, options: EmitOptions(accessLevel: .internal))
        #expect(swift.contains("internal nonisolated enum BooksEndpoints {\n"))
        #expect(swift.contains("    internal static func book(id: ID<Book>) -> Endpoint<Book> {\n"))
    }

    @Test func packageAccessIsWrittenOnEveryDeclaration() {
        let swift = SpecSnippets.endpoints(#"""
            api Library
            group Books public
              book GET /books/{id: ID<Book>} -> Book
            """#, options: EmitOptions(accessLevel: .package))
        #expect(swift.contains("package nonisolated enum BooksEndpoints {\n"))
        #expect(swift.contains("    package static func book(id: ID<Book>) -> Endpoint<Book> {\n"))
    }

    @Test func rootPathIsAnEmptySegmentList() {
        let swift = SpecSnippets.endpoints(#"""
            api Status
            group Health public
              root GET / -> Empty
            """#)
        #expect(swift.contains("path: [],\n"))
    }
}

@Suite("EndpointsEmitter arguments of model types")
struct ModelTypedArgumentTests {
    @Test func queryArgumentOfAModelTypeGoesThroughTheArgumentTextHelper() {
        let swift = SpecSnippets.endpoints(#"""
            api Library
            group Books public
              search GET /books ?sort: SortOrder -> [Book]
            """#)
        #expect(swift.contains(#"query: .items(["sort": LibraryArgumentText.query(sort)]),"#))
    }

    @Test func optionalModelTypedQueryArgumentUsesOptionalQuery() {
        let swift = SpecSnippets.endpoints(#"""
            api Library
            group Books public
              search GET /books ?sort: SortOrder? -> [Book]
            """#)
        #expect(swift.contains(#"query: .items(["sort": LibraryArgumentText.optionalQuery(sort)]),"#))
    }

    @Test func arrayOfModelTypeQueryArgumentUsesArrayQuery() {
        let swift = SpecSnippets.endpoints(#"""
            api Library
            group Books public
              search GET /books ?filter: [Filter] -> [Book]
            """#)
        #expect(swift.contains(#"query: .items(["filter": LibraryArgumentText.arrayQuery(filter)]),"#))
    }

    @Test func pathArgumentOfAModelTypeGoesThroughTheArgumentTextHelper() {
        let swift = SpecSnippets.endpoints(#"""
            api Library
            group Shelves public
              shelf GET /shelves/{kind: ShelfKind} -> Shelf
            """#)
        #expect(swift.contains(#"path: ["shelves", LibraryArgumentText.path(kind)],"#))
    }

    @Test func knownScalarTypesArePassedAsTheyAre() {
        let swift = SpecSnippets.endpoints(#"""
            api Library
            group Books public
              search GET /books/{id: UUID} ?since: Date? ?ids: [Int64] ?q: String -> [Book]
            """#)
        #expect(swift.contains(#"path: ["books", .value(id)],"#))
        #expect(swift.contains(#"query: .items(["ids": ids, "q": q, "since": since]),"#))
    }

    @Test func aRouteWithASchemePassesItAndTheDefaultBearerStaysRequiresAuthentication() {
        let source = """
            api Maps
            auth oauth = bearer
            auth pd = header Authorization prefix "Token token="
            group Places auth pd
              incidents GET /incidents -> Place
              me GET /me -> Place auth oauth
              tile GET /tiles -> Place public
            """
        let text = SpecSnippets.endpoints(source)
        #expect(text.contains("""
                /// `GET /incidents` · requires authentication (`auth pd = header Authorization prefix "Token token="`)
            """))
        #expect(text.contains("""
                        path: ["incidents"],
                        auth: AuthScheme(name: "pd", placement: .header(name: "Authorization", prefix: "Token token="))
            """))
        #expect(text.contains("""
                        path: ["me"],
                        auth: AuthScheme(name: "oauth", placement: .bearer)
            """))
        #expect(text.contains("""
                        path: ["tiles"],
                        auth: nil
            """))
        // An unnamed `auth bearer` is the default scheme: the same code as no `auth` line.
        let plain = "api A\ngroup G auth\n  r GET /r -> R\n"
        let explicit = SpecSnippets.endpoints(plain.replacingOccurrences(of: "api A\n", with: "api A\nauth bearer\n"))
        #expect(explicit.replacingOccurrences(of: "line: 3)", with: "line: 2)") == SpecSnippets.endpoints(plain))
    }
}
