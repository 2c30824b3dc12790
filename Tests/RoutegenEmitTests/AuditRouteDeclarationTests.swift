import RoutegenEmit
import Testing

/// Each route's declaration in its group's audit suite: the calls the audit makes and the exact
/// URL each must build.
@Suite("AuditTestsEmitter, route declarations")
struct AuditRouteDeclarationTests {
    @Test func textPathParameterGetsExactURLsForSampleHostileAndNonASCIIValuesAndADotSegment() {
        let declaration = AuditTestsSnippets.declaration(of: "book", in: #"""
            api Library
            group Books public
              book GET /books/{id: ID<Book>}/cover -> Book
            """#)
        #expect(declaration == #"""
            var route = AuditedRoute(
                name: "book",
                method: "GET",
                pathTemplate: "/books/{id}/cover",
                requiresAuthentication: false,
                contentType: nil,
                accept: "application/json",
                url: "https://audit.routegen.test/v1/books/id-1/cover",
                endpoint: { BooksEndpoints.book(id: ID("id-1")) }
            )
            route.withHostileSegment = AuditedCall(url: "https://audit.routegen.test/v1/books/a%2Fb%20c%26d%2Be/cover") {
                BooksEndpoints.book(id: ID("a/b c&d+e"))
            }
            route.withNonASCIISegment = AuditedCall(url: "https://audit.routegen.test/v1/books/Zo%C3%AB%2F%E6%9D%B1%E4%BA%AC/cover") {
                BooksEndpoints.book(id: ID("Zoë/東京"))
            }
            route.withDotSegment = AuditedCall(url: nil) {
                BooksEndpoints.book(id: ID(".."))
            }
            routes.append(route)

            """#)
    }

    @Test func integerPathParameterGetsADistinctNumberAndNoHostileText() {
        let declaration = AuditTestsSnippets.declaration(of: "page", in: #"""
            api Library
            group Books public
              page GET /pages/{number: Int} -> Book
            """#)
        #expect(declaration == #"""
            let route = AuditedRoute(
                name: "page",
                method: "GET",
                pathTemplate: "/pages/{number}",
                requiresAuthentication: false,
                contentType: nil,
                accept: "application/json",
                url: "https://audit.routegen.test/v1/pages/1",
                endpoint: { BooksEndpoints.page(number: 1) }
            )
            routes.append(route)

            """#)
    }

    @Test func keywordLabelsAreWrittenBareAtTheCallSiteExceptInout() {
        let declaration = AuditTestsSnippets.declaration(of: "find", in: #"""
            api Library
            group Books public
              find GET /find ?var: Int ?inout: Int -> Book
            """#)
        #expect(declaration == #"""
            let route = AuditedRoute(
                name: "find",
                method: "GET",
                pathTemplate: "/find",
                requiresAuthentication: false,
                contentType: nil,
                accept: "application/json",
                url: "https://audit.routegen.test/v1/find?inout=2&var=1",
                endpoint: { BooksEndpoints.find(var: 1, `inout`: 2) }
            )
            routes.append(route)

            """#)
    }

    @Test func smallIntegerSamplesWrapIntoTheirTypesRange() {
        // The 13th parameter is sampled as 13; as an array its two elements would be 131 and
        // 132, past Int8.max, so they wrap.
        let parameters = (1...12).map { " ?p\($0): Int" }.joined()
        let declaration = AuditTestsSnippets.declaration(of: "find", in: """
            api Library
            group Books public
              find GET /find\(parameters) ?small: [Int8] ?byte: UInt8 -> Book
            """)
        #expect(declaration == #"""
            var route = AuditedRoute(
                name: "find",
                method: "GET",
                pathTemplate: "/find",
                requiresAuthentication: false,
                contentType: nil,
                accept: "application/json",
                url: "https://audit.routegen.test/v1/find?byte=14&p1=1&p10=10&p11=11&p12=12&p2=2&p3=3&p4=4&p5=5&p6=6&p7=7&p8=8&p9=9&small=4&small=5",
                endpoint: { BooksEndpoints.find(p1: 1, p2: 2, p3: 3, p4: 4, p5: 5, p6: 6, p7: 7, p8: 8, p9: 9, p10: 10, p11: 11, p12: 12, small: [4, 5], byte: 14) }
            )
            route.withRequiredArguments = AuditedCall(url: "https://audit.routegen.test/v1/find?byte=14&p1=1&p10=10&p11=11&p12=12&p2=2&p3=3&p4=4&p5=5&p6=6&p7=7&p8=8&p9=9") {
                BooksEndpoints.find(p1: 1, p2: 2, p3: 3, p4: 4, p5: 5, p6: 6, p7: 7, p8: 8, p9: 9, p10: 10, p11: 11, p12: 12, byte: 14)
            }
            routes.append(route)

            """#)
    }

    @Test func querySortsByWireNameAndLeftOutArgumentsSendTheirDefaults() {
        let declaration = AuditTestsSnippets.declaration(of: "search", in: #"""
            api Library
            group Books public
              search GET /books ?q: String ?limit: Int = 20 -> [Book]
            """#)
        #expect(declaration == #"""
            var route = AuditedRoute(
                name: "search",
                method: "GET",
                pathTemplate: "/books",
                requiresAuthentication: false,
                contentType: nil,
                accept: "application/json",
                url: "https://audit.routegen.test/v1/books?limit=2&q=q-1",
                endpoint: { BooksEndpoints.search(q: "q-1", limit: 2) }
            )
            route.withRequiredArguments = AuditedCall(url: "https://audit.routegen.test/v1/books?limit=20&q=q-1") {
                BooksEndpoints.search(q: "q-1")
            }
            route.withHostileQuery = AuditedCall(url: "https://audit.routegen.test/v1/books?limit=2&q=a%2Fb%20c%26d%2Be") {
                BooksEndpoints.search(q: "a/b c&d+e", limit: 2)
            }
            routes.append(route)

            """#)
    }

    @Test func scalarQueryTypesUseEndpointKitsWireTextAndArraysRepeatTheirKey() {
        let declaration = AuditTestsSnippets.declaration(of: "find", in: #"""
            api Library
            group Books public
              find GET /books ?flag: Bool ?since: Date ?token: UUID ?ratio: Double ?tags: [String] -> [Book]
            """#)
        #expect(declaration == #"""
            var route = AuditedRoute(
                name: "find",
                method: "GET",
                pathTemplate: "/books",
                requiresAuthentication: false,
                contentType: nil,
                accept: "application/json",
                url: "https://audit.routegen.test/v1/books?flag=true&ratio=4.5&since=1970-01-01T00%3A00%3A00Z&tags=tags-5a&tags=tags-5b&token=00000000-0000-0000-0000-000000000003",
                endpoint: { BooksEndpoints.find(flag: true, since: Date(timeIntervalSince1970: 0), token: UUID(uuidString: "00000000-0000-0000-0000-000000000003")!, ratio: 4.5, tags: ["tags-5a", "tags-5b"]) }
            )
            route.withRequiredArguments = AuditedCall(url: "https://audit.routegen.test/v1/books?flag=true&ratio=4.5&since=1970-01-01T00%3A00%3A00Z&token=00000000-0000-0000-0000-000000000003") {
                BooksEndpoints.find(flag: true, since: Date(timeIntervalSince1970: 0), token: UUID(uuidString: "00000000-0000-0000-0000-000000000003")!, ratio: 4.5)
            }
            route.withHostileQuery = AuditedCall(url: "https://audit.routegen.test/v1/books?flag=true&ratio=4.5&since=1970-01-01T00%3A00%3A00Z&tags=a%2Fb%20c%26d%2Be&tags=a%2Fb%20c%26d%2Be&token=00000000-0000-0000-0000-000000000003") {
                BooksEndpoints.find(flag: true, since: Date(timeIntervalSince1970: 0), token: UUID(uuidString: "00000000-0000-0000-0000-000000000003")!, ratio: 4.5, tags: ["a/b c&d+e", "a/b c&d+e"])
            }
            routes.append(route)

            """#)
    }

    @Test func doubleDefaultIsExpectedAsSwiftPrintsIt() {
        let declaration = AuditTestsSnippets.declaration(of: "near", in: #"""
            api Library
            group Books public
              near GET /books ?radius: Double = 1 -> [Book]
            """#)
        #expect(declaration == #"""
            var route = AuditedRoute(
                name: "near",
                method: "GET",
                pathTemplate: "/books",
                requiresAuthentication: false,
                contentType: nil,
                accept: "application/json",
                url: "https://audit.routegen.test/v1/books?radius=1.5",
                endpoint: { BooksEndpoints.near(radius: 1.5) }
            )
            route.withRequiredArguments = AuditedCall(url: "https://audit.routegen.test/v1/books?radius=1.0") {
                BooksEndpoints.near()
            }
            routes.append(route)

            """#)
    }

    @Test func bodyComesFromTheModelsAuditSampleAtRunTime() {
        let declaration = AuditTestsSnippets.declaration(of: "createBook", in: #"""
            api Library
            group Books auth
              createBook POST /books body NewBook -> Book
            """#)
        #expect(declaration == #"""
            let route = AuditedRoute(
                name: "createBook",
                method: "POST",
                pathTemplate: "/books",
                requiresAuthentication: true,
                contentType: "application/json",
                accept: "application/json",
                url: "https://audit.routegen.test/v1/books",
                endpoint: { try BooksEndpoints.createBook(body: auditSample(NewBook.self)) }
            )
            routes.append(route)

            """#)
    }

    @Test func mergePatchBodyIsExpectedWithItsMediaType() {
        let declaration = AuditTestsSnippets.declaration(of: "updateBook", in: #"""
            api Library
            group Books auth
              updateBook PATCH /books/{id: ID<Book>} body merge-patch BookPatch -> Book
            """#)
        #expect(declaration == #"""
            var route = AuditedRoute(
                name: "updateBook",
                method: "PATCH",
                pathTemplate: "/books/{id}",
                requiresAuthentication: true,
                contentType: "application/merge-patch+json",
                accept: "application/json",
                url: "https://audit.routegen.test/v1/books/id-1",
                endpoint: { try BooksEndpoints.updateBook(id: ID("id-1"), body: auditSample(BookPatch.self)) }
            )
            route.withHostileSegment = AuditedCall(url: "https://audit.routegen.test/v1/books/a%2Fb%20c%26d%2Be") {
                try BooksEndpoints.updateBook(id: ID("a/b c&d+e"), body: auditSample(BookPatch.self))
            }
            route.withNonASCIISegment = AuditedCall(url: "https://audit.routegen.test/v1/books/Zo%C3%AB%2F%E6%9D%B1%E4%BA%AC") {
                try BooksEndpoints.updateBook(id: ID("Zoë/東京"), body: auditSample(BookPatch.self))
            }
            route.withDotSegment = AuditedCall(url: nil) {
                try BooksEndpoints.updateBook(id: ID(".."), body: auditSample(BookPatch.self))
            }
            routes.append(route)

            """#)
    }

    @Test func formBodyIsExpectedAsURLEncoded() {
        let declaration = AuditTestsSnippets.declaration(of: "signIn", in: #"""
            api Library
            group Session public
              signIn POST /token body form Credentials -> Session
            """#)
        #expect(declaration == #"""
            let route = AuditedRoute(
                name: "signIn",
                method: "POST",
                pathTemplate: "/token",
                requiresAuthentication: false,
                contentType: "application/x-www-form-urlencoded",
                accept: "application/json",
                url: "https://audit.routegen.test/v1/token",
                endpoint: { try SessionEndpoints.signIn(body: auditSample(Credentials.self)) }
            )
            routes.append(route)

            """#)
    }

    @Test func rawBodyNeedsNoSampleAndIsSentAsAuditBytes() {
        let declaration = AuditTestsSnippets.declaration(of: "upload", in: #"""
            api Library
            group Books auth
              upload PUT /books/{id: ID<Book>}/cover body raw "image/png" -> Empty
            """#)
        #expect(declaration == #"""
            var route = AuditedRoute(
                name: "upload",
                method: "PUT",
                pathTemplate: "/books/{id}/cover",
                requiresAuthentication: true,
                contentType: "image/png",
                accept: "application/json",
                url: "https://audit.routegen.test/v1/books/id-1/cover",
                endpoint: { BooksEndpoints.upload(id: ID("id-1"), body: Data("audit-body".utf8)) }
            )
            route.withHostileSegment = AuditedCall(url: "https://audit.routegen.test/v1/books/a%2Fb%20c%26d%2Be/cover") {
                BooksEndpoints.upload(id: ID("a/b c&d+e"), body: Data("audit-body".utf8))
            }
            route.withNonASCIISegment = AuditedCall(url: "https://audit.routegen.test/v1/books/Zo%C3%AB%2F%E6%9D%B1%E4%BA%AC/cover") {
                BooksEndpoints.upload(id: ID("Zoë/東京"), body: Data("audit-body".utf8))
            }
            route.withDotSegment = AuditedCall(url: nil) {
                BooksEndpoints.upload(id: ID(".."), body: Data("audit-body".utf8))
            }
            routes.append(route)

            """#)
    }

    @Test func acceptIsExpectedAsTheRouteDeclaresIt() {
        let declaration = AuditTestsSnippets.declaration(of: "cover", in: #"""
            api Library
            group Books public
              cover GET /books/{id: ID<Book>}/cover accept image/* -> Data
            """#)
        #expect(declaration == #"""
            var route = AuditedRoute(
                name: "cover",
                method: "GET",
                pathTemplate: "/books/{id}/cover",
                requiresAuthentication: false,
                contentType: nil,
                accept: "image/*",
                url: "https://audit.routegen.test/v1/books/id-1/cover",
                endpoint: { BooksEndpoints.cover(id: ID("id-1")) }
            )
            route.withHostileSegment = AuditedCall(url: "https://audit.routegen.test/v1/books/a%2Fb%20c%26d%2Be/cover") {
                BooksEndpoints.cover(id: ID("a/b c&d+e"))
            }
            route.withNonASCIISegment = AuditedCall(url: "https://audit.routegen.test/v1/books/Zo%C3%AB%2F%E6%9D%B1%E4%BA%AC/cover") {
                BooksEndpoints.cover(id: ID("Zoë/東京"))
            }
            route.withDotSegment = AuditedCall(url: nil) {
                BooksEndpoints.cover(id: ID(".."))
            }
            routes.append(route)

            """#)
    }

    @Test func routeWithoutArgumentsIsReadAsAProperty() {
        let declaration = AuditTestsSnippets.declaration(of: "loans", in: #"""
            api Library
            group Loans auth
              loans GET /me/loans -> [Loan]
            """#)
        #expect(declaration == #"""
            let route = AuditedRoute(
                name: "loans",
                method: "GET",
                pathTemplate: "/me/loans",
                requiresAuthentication: true,
                contentType: nil,
                accept: "application/json",
                url: "https://audit.routegen.test/v1/me/loans",
                endpoint: { LoansEndpoints.loans }
            )
            routes.append(route)

            """#)
    }

    @Test func keywordRouteNameIsEscapedAndAKeywordLabelIsWrittenBareAsCallSitesAllow() {
        let declaration = AuditTestsSnippets.declaration(of: "default", in: #"""
            api Library
            group Books public
              default GET /books ?in: String -> [Book]
            """#)
        #expect(declaration == #"""
            var route = AuditedRoute(
                name: "default",
                method: "GET",
                pathTemplate: "/books",
                requiresAuthentication: false,
                contentType: nil,
                accept: "application/json",
                url: "https://audit.routegen.test/v1/books?in=in-1",
                endpoint: { BooksEndpoints.`default`(in: "in-1") }
            )
            route.withHostileQuery = AuditedCall(url: "https://audit.routegen.test/v1/books?in=a%2Fb%20c%26d%2Be") {
                BooksEndpoints.`default`(in: "a/b c&d+e")
            }
            routes.append(route)

            """#)
    }

    @Test func headerArgumentsAreExpectedAsHeaderFields() {
        let declaration = AuditTestsSnippets.declaration(of: "replace", in: #"""
            api Library
            group Books auth
              replace PUT /books/{id: ID<Book>} header If-Match: String body NewBook -> Book
            """#)
        #expect(declaration == #"""
            var route = AuditedRoute(
                name: "replace",
                method: "PUT",
                pathTemplate: "/books/{id}",
                requiresAuthentication: true,
                contentType: "application/json",
                accept: "application/json",
                url: "https://audit.routegen.test/v1/books/id-1",
                headers: [AuditHeader(name: "If-Match", value: "ifMatch-2")],
                endpoint: { try BooksEndpoints.replace(id: ID("id-1"), ifMatch: "ifMatch-2", body: auditSample(NewBook.self)) }
            )
            route.withHostileSegment = AuditedCall(url: "https://audit.routegen.test/v1/books/a%2Fb%20c%26d%2Be", headers: [AuditHeader(name: "If-Match", value: "ifMatch-2")]) {
                try BooksEndpoints.replace(id: ID("a/b c&d+e"), ifMatch: "ifMatch-2", body: auditSample(NewBook.self))
            }
            route.withNonASCIISegment = AuditedCall(url: "https://audit.routegen.test/v1/books/Zo%C3%AB%2F%E6%9D%B1%E4%BA%AC", headers: [AuditHeader(name: "If-Match", value: "ifMatch-2")]) {
                try BooksEndpoints.replace(id: ID("Zoë/東京"), ifMatch: "ifMatch-2", body: auditSample(NewBook.self))
            }
            route.withDotSegment = AuditedCall(url: nil, headers: [AuditHeader(name: "If-Match", value: "ifMatch-2")]) {
                try BooksEndpoints.replace(id: ID(".."), ifMatch: "ifMatch-2", body: auditSample(NewBook.self))
            }
            routes.append(route)

            """#)
    }

    @Test func rootPathIsTheBaseURLItself() {
        let declaration = AuditTestsSnippets.declaration(of: "index", in: #"""
            api Library
            group Books public
              index GET / -> Book
            """#)
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

    @Test func literalSegmentKeepsThePathCharactersTheRouteSpells() {
        let declaration = AuditTestsSnippets.declaration(of: "batch", in: #"""
            api Library
            group Books public
              batch POST /books:batch body NewBook -> Book
            """#)
        #expect(declaration == #"""
            let route = AuditedRoute(
                name: "batch",
                method: "POST",
                pathTemplate: "/books:batch",
                requiresAuthentication: false,
                contentType: "application/json",
                accept: "application/json",
                url: "https://audit.routegen.test/v1/books:batch",
                endpoint: { try BooksEndpoints.batch(body: auditSample(NewBook.self)) }
            )
            routes.append(route)

            """#)
    }

    @Test func optionalModelTypedQueryParameterIsPassedAsNilAndLeftOutOfTheURL() {
        let declaration = AuditTestsSnippets.declaration(of: "find", in: #"""
            api Library
            group Books public
              find GET /books ?kind: Kind? ?q: String -> [Book]
            """#)
        #expect(declaration == #"""
            var route = AuditedRoute(
                name: "find",
                method: "GET",
                pathTemplate: "/books",
                requiresAuthentication: false,
                contentType: nil,
                accept: "application/json",
                url: "https://audit.routegen.test/v1/books?q=q-2",
                endpoint: { BooksEndpoints.find(kind: nil, q: "q-2") }
            )
            route.withRequiredArguments = AuditedCall(url: "https://audit.routegen.test/v1/books?q=q-2") {
                BooksEndpoints.find(q: "q-2")
            }
            route.withHostileQuery = AuditedCall(url: "https://audit.routegen.test/v1/books?q=a%2Fb%20c%26d%2Be") {
                BooksEndpoints.find(kind: nil, q: "a/b c&d+e")
            }
            routes.append(route)

            """#)
    }

    @Test func requiredModelTypedParameterLeavesTheURLToRunTime() {
        let declaration = AuditTestsSnippets.declaration(of: "find", in: #"""
            api Library
            group Books public
              find GET /books ?kind: Kind -> [Book]
            """#)
        #expect(declaration == #"""
            let route = AuditedRoute(
                name: "find",
                method: "GET",
                pathTemplate: "/books",
                requiresAuthentication: false,
                contentType: nil,
                accept: "application/json",
                url: nil,
                endpoint: { try BooksEndpoints.find(kind: auditSample(Kind.self)) }
            )
            routes.append(route)

            """#)
    }

    @Test func disabledUserIdentifierRuleIsAcceptedByTheAudit() {
        let declaration = AuditTestsSnippets.declaration(of: "user", in: #"""
            api Library
            group Admin auth
              user GET /users/{user_id: String} -> User  # routegen:disable user-id-in-authenticated-path
            """#)
        #expect(declaration == #"""
            var route = AuditedRoute(
                name: "user",
                method: "GET",
                pathTemplate: "/users/{user_id}",
                requiresAuthentication: true,
                contentType: nil,
                accept: "application/json",
                acceptsUserIdentifierInPath: true,
                url: "https://audit.routegen.test/v1/users/userId-1",
                endpoint: { AdminEndpoints.user(userId: "userId-1") }
            )
            route.withHostileSegment = AuditedCall(url: "https://audit.routegen.test/v1/users/a%2Fb%20c%26d%2Be") {
                AdminEndpoints.user(userId: "a/b c&d+e")
            }
            route.withNonASCIISegment = AuditedCall(url: "https://audit.routegen.test/v1/users/Zo%C3%AB%2F%E6%9D%B1%E4%BA%AC") {
                AdminEndpoints.user(userId: "Zoë/東京")
            }
            route.withDotSegment = AuditedCall(url: nil) {
                AdminEndpoints.user(userId: "..")
            }
            routes.append(route)

            """#)
    }
}
