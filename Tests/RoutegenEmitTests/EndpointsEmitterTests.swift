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
        #expect(swift == #"""
            /// Routes of the Books group. Public unless marked.
            public nonisolated enum BooksEndpoints {
            #sourceLocation(file: "Specs/Test.routes", line: 2)
                /// `GET /books` · public
                public static func search(q: String, limit: Int = 20) -> Endpoint<[Book]> {
            #sourceLocation()
                    Endpoint(
                        method: .get,
                        path: ["books"],
                        query: .items(["limit": limit, "q": q]),
                        auth: nil
                    )
                }
            }

            """#)
    }

    @Test func optionalQueryParameterDefaultsToNil() {
        let swift = SpecSnippets.endpoints(#"""
            api Library
            group Books public
              search GET /books ?page: Int? -> [Book]
            """#)
        #expect(swift == #"""
            /// Routes of the Books group. Public unless marked.
            public nonisolated enum BooksEndpoints {
            #sourceLocation(file: "Specs/Test.routes", line: 2)
                /// `GET /books` · public
                public static func search(page: Int? = nil) -> Endpoint<[Book]> {
            #sourceLocation()
                    Endpoint(
                        method: .get,
                        path: ["books"],
                        query: .items(["page": page]),
                        auth: nil
                    )
                }
            }

            """#)
    }

    @Test func arrayQueryParameterDefaultsToEmpty() {
        let swift = SpecSnippets.endpoints(#"""
            api Library
            group Books public
              search GET /books ?tag: [String] -> [Book]
            """#)
        #expect(swift == #"""
            /// Routes of the Books group. Public unless marked.
            public nonisolated enum BooksEndpoints {
            #sourceLocation(file: "Specs/Test.routes", line: 2)
                /// `GET /books` · public
                public static func search(tag: [String] = []) -> Endpoint<[Book]> {
            #sourceLocation()
                    Endpoint(
                        method: .get,
                        path: ["books"],
                        query: .items(["tag": tag]),
                        auth: nil
                    )
                }
            }

            """#)
    }

    @Test func stringAndBooleanDefaultsAreSwiftLiterals() {
        let swift = SpecSnippets.endpoints(#"""
            api Library
            group Books public
              search GET /books ?sort: String = "title \"asc\"" ?all: Bool = false -> [Book]
            """#)
        #expect(swift == #"""
            /// Routes of the Books group. Public unless marked.
            public nonisolated enum BooksEndpoints {
            #sourceLocation(file: "Specs/Test.routes", line: 2)
                /// `GET /books` · public
                public static func search(sort: String = "title \"asc\"", all: Bool = false) -> Endpoint<[Book]> {
            #sourceLocation()
                    Endpoint(
                        method: .get,
                        path: ["books"],
                        query: .items(["all": all, "sort": sort]),
                        auth: nil
                    )
                }
            }

            """#)
    }

    @Test func wireNameBecomesLowerCamelCaseLabelButIsSentAsWritten() {
        let swift = SpecSnippets.endpoints(#"""
            api Library
            group Books public
              search GET /books ?per_page: Int ?page.size: Int -> [Book]
            """#)
        #expect(swift == #"""
            /// Routes of the Books group. Public unless marked.
            public nonisolated enum BooksEndpoints {
            #sourceLocation(file: "Specs/Test.routes", line: 2)
                /// `GET /books` · public
                public static func search(perPage: Int, pageSize: Int) -> Endpoint<[Book]> {
            #sourceLocation()
                    Endpoint(
                        method: .get,
                        path: ["books"],
                        query: .items(["page.size": pageSize, "per_page": perPage]),
                        auth: nil
                    )
                }
            }

            """#)
    }

    @Test func headerParameterIsSentAsAHeaderField() {
        let swift = SpecSnippets.endpoints(#"""
            api Library
            group Books auth
              updateBook PUT /books/{id: ID<Book>} header If-Match: String body NewBook -> Book
            """#)
        #expect(swift == #"""
            /// Routes of the Books group. Require authentication unless marked.
            public nonisolated enum BooksEndpoints {
            #sourceLocation(file: "Specs/Test.routes", line: 2)
                /// `PUT /books/{id}` · requires authentication
                public static func updateBook(id: ID<Book>, ifMatch: String, body: NewBook) -> Endpoint<Book> {
            #sourceLocation()
                    Endpoint(
                        method: .put,
                        path: ["books", .value(id)],
                        headers: .headerFields(["If-Match": ifMatch]),
                        body: .json(body),
                        auth: .bearer
                    )
                }
            }

            """#)
    }

    @Test func argumentsArePathThenQueryThenHeadersThenBody() {
        let swift = SpecSnippets.endpoints(#"""
            api Library
            group Books auth
              tag POST /books/{id: ID<Book>}/tags header X-Trace: String? ?dry_run: Bool = false body NewTag -> Tag
            """#)
        #expect(swift == #"""
            /// Routes of the Books group. Require authentication unless marked.
            public nonisolated enum BooksEndpoints {
            #sourceLocation(file: "Specs/Test.routes", line: 2)
                /// `POST /books/{id}/tags` · requires authentication
                public static func tag(id: ID<Book>, dryRun: Bool = false, xTrace: String? = nil, body: NewTag) -> Endpoint<Tag> {
            #sourceLocation()
                    Endpoint(
                        method: .post,
                        path: ["books", .value(id), "tags"],
                        query: .items(["dry_run": dryRun]),
                        headers: .headerFields(["X-Trace": xTrace]),
                        body: .json(body),
                        auth: .bearer
                    )
                }
            }

            """#)
    }

    @Test func otherMethodTokenIsSpelledAsARawValue() {
        let swift = SpecSnippets.endpoints(#"""
            api Cache
            group Pages public
              purge PURGE /pages/{slug: String} -> Empty
            """#)
        #expect(swift == #"""
            /// Routes of the Pages group. Public unless marked.
            public nonisolated enum PagesEndpoints {
            #sourceLocation(file: "Specs/Test.routes", line: 2)
                /// `PURGE /pages/{slug}` · public
                public static func purge(slug: String) -> Endpoint<Empty> {
            #sourceLocation()
                    Endpoint(
                        method: HTTPMethod(rawValue: "PURGE"),
                        path: ["pages", .value(slug)],
                        auth: nil
                    )
                }
            }

            """#)
    }

    @Test func routeLevelAccessOverridesTheGroup() {
        let swift = SpecSnippets.endpoints(#"""
            api Pizzeria
            group Orders auth
              guestOrder POST /api/orders/guest body GuestOrder -> Order public
            """#)
        #expect(swift == #"""
            /// Routes of the Orders group. Require authentication unless marked.
            public nonisolated enum OrdersEndpoints {
            #sourceLocation(file: "Specs/Test.routes", line: 2)
                /// `POST /api/orders/guest` · public
                public static func guestOrder(body: GuestOrder) -> Endpoint<Order> {
            #sourceLocation()
                    Endpoint(
                        method: .post,
                        path: ["api", "orders", "guest"],
                        body: .json(body),
                        auth: nil
                    )
                }
            }

            """#)
    }

    @Test func keywordRouteAndParameterNamesAreEscapedWithBackticks() {
        let swift = SpecSnippets.endpoints(#"""
            api Library
            group Books public
              default GET /books ?import: String -> [Book]
            """#)
        #expect(swift == #"""
            /// Routes of the Books group. Public unless marked.
            public nonisolated enum BooksEndpoints {
            #sourceLocation(file: "Specs/Test.routes", line: 2)
                /// `GET /books` · public
                public static func `default`(`import`: String) -> Endpoint<[Book]> {
            #sourceLocation()
                    Endpoint(
                        method: .get,
                        path: ["books"],
                        query: .items(["import": `import`]),
                        auth: nil
                    )
                }
            }

            """#)
    }

    @Test func reservedMemberNamesGetATrailingUnderscore() {
        let swift = SpecSnippets.endpoints(#"""
            api Library
            group Books public
              Type GET /books ?self: String -> [Book]
            """#)
        #expect(swift == #"""
            /// Routes of the Books group. Public unless marked.
            public nonisolated enum BooksEndpoints {
            #sourceLocation(file: "Specs/Test.routes", line: 2)
                /// `GET /books` · public
                public static func Type_(self_: String) -> Endpoint<[Book]> {
            #sourceLocation()
                    Endpoint(
                        method: .get,
                        path: ["books"],
                        query: .items(["self": self_]),
                        auth: nil
                    )
                }
            }

            """#)
    }

    @Test func routeDocsComeBeforeTheMethodAndPathLine() {
        let swift = SpecSnippets.endpoints(#"""
            api Library
            group Books public
              /// Fetches one book.
              /// Missing books are a 404.
              book GET /books/{id: ID<Book>} -> Book
            """#)
        #expect(swift == #"""
            /// Routes of the Books group. Public unless marked.
            public nonisolated enum BooksEndpoints {
            #sourceLocation(file: "Specs/Test.routes", line: 1)
                /// Fetches one book.
                /// Missing books are a 404.
                ///
                /// `GET /books/{id}` · public
                public static func book(id: ID<Book>) -> Endpoint<Book> {
            #sourceLocation()
                    Endpoint(
                        method: .get,
                        path: ["books", .value(id)],
                        auth: nil
                    )
                }
            }

            """#)
    }

    @Test func groupDocsComeBeforeTheAccessLine() {
        let swift = SpecSnippets.endpoints(#"""
            api Library
            /// Everything about books.
            group Books public
              book GET /books/{id: ID<Book>} -> Book
            """#)
        #expect(swift == #"""
            /// Everything about books.
            ///
            /// Routes of the Books group. Public unless marked.
            public nonisolated enum BooksEndpoints {
            #sourceLocation(file: "Specs/Test.routes", line: 3)
                /// `GET /books/{id}` · public
                public static func book(id: ID<Book>) -> Endpoint<Book> {
            #sourceLocation()
                    Endpoint(
                        method: .get,
                        path: ["books", .value(id)],
                        auth: nil
                    )
                }
            }

            """#)
    }

    @Test func deprecatedRouteIsMarkedAvailableDeprecated() {
        let swift = SpecSnippets.endpoints(#"""
            api Library
            group Books public
              oldSearch GET /search -> [Book] deprecated
            """#)
        #expect(swift == #"""
            /// Routes of the Books group. Public unless marked.
            public nonisolated enum BooksEndpoints {
            #sourceLocation(file: "Specs/Test.routes", line: 1)
                /// `GET /search` · public
                @available(*, deprecated)
                public static var oldSearch: Endpoint<[Book]> {
            #sourceLocation()
                    Endpoint(
                        method: .get,
                        path: ["search"],
                        auth: nil
                    )
                }
            }

            """#)
    }

    @Test func internalAccessIsWrittenOnEveryDeclaration() {
        let swift = SpecSnippets.endpoints(#"""
            api Library
            group Books public
              book GET /books/{id: ID<Book>} -> Book
            """#, options: EmitOptions(accessLevel: .internal))
        #expect(swift == #"""
            /// Routes of the Books group. Public unless marked.
            internal nonisolated enum BooksEndpoints {
            #sourceLocation(file: "Specs/Test.routes", line: 2)
                /// `GET /books/{id}` · public
                internal static func book(id: ID<Book>) -> Endpoint<Book> {
            #sourceLocation()
                    Endpoint(
                        method: .get,
                        path: ["books", .value(id)],
                        auth: nil
                    )
                }
            }

            """#)
    }

    @Test func packageAccessIsWrittenOnEveryDeclaration() {
        let swift = SpecSnippets.endpoints(#"""
            api Library
            group Books public
              book GET /books/{id: ID<Book>} -> Book
            """#, options: EmitOptions(accessLevel: .package))
        #expect(swift == #"""
            /// Routes of the Books group. Public unless marked.
            package nonisolated enum BooksEndpoints {
            #sourceLocation(file: "Specs/Test.routes", line: 2)
                /// `GET /books/{id}` · public
                package static func book(id: ID<Book>) -> Endpoint<Book> {
            #sourceLocation()
                    Endpoint(
                        method: .get,
                        path: ["books", .value(id)],
                        auth: nil
                    )
                }
            }

            """#)
    }

    @Test func rootPathIsAnEmptySegmentList() {
        let swift = SpecSnippets.endpoints(#"""
            api Status
            group Health public
              root GET / -> Empty
            """#)
        #expect(swift == #"""
            /// Routes of the Health group. Public unless marked.
            public nonisolated enum HealthEndpoints {
            #sourceLocation(file: "Specs/Test.routes", line: 2)
                /// `GET /` · public
                public static var root: Endpoint<Empty> {
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

    @Test func aRouteWithASchemePassesItAndTheDefaultBearerStaysRequiresAuthentication() {
        let swift = SpecSnippets.endpoints(#"""
            api Maps
            auth oauth = bearer
            auth pd = header Authorization prefix "Token token="
            group Places auth pd
              incidents GET /incidents -> Place
              me GET /me -> Place auth oauth
              tile GET /tiles -> Place public
            """#)
        #expect(swift == #"""
            /// Routes of the Places group. Require authentication unless marked.
            public nonisolated enum PlacesEndpoints {
            #sourceLocation(file: "Specs/Test.routes", line: 4)
                /// `GET /incidents` · requires authentication (`auth pd = header Authorization prefix "Token token="`)
                public static var incidents: Endpoint<Place> {
            #sourceLocation()
                    Endpoint(
                        method: .get,
                        path: ["incidents"],
                        auth: AuthScheme(name: "pd", placement: .header(name: "Authorization", prefix: "Token token="))
                    )
                }

            #sourceLocation(file: "Specs/Test.routes", line: 5)
                /// `GET /me` · requires authentication (`auth oauth = bearer`)
                public static var me: Endpoint<Place> {
            #sourceLocation()
                    Endpoint(
                        method: .get,
                        path: ["me"],
                        auth: AuthScheme(name: "oauth", placement: .bearer)
                    )
                }

            #sourceLocation(file: "Specs/Test.routes", line: 6)
                /// `GET /tiles` · public
                public static var tile: Endpoint<Place> {
            #sourceLocation()
                    Endpoint(
                        method: .get,
                        path: ["tiles"],
                        auth: nil
                    )
                }
            }

            """#)
        // An unnamed `auth bearer` is the default scheme: the same code as no `auth` line.
        let plain = "api A\ngroup G auth\n  r GET /r -> R\n"
        let explicit = SpecSnippets.endpoints(plain.replacingOccurrences(of: "api A\n", with: "api A\nauth bearer\n"))
        #expect(explicit.replacingOccurrences(of: "line: 3)", with: "line: 2)") == SpecSnippets.endpoints(plain))
    }
}
