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
        #expect(swift.contains("    func loans() async throws -> [Loan]\n"))
        #expect(swift.contains("        try await self.client.send(LoansEndpoints.loans)\n"))
    }

    @Test func emptyResponseReturnsNothing() {
        let swift = SpecSnippets.repository(#"""
            api Library
            group Loans auth
              returnBook DELETE /me/loans/{id: ID<Book>} -> Empty
            """#)
        #expect(swift.contains("    func returnBook(id: ID<Book>) async throws\n"))
        #expect(swift.contains(#"""
                public func returnBook(id: ID<Book>) async throws {
            #sourceLocation()
                    _ = try await self.client.send(LoansEndpoints.returnBook(id: id))
                }
            """#))
    }

    @Test func dataResponseReturnsTheBytes() {
        let swift = SpecSnippets.repository(#"""
            api Library
            group Books public
              cover GET /books/{id: ID<Book>}/cover accept image/* -> Data
            """#)
        #expect(swift.contains("    func cover(id: ID<Book>) async throws -> Data\n"))
    }

    @Test func routeWithoutDefaultsGetsNoShortCall() {
        let swift = SpecSnippets.repository(#"""
            api Library
            group Books public
              book GET /books/{id: ID<Book>} -> Book
            """#)
        #expect(!swift.contains("extension BooksRepository"))
    }

    @Test func shortCallPassesOptionalsAsNilAndArraysAsEmpty() {
        let swift = SpecSnippets.repository(#"""
            api Library
            group Books public
              search GET /books ?page: Int? ?tag: [String] -> [Book]
            """#)
        #expect(swift.contains("    public func search() async throws -> [Book] {\n"))
        #expect(swift.contains("        try await self.search(page: nil, tag: [])\n"))
    }

    @Test func bodyIsTheLastArgumentOfTheRepositoryMethod() {
        let swift = SpecSnippets.repository(#"""
            api Library
            group Books auth
              updateBook PATCH /books/{id: ID<Book>} body merge-patch BookPatch -> Book
            """#)
        #expect(swift.contains("    func updateBook(id: ID<Book>, body: BookPatch) async throws -> Book\n"))
        #expect(swift.contains("        try await self.client.send(BooksEndpoints.updateBook(id: id, body: body))\n"))
    }

    @Test func deprecatedRouteIsDeprecatedInTheRepositoryToo() {
        let swift = SpecSnippets.repository(#"""
            api Library
            group Books public
              oldSearch GET /search -> [Book] deprecated
            """#)
        #expect(swift.contains("    @available(*, deprecated)\n    func oldSearch() async throws -> [Book]\n"))
        #expect(swift.contains("    @available(*, deprecated)\n    public func oldSearch() async throws -> [Book] {\n"))
    }

    @Test func keywordRouteNameIsEscapedInTheRepository() {
        let swift = SpecSnippets.repository(#"""
            api Library
            group Books public
              import POST /imports body ImportRequest -> Empty
            """#)
        #expect(swift.contains("    func `import`(body: ImportRequest) async throws\n"))
        #expect(swift.contains("        _ = try await self.client.send(BooksEndpoints.`import`(body: body))\n"))
    }

    @Test func internalAccessAppliesToProtocolStructAndInitializer() {
        let swift = SpecSnippets.repository(#"""
            api Library
            group Books public
              book GET /books/{id: ID<Book>} -> Book
            """#, options: EmitOptions(accessLevel: .internal))
        #expect(swift.contains("internal nonisolated protocol BooksRepository: Sendable {\n"))
        #expect(swift.contains("internal nonisolated struct RemoteBooksRepository: BooksRepository {\n"))
        #expect(swift.contains("    internal init(client: any HTTPClient) {\n"))
        #expect(swift.contains("    internal func book(id: ID<Book>) async throws -> Book {\n"))
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
        #expect(swift.contains("        try await self.search(search: search, limit: 20)\n"))
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
        #expect(swift.contains("        try await self.search(import: `import`, limit: 20)\n"))
        #expect(swift.contains("        try await self.client.send(BooksEndpoints.search(import: `import`, limit: limit))\n"))
    }

    @Test func inoutLabelKeepsItsBackticksAtCallSites() {
        let swift = SpecSnippets.repository(#"""
            api Library
            group Books public
              search GET /books ?inout: String ?var: String -> [Book]
            """#)
        #expect(swift.contains("        try await self.client.send(BooksEndpoints.search(`inout`: `inout`, var: `var`))\n"))
    }
}
