import RoutegenEmit
import Testing

/// How a route's body and response become its endpoint: the body's encoding, the Accept header, `Empty`.
@Suite("EndpointsEmitter bodies and responses")
struct EndpointBodyEmitTests {
    @Test func jsonBodyIsSentAsJSON() {
        let swift = SpecSnippets.endpoints(#"""
            api Library
            group Books auth
              createBook POST /books body NewBook -> Book
            """#)
        #expect(swift == #"""
            /// Routes of the Books group. Require authentication unless marked.
            public nonisolated enum BooksEndpoints {
            #sourceLocation(file: "Specs/Test.routes", line: 2)
                /// `POST /books` · requires authentication
                public static func createBook(body: NewBook) -> Endpoint<Book> {
            #sourceLocation()
                    Endpoint(
                        method: .post,
                        path: ["books"],
                        body: .json(body),
                        auth: .bearer
                    )
                }
            }

            """#)
    }

    @Test func mergePatchBodyIsSentAsMergePatch() {
        let swift = SpecSnippets.endpoints(#"""
            api Library
            group Books auth
              updateBook PATCH /books/{id: ID<Book>} body merge-patch BookPatch -> Book
            """#)
        #expect(swift == #"""
            /// Routes of the Books group. Require authentication unless marked.
            public nonisolated enum BooksEndpoints {
            #sourceLocation(file: "Specs/Test.routes", line: 2)
                /// `PATCH /books/{id}` · requires authentication
                public static func updateBook(id: ID<Book>, body: BookPatch) -> Endpoint<Book> {
            #sourceLocation()
                    Endpoint(
                        method: .patch,
                        path: ["books", .value(id)],
                        body: .mergePatch(body),
                        auth: .bearer
                    )
                }
            }

            """#)
    }

    @Test func formBodyIsSentAsAForm() {
        let swift = SpecSnippets.endpoints(#"""
            api Auth
            group Tokens public
              token POST /oauth/token body form TokenRequest -> Token
            """#)
        #expect(swift == #"""
            /// Routes of the Tokens group. Public unless marked.
            public nonisolated enum TokensEndpoints {
            #sourceLocation(file: "Specs/Test.routes", line: 2)
                /// `POST /oauth/token` · public
                public static func token(body: TokenRequest) -> Endpoint<Token> {
            #sourceLocation()
                    Endpoint(
                        method: .post,
                        path: ["oauth", "token"],
                        body: .form(body),
                        auth: nil
                    )
                }
            }

            """#)
    }

    @Test func rawBodyIsDataWithItsMediaType() {
        let swift = SpecSnippets.endpoints(#"""
            api Library
            group Books auth
              uploadCover PUT /books/{id: ID<Book>}/cover body raw "image/png" -> Empty
            """#)
        #expect(swift == #"""
            /// Routes of the Books group. Require authentication unless marked.
            public nonisolated enum BooksEndpoints {
            #sourceLocation(file: "Specs/Test.routes", line: 2)
                /// `PUT /books/{id}/cover` · requires authentication
                public static func uploadCover(id: ID<Book>, body: Data) -> Endpoint<Empty> {
            #sourceLocation()
                    Endpoint(
                        method: .put,
                        path: ["books", .value(id), "cover"],
                        body: .raw(body, contentType: "image/png"),
                        auth: .bearer
                    )
                }
            }

            """#)
    }

    @Test func acceptReplacesTheDefaultAcceptHeader() {
        let swift = SpecSnippets.endpoints(#"""
            api Library
            group Books public
              cover GET /books/{id: ID<Book>}/cover accept image/* -> Data
            """#)
        #expect(swift == #"""
            /// Routes of the Books group. Public unless marked.
            public nonisolated enum BooksEndpoints {
            #sourceLocation(file: "Specs/Test.routes", line: 2)
                /// `GET /books/{id}/cover` · public
                public static func cover(id: ID<Book>) -> Endpoint<Data> {
            #sourceLocation()
                    Endpoint(
                        method: .get,
                        path: ["books", .value(id), "cover"],
                        auth: nil,
                        accept: "image/*"
                    )
                }
            }

            """#)
    }

    @Test func emptyResponseIsAnEndpointOfEmpty() {
        let swift = SpecSnippets.endpoints(#"""
            api Library
            group Loans auth
              returnBook DELETE /me/loans/{id: ID<Book>} -> Empty
            """#)
        #expect(swift == #"""
            /// Routes of the Loans group. Require authentication unless marked.
            public nonisolated enum LoansEndpoints {
            #sourceLocation(file: "Specs/Test.routes", line: 2)
                /// `DELETE /me/loans/{id}` · requires authentication
                public static func returnBook(id: ID<Book>) -> Endpoint<Empty> {
            #sourceLocation()
                    Endpoint(
                        method: .delete,
                        path: ["me", "loans", .value(id)],
                        auth: .bearer
                    )
                }
            }

            """#)
    }
}
