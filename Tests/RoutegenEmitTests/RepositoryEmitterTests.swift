import RoutegenEmit
import Testing

@Suite("RepositoryEmitter")
struct RepositoryEmitterTests {
    @Test func protocolRemoteAndShortCallsForOneGroup() {
        let swift = SpecSnippets.repository(#"""
            api Library
            group Books public
              book GET /books/{id: ID<Book>} -> Book
              search GET /books ?q: String ?limit: Int = 20 -> [Book]
            """#)
        #expect(swift == #"""
            /// The Books routes as async calls; `RemoteBooksRepository` sends them over HTTP.
            public nonisolated protocol BooksRepository: Sendable {
            #sourceLocation(file: "Specs/Test.routes", line: 2)
                /// `GET /books/{id}` · public
                func book(id: ID<Book>) async throws -> Book
            #sourceLocation()

            #sourceLocation(file: "Specs/Test.routes", line: 3)
                /// `GET /books` · public
                func search(q: String, limit: Int) async throws -> [Book]
            #sourceLocation()
            }

            nonisolated extension BooksRepository {
            #sourceLocation(file: "Specs/Test.routes", line: 3)
                /// `search` with every defaulted argument at its default.
                public func search(q: String) async throws -> [Book] {
            #sourceLocation()
                    try await self.search(q: q, limit: 20)
                }
            }

            /// `BooksRepository` over HTTP: each call sends one endpoint of `BooksEndpoints` through the client.
            public nonisolated struct RemoteBooksRepository: BooksRepository {
                private let client: any HTTPClient

                /// Creates a repository that sends every request through `client`.
                public init(client: any HTTPClient) {
                    self.client = client
                }

            #sourceLocation(file: "Specs/Test.routes", line: 3)
                public func book(id: ID<Book>) async throws -> Book {
            #sourceLocation()
                    try await self.client.send(BooksEndpoints.book(id: id))
                }

            #sourceLocation(file: "Specs/Test.routes", line: 4)
                public func search(q: String, limit: Int) async throws -> [Book] {
            #sourceLocation()
                    try await self.client.send(BooksEndpoints.search(q: q, limit: limit))
                }
            }

            """#)
    }

    @Test func routeWithoutArgumentsIsStillAMethod() {
        let swift = SpecSnippets.repository(#"""
            api Library
            group Loans auth
              loans GET /me/loans -> [Loan]
            """#)
        #expect(swift == #"""
            /// The Loans routes as async calls; `RemoteLoansRepository` sends them over HTTP.
            public nonisolated protocol LoansRepository: Sendable {
            #sourceLocation(file: "Specs/Test.routes", line: 2)
                /// `GET /me/loans` · requires authentication
                func loans() async throws -> [Loan]
            #sourceLocation()
            }

            /// `LoansRepository` over HTTP: each call sends one endpoint of `LoansEndpoints` through the client.
            public nonisolated struct RemoteLoansRepository: LoansRepository {
                private let client: any HTTPClient

                /// Creates a repository that sends every request through `client`.
                public init(client: any HTTPClient) {
                    self.client = client
                }

            #sourceLocation(file: "Specs/Test.routes", line: 3)
                public func loans() async throws -> [Loan] {
            #sourceLocation()
                    try await self.client.send(LoansEndpoints.loans)
                }
            }

            """#)
    }

    @Test func emptyResponseReturnsNothing() {
        let swift = SpecSnippets.repository(#"""
            api Library
            group Loans auth
              returnBook DELETE /me/loans/{id: ID<Book>} -> Empty
            """#)
        #expect(swift == #"""
            /// The Loans routes as async calls; `RemoteLoansRepository` sends them over HTTP.
            public nonisolated protocol LoansRepository: Sendable {
            #sourceLocation(file: "Specs/Test.routes", line: 2)
                /// `DELETE /me/loans/{id}` · requires authentication
                func returnBook(id: ID<Book>) async throws
            #sourceLocation()
            }

            /// `LoansRepository` over HTTP: each call sends one endpoint of `LoansEndpoints` through the client.
            public nonisolated struct RemoteLoansRepository: LoansRepository {
                private let client: any HTTPClient

                /// Creates a repository that sends every request through `client`.
                public init(client: any HTTPClient) {
                    self.client = client
                }

            #sourceLocation(file: "Specs/Test.routes", line: 3)
                public func returnBook(id: ID<Book>) async throws {
            #sourceLocation()
                    _ = try await self.client.send(LoansEndpoints.returnBook(id: id))
                }
            }

            """#)
    }

    @Test func dataResponseReturnsTheBytes() {
        let swift = SpecSnippets.repository(#"""
            api Library
            group Books public
              cover GET /books/{id: ID<Book>}/cover accept image/* -> Data
            """#)
        #expect(swift == #"""
            /// The Books routes as async calls; `RemoteBooksRepository` sends them over HTTP.
            public nonisolated protocol BooksRepository: Sendable {
            #sourceLocation(file: "Specs/Test.routes", line: 2)
                /// `GET /books/{id}/cover` · public
                func cover(id: ID<Book>) async throws -> Data
            #sourceLocation()
            }

            /// `BooksRepository` over HTTP: each call sends one endpoint of `BooksEndpoints` through the client.
            public nonisolated struct RemoteBooksRepository: BooksRepository {
                private let client: any HTTPClient

                /// Creates a repository that sends every request through `client`.
                public init(client: any HTTPClient) {
                    self.client = client
                }

            #sourceLocation(file: "Specs/Test.routes", line: 3)
                public func cover(id: ID<Book>) async throws -> Data {
            #sourceLocation()
                    try await self.client.send(BooksEndpoints.cover(id: id))
                }
            }

            """#)
    }

    @Test func routeWithoutDefaultsGetsNoShortCall() {
        let swift = SpecSnippets.repository(#"""
            api Library
            group Books public
              book GET /books/{id: ID<Book>} -> Book
            """#)
        #expect(swift == #"""
            /// The Books routes as async calls; `RemoteBooksRepository` sends them over HTTP.
            public nonisolated protocol BooksRepository: Sendable {
            #sourceLocation(file: "Specs/Test.routes", line: 2)
                /// `GET /books/{id}` · public
                func book(id: ID<Book>) async throws -> Book
            #sourceLocation()
            }

            /// `BooksRepository` over HTTP: each call sends one endpoint of `BooksEndpoints` through the client.
            public nonisolated struct RemoteBooksRepository: BooksRepository {
                private let client: any HTTPClient

                /// Creates a repository that sends every request through `client`.
                public init(client: any HTTPClient) {
                    self.client = client
                }

            #sourceLocation(file: "Specs/Test.routes", line: 3)
                public func book(id: ID<Book>) async throws -> Book {
            #sourceLocation()
                    try await self.client.send(BooksEndpoints.book(id: id))
                }
            }

            """#)
    }

    @Test func shortCallPassesOptionalsAsNilAndArraysAsEmpty() {
        let swift = SpecSnippets.repository(#"""
            api Library
            group Books public
              search GET /books ?page: Int? ?tag: [String] -> [Book]
            """#)
        #expect(swift == #"""
            /// The Books routes as async calls; `RemoteBooksRepository` sends them over HTTP.
            public nonisolated protocol BooksRepository: Sendable {
            #sourceLocation(file: "Specs/Test.routes", line: 2)
                /// `GET /books` · public
                func search(page: Int?, tag: [String]) async throws -> [Book]
            #sourceLocation()
            }

            nonisolated extension BooksRepository {
            #sourceLocation(file: "Specs/Test.routes", line: 2)
                /// `search` with every defaulted argument at its default.
                public func search() async throws -> [Book] {
            #sourceLocation()
                    try await self.search(page: nil, tag: [])
                }
            }

            /// `BooksRepository` over HTTP: each call sends one endpoint of `BooksEndpoints` through the client.
            public nonisolated struct RemoteBooksRepository: BooksRepository {
                private let client: any HTTPClient

                /// Creates a repository that sends every request through `client`.
                public init(client: any HTTPClient) {
                    self.client = client
                }

            #sourceLocation(file: "Specs/Test.routes", line: 3)
                public func search(page: Int?, tag: [String]) async throws -> [Book] {
            #sourceLocation()
                    try await self.client.send(BooksEndpoints.search(page: page, tag: tag))
                }
            }

            """#)
    }

    @Test func bodyIsTheLastArgumentOfTheRepositoryMethod() {
        let swift = SpecSnippets.repository(#"""
            api Library
            group Books auth
              updateBook PATCH /books/{id: ID<Book>} body merge-patch BookPatch -> Book
            """#)
        #expect(swift == #"""
            /// The Books routes as async calls; `RemoteBooksRepository` sends them over HTTP.
            public nonisolated protocol BooksRepository: Sendable {
            #sourceLocation(file: "Specs/Test.routes", line: 2)
                /// `PATCH /books/{id}` · requires authentication
                func updateBook(id: ID<Book>, body: BookPatch) async throws -> Book
            #sourceLocation()
            }

            /// `BooksRepository` over HTTP: each call sends one endpoint of `BooksEndpoints` through the client.
            public nonisolated struct RemoteBooksRepository: BooksRepository {
                private let client: any HTTPClient

                /// Creates a repository that sends every request through `client`.
                public init(client: any HTTPClient) {
                    self.client = client
                }

            #sourceLocation(file: "Specs/Test.routes", line: 3)
                public func updateBook(id: ID<Book>, body: BookPatch) async throws -> Book {
            #sourceLocation()
                    try await self.client.send(BooksEndpoints.updateBook(id: id, body: body))
                }
            }

            """#)
    }

    @Test func deprecatedRouteIsDeprecatedInTheRepositoryToo() {
        let swift = SpecSnippets.repository(#"""
            api Library
            group Books public
              oldSearch GET /search -> [Book] deprecated
            """#)
        #expect(swift == #"""
            /// The Books routes as async calls; `RemoteBooksRepository` sends them over HTTP.
            public nonisolated protocol BooksRepository: Sendable {
            #sourceLocation(file: "Specs/Test.routes", line: 1)
                /// `GET /search` · public
                @available(*, deprecated)
                func oldSearch() async throws -> [Book]
            #sourceLocation()
            }

            /// `BooksRepository` over HTTP: each call sends one endpoint of `BooksEndpoints` through the client.
            public nonisolated struct RemoteBooksRepository: BooksRepository {
                private let client: any HTTPClient

                /// Creates a repository that sends every request through `client`.
                public init(client: any HTTPClient) {
                    self.client = client
                }

            #sourceLocation(file: "Specs/Test.routes", line: 2)
                @available(*, deprecated)
                public func oldSearch() async throws -> [Book] {
            #sourceLocation()
                    try await self.client.send(BooksEndpoints.oldSearch)
                }
            }

            """#)
    }

    @Test func keywordRouteNameIsEscapedInTheRepository() {
        let swift = SpecSnippets.repository(#"""
            api Library
            group Books public
              import POST /imports body ImportRequest -> Empty
            """#)
        #expect(swift == #"""
            /// The Books routes as async calls; `RemoteBooksRepository` sends them over HTTP.
            public nonisolated protocol BooksRepository: Sendable {
            #sourceLocation(file: "Specs/Test.routes", line: 2)
                /// `POST /imports` · public
                func `import`(body: ImportRequest) async throws
            #sourceLocation()
            }

            /// `BooksRepository` over HTTP: each call sends one endpoint of `BooksEndpoints` through the client.
            public nonisolated struct RemoteBooksRepository: BooksRepository {
                private let client: any HTTPClient

                /// Creates a repository that sends every request through `client`.
                public init(client: any HTTPClient) {
                    self.client = client
                }

            #sourceLocation(file: "Specs/Test.routes", line: 3)
                public func `import`(body: ImportRequest) async throws {
            #sourceLocation()
                    _ = try await self.client.send(BooksEndpoints.`import`(body: body))
                }
            }

            """#)
    }

    @Test func internalAccessAppliesToProtocolStructAndInitializer() {
        let swift = SpecSnippets.repository(#"""
            api Library
            group Books public
              book GET /books/{id: ID<Book>} -> Book
            """#, options: EmitOptions(accessLevel: .internal))
        #expect(swift == #"""
            /// The Books routes as async calls; `RemoteBooksRepository` sends them over HTTP.
            internal nonisolated protocol BooksRepository: Sendable {
            #sourceLocation(file: "Specs/Test.routes", line: 2)
                /// `GET /books/{id}` · public
                func book(id: ID<Book>) async throws -> Book
            #sourceLocation()
            }

            /// `BooksRepository` over HTTP: each call sends one endpoint of `BooksEndpoints` through the client.
            internal nonisolated struct RemoteBooksRepository: BooksRepository {
                private let client: any HTTPClient

                /// Creates a repository that sends every request through `client`.
                internal init(client: any HTTPClient) {
                    self.client = client
                }

            #sourceLocation(file: "Specs/Test.routes", line: 3)
                internal func book(id: ID<Book>) async throws -> Book {
            #sourceLocation()
                    try await self.client.send(BooksEndpoints.book(id: id))
                }
            }

            """#)
    }
}

@Suite("RepositoryEmitter shadowing")
struct RepositoryShadowingTests {
    @Test func shortCallReachesTheMethodEvenWhenAnArgumentHasItsName() {
        let swift = SpecSnippets.repository(#"""
            api Library
            group Books public
              search GET /books ?search: String ?limit: Int = 20 -> [Book]
            """#)
        #expect(swift == #"""
            /// The Books routes as async calls; `RemoteBooksRepository` sends them over HTTP.
            public nonisolated protocol BooksRepository: Sendable {
            #sourceLocation(file: "Specs/Test.routes", line: 2)
                /// `GET /books` · public
                func search(search: String, limit: Int) async throws -> [Book]
            #sourceLocation()
            }

            nonisolated extension BooksRepository {
            #sourceLocation(file: "Specs/Test.routes", line: 2)
                /// `search` with every defaulted argument at its default.
                public func search(search: String) async throws -> [Book] {
            #sourceLocation()
                    try await self.search(search: search, limit: 20)
                }
            }

            /// `BooksRepository` over HTTP: each call sends one endpoint of `BooksEndpoints` through the client.
            public nonisolated struct RemoteBooksRepository: BooksRepository {
                private let client: any HTTPClient

                /// Creates a repository that sends every request through `client`.
                public init(client: any HTTPClient) {
                    self.client = client
                }

            #sourceLocation(file: "Specs/Test.routes", line: 3)
                public func search(search: String, limit: Int) async throws -> [Book] {
            #sourceLocation()
                    try await self.client.send(BooksEndpoints.search(search: search, limit: limit))
                }
            }

            """#)
    }
}

@Suite("RepositoryEmitter call-site labels")
struct RepositoryCallLabelTests {
    @Test func keywordLabelIsWrittenWithoutBackticksAtCallSites() {
        let swift = SpecSnippets.repository(#"""
            api Library
            group Books public
              search GET /books ?import: String ?limit: Int = 20 -> [Book]
            """#)
        #expect(swift == #"""
            /// The Books routes as async calls; `RemoteBooksRepository` sends them over HTTP.
            public nonisolated protocol BooksRepository: Sendable {
            #sourceLocation(file: "Specs/Test.routes", line: 2)
                /// `GET /books` · public
                func search(`import`: String, limit: Int) async throws -> [Book]
            #sourceLocation()
            }

            nonisolated extension BooksRepository {
            #sourceLocation(file: "Specs/Test.routes", line: 2)
                /// `search` with every defaulted argument at its default.
                public func search(`import`: String) async throws -> [Book] {
            #sourceLocation()
                    try await self.search(import: `import`, limit: 20)
                }
            }

            /// `BooksRepository` over HTTP: each call sends one endpoint of `BooksEndpoints` through the client.
            public nonisolated struct RemoteBooksRepository: BooksRepository {
                private let client: any HTTPClient

                /// Creates a repository that sends every request through `client`.
                public init(client: any HTTPClient) {
                    self.client = client
                }

            #sourceLocation(file: "Specs/Test.routes", line: 3)
                public func search(`import`: String, limit: Int) async throws -> [Book] {
            #sourceLocation()
                    try await self.client.send(BooksEndpoints.search(import: `import`, limit: limit))
                }
            }

            """#)
    }

    @Test func inoutLabelKeepsItsBackticksAtCallSites() {
        let swift = SpecSnippets.repository(#"""
            api Library
            group Books public
              search GET /books ?inout: String ?var: String -> [Book]
            """#)
        #expect(swift == #"""
            /// The Books routes as async calls; `RemoteBooksRepository` sends them over HTTP.
            public nonisolated protocol BooksRepository: Sendable {
            #sourceLocation(file: "Specs/Test.routes", line: 2)
                /// `GET /books` · public
                func search(`inout`: String, `var`: String) async throws -> [Book]
            #sourceLocation()
            }

            /// `BooksRepository` over HTTP: each call sends one endpoint of `BooksEndpoints` through the client.
            public nonisolated struct RemoteBooksRepository: BooksRepository {
                private let client: any HTTPClient

                /// Creates a repository that sends every request through `client`.
                public init(client: any HTTPClient) {
                    self.client = client
                }

            #sourceLocation(file: "Specs/Test.routes", line: 3)
                public func search(`inout`: String, `var`: String) async throws -> [Book] {
            #sourceLocation()
                    try await self.client.send(BooksEndpoints.search(`inout`: `inout`, var: `var`))
                }
            }

            """#)
    }
}
