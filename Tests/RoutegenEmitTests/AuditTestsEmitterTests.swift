import RoutegenCore
import RoutegenEmit
import Testing

@Suite("AuditTestsEmitter")
struct AuditTestsEmitterTests {
    /// A declared `Tag` or generic `Test<Item>` beside `import Testing` would be ambiguous: every
    /// audit file names the API's (compiled and run by hand against Swift Testing; PagerDuty's
    /// imported `Tag` in CI's compile-corpus). Other names get no alias.
    @Test func typesNamedLikeSwiftTestingsAreAliasedToTheAPIsInEveryAuditFile() {
        let files = AuditTestsSnippets.files(#"""
            api Shop
            group Tags public
              tag GET /tags/{id: String} -> Tag
              test GET /tests -> Test<Tag>
            model Tag
              name: String
            model Test<Item>
              items: [Item]
            model Book
              title: String
            """#)
        #expect(!files.isEmpty)
        for file in files {
            let lines = file.contents.split(separator: "\n").map(String.init)
            guard let testing = lines.firstIndex(of: "import Testing") else { Issue.record("\(file.relativePath) does not import Testing"); continue }
            #expect(Array(lines[(testing + 1)...].prefix(2)) == [
                "private typealias Tag = ShopAPI.Tag",
                "private typealias Test<Item> = ShopAPI.Test<Item>",
            ], "\(file.relativePath)")
            #expect(!file.contents.contains("typealias Book"))
        }
    }

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
        #expect(declaration.contains("endpoint: { BooksEndpoints.find(var: 1, `inout`: 2) }"))
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
        #expect(declaration.contains("small: [4, 5]"))
        #expect(declaration.contains("byte: 14"))
        #expect(declaration.contains("small=4&small=5"))
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
        #expect(declaration.contains(
            #"url: "https://audit.routegen.test/v1/books?flag=true&ratio=4.5&since=1970-01-01T00%3A00%3A00Z&tags=tags-5a&tags=tags-5b&token=00000000-0000-0000-0000-000000000003","#
        ))
        #expect(declaration.contains(
            #"endpoint: { BooksEndpoints.find(flag: true, since: Date(timeIntervalSince1970: 0), token: UUID(uuidString: "00000000-0000-0000-0000-000000000003")!, ratio: 4.5, tags: ["tags-5a", "tags-5b"]) }"#
        ))
    }

    @Test func doubleDefaultIsExpectedAsSwiftPrintsIt() {
        let declaration = AuditTestsSnippets.declaration(of: "near", in: #"""
            api Library
            group Books public
              near GET /books ?radius: Double = 1 -> [Book]
            """#)
        #expect(declaration.contains(#"route.withRequiredArguments = AuditedCall(url: "https://audit.routegen.test/v1/books?radius=1.0") {"#))
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
        #expect(declaration.contains(#"contentType: "application/merge-patch+json","#))
    }

    @Test func formBodyIsExpectedAsURLEncoded() {
        let declaration = AuditTestsSnippets.declaration(of: "signIn", in: #"""
            api Library
            group Session public
              signIn POST /token body form Credentials -> Session
            """#)
        #expect(declaration.contains(#"contentType: "application/x-www-form-urlencoded","#))
    }

    @Test func rawBodyNeedsNoSampleAndIsSentAsAuditBytes() {
        let declaration = AuditTestsSnippets.declaration(of: "upload", in: #"""
            api Library
            group Books auth
              upload PUT /books/{id: ID<Book>}/cover body raw "image/png" -> Empty
            """#)
        #expect(declaration.contains(#"endpoint: { BooksEndpoints.upload(id: ID("id-1"), body: Data("audit-body".utf8)) }"#))
        #expect(declaration.contains(#"contentType: "image/png","#))
    }

    @Test func acceptIsExpectedAsTheRouteDeclaresIt() {
        let declaration = AuditTestsSnippets.declaration(of: "cover", in: #"""
            api Library
            group Books public
              cover GET /books/{id: ID<Book>}/cover accept image/* -> Data
            """#)
        #expect(declaration.contains(#"accept: "image/*","#))
    }

    @Test func routeWithoutArgumentsIsReadAsAProperty() {
        let declaration = AuditTestsSnippets.declaration(of: "loans", in: #"""
            api Library
            group Loans auth
              loans GET /me/loans -> [Loan]
            """#)
        #expect(declaration.contains("endpoint: { LoansEndpoints.loans }"))
    }

    @Test func keywordRouteNameIsEscapedAndAKeywordLabelIsWrittenBareAsCallSitesAllow() {
        let declaration = AuditTestsSnippets.declaration(of: "default", in: #"""
            api Library
            group Books public
              default GET /books ?in: String -> [Book]
            """#)
        #expect(declaration.contains(#"endpoint: { BooksEndpoints.`default`(in: "in-1") }"#))
    }

    @Test func headerArgumentsAreExpectedAsHeaderFields() {
        let declaration = AuditTestsSnippets.declaration(of: "replace", in: #"""
            api Library
            group Books auth
              replace PUT /books/{id: ID<Book>} header If-Match: String body NewBook -> Book
            """#)
        #expect(declaration.contains(#"headers: [AuditHeader(name: "If-Match", value: "ifMatch-2")],"#))
        #expect(declaration.contains(#"endpoint: { try BooksEndpoints.replace(id: ID("id-1"), ifMatch: "ifMatch-2", body: auditSample(NewBook.self)) }"#))
    }

    @Test func rootPathIsTheBaseURLItself() {
        let declaration = AuditTestsSnippets.declaration(of: "index", in: #"""
            api Library
            group Books public
              index GET / -> Book
            """#)
        #expect(declaration.contains(#"url: "https://audit.routegen.test/v1","#))
    }

    @Test func literalSegmentIsPercentEncodedOutsideTheUnreservedSet() {
        let declaration = AuditTestsSnippets.declaration(of: "batch", in: #"""
            api Library
            group Books public
              batch POST /books:batch body NewBook -> Book
            """#)
        #expect(declaration.contains(#"url: "https://audit.routegen.test/v1/books%3Abatch","#))
    }

    @Test func optionalModelTypedQueryParameterIsPassedAsNilAndLeftOutOfTheURL() {
        let declaration = AuditTestsSnippets.declaration(of: "find", in: #"""
            api Library
            group Books public
              find GET /books ?kind: Kind? ?q: String -> [Book]
            """#)
        #expect(declaration.contains(#"url: "https://audit.routegen.test/v1/books?q=q-2","#))
        #expect(declaration.contains(#"endpoint: { BooksEndpoints.find(kind: nil, q: "q-2") }"#))
    }

    @Test func requiredModelTypedParameterLeavesTheURLToRunTime() {
        let declaration = AuditTestsSnippets.declaration(of: "find", in: #"""
            api Library
            group Books public
              find GET /books ?kind: Kind -> [Book]
            """#)
        #expect(declaration.contains("url: nil,"))
        #expect(declaration.contains("endpoint: { try BooksEndpoints.find(kind: auditSample(Kind.self)) }"))
    }

    @Test func disabledUserIdentifierRuleIsAcceptedByTheAudit() {
        let declaration = AuditTestsSnippets.declaration(of: "user", in: #"""
            api Library
            group Admin auth
              user GET /users/{user_id: String} -> User  # routegen:disable user-id-in-authenticated-path
            """#)
        #expect(declaration.contains("acceptsUserIdentifierInPath: true,"))
    }

    @Test func tokenChecksAreEmittedForTheAccessesTheGroupHas() {
        let swift = AuditTestsSnippets.groupFile(#"""
            api Library
            group Loans auth
              loans GET /me/loans -> [Loan]
            """#)
        #expect(swift.contains(#"@Test("attaches the bearer token to an authenticated route", arguments: LoansRouteAudit.routes.filter(\.requiresAuthentication))"#))
        #expect(!swift.contains("never attaches a token to a public route"))
    }

    @Test func bodyChecksAreEmittedOnlyWhereTheyApply() {
        let swift = AuditTestsSnippets.groupFile(#"""
            api Library
            group Books auth
              createBook POST /books body NewBook -> Book
            """#)
        #expect(swift.contains("sends every body with its Content-Type"))
        #expect(!swift.contains("sends no body on a method that allows none"))
    }

    @Test func routeTableAuditListsEveryRouteInFileOrder() {
        let files = AuditTestsSnippets.files(#"""
            api Library
            group Books public
              book GET /books/{id: ID<Book>} -> Book
            group Loans auth
              loans GET /me/loans -> [Loan]
            """#)
        let table = files.first { $0.relativePath == "LibraryAPIAuditTests/LibraryRouteTableAuditTests.swift" }?.contents ?? ""
        #expect(table.contains(#"let expected: [String] = ["Books.book", "Loans.loans"]"#))
    }

    @Test func filesAreTheRouteTableAndOnePerGroupUnderTheAuditFolder() {
        let files = AuditTestsSnippets.files(#"""
            api Library
            group Books public
              book GET /books/{id: ID<Book>} -> Book
            group Loans auth
              loans GET /me/loans -> [Loan]
            """#)
        #expect(files.map(\.relativePath) == [
            "LibraryAPIAuditTests/LibraryRouteTableAuditTests.swift",
            "LibraryAPIAuditTests/BooksRouteAuditTests.swift",
            "LibraryAPIAuditTests/LoansRouteAuditTests.swift",
        ])
    }

    @Test func everyFileStartsWithTheGeneratedHeader() {
        let files = AuditTestsSnippets.files(#"""
            api Library
            group Books public
              book GET /books/{id: ID<Book>} -> Book
            """#)
        #expect(files.allSatisfy { $0.contents.hasPrefix("// Generated by routegen from Specs/Test.routes. Do not edit.\n") })
    }

    @Test func publicAPIIsImportedPlainly() {
        let swift = AuditTestsSnippets.groupFile(#"""
            api Library
            import LibraryModels
            group Books public
              book GET /books/{id: ID<Book>} -> Book
            """#)
        #expect(swift.contains("\nimport LibraryAPI\nimport LibraryAPIPreview\nimport LibraryModels\nimport Testing\n"))
    }

    @Test func internalAPIIsImportedWithTestable() {
        let swift = AuditTestsSnippets.groupFile(#"""
            api Library
            group Books public
              book GET /books/{id: ID<Book>} -> Book
            """#, options: EmitOptions(accessLevel: .internal))
        #expect(swift.contains("\n@testable import LibraryAPI\n@testable import LibraryAPIPreview\n"))
    }

    @Test func theCompanionOfAnotherAPIModuleIsItsNameWithPreview() {
        let swift = AuditTestsSnippets.groupFile(#"""
            api Library
            group Books public
              book GET /books/{id: ID<Book>} -> Book
            """#, options: EmitOptions(apiModule: "Shelf"))
        #expect(swift.contains("\nimport Shelf\nimport ShelfPreview\nimport Testing\n"))
    }

    @Test func everyFileImportsTheAuditLibraryAndNoneDeclaresItsMachinery() {
        let files = AuditTestsSnippets.files(#"""
            api Library
            import LibraryModels
            import EndpointKitAudit
            group Books public
              book GET /books/{id: ID<Book>} -> Book
            """#)
        for file in files {
            #expect(file.contents.contains("\nimport EndpointKit\nimport EndpointKitAudit\nimport Foundation\n"))
            #expect(file.contents.components(separatedBy: "import EndpointKitAudit\n").count == 2)
            #expect(!file.contents.contains("struct AuditedRoute"))
            #expect(!file.contents.contains("func auditSample"))
        }
    }
}

@Suite("AuditTestsEmitter, deprecated routes")
struct AuditTestsEmitterDeprecatedTests {
    @Test func deprecatedRouteIsDeclaredInADeprecatedMethodReachedThroughAProtocol() {
        let swift = AuditTestsSnippets.groupFile(#"""
            api Library
            group Books public
              oldSearch GET /books/search -> [Book] deprecated
            """#)
        #expect(swift.contains("        routes.append((DeprecatedOldSearchRoute() as any AuditRouteDeclaring).declare())\n"))
        #expect(swift.contains(#"""
                /// The deprecated route `oldSearch`, declared where calling it raises no warning.
                private struct DeprecatedOldSearchRoute: AuditRouteDeclaring {
                    @available(*, deprecated)
                    func declare() -> AuditedRoute {
                        let route = AuditedRoute(
            """#))
        #expect(swift.contains("endpoint: { BooksEndpoints.oldSearch }\n            )\n            return route\n"))
    }

    @Test func anAPIWithSchemesChecksTheExactCredentialOnEveryRoute() throws {
        let source = """
            api Maps
            auth oauth = bearer
            auth key = query key
            auth stripe = basic
            group Places auth key
              place GET /places/{id: String} -> Place
              me GET /me -> Place auth oauth
              charges GET /charges -> Place auth stripe
              tile GET /tiles -> Place public
            """
        let file = AuditTestsSnippets.groupFile(source)
        #expect(file.contains("            route.credential = .query(name: \"key\", value: \"audit-token\")\n"))
        #expect(file.contains("            route.credential = .header(name: \"Authorization\", value: \"Bearer audit-token\")\n"))
        #expect(file.contains("            route.credential = .header(name: \"Authorization\", value: \"Basic YXVkaXQtdXNlcjphdWRpdC1wYXNzd29yZA==\")\n"))
        #expect(file.contains("""
                @Test("carries the credential exactly where its scheme says, and nowhere else", arguments: PlacesRouteAudit.routes.filter(\\.requiresAuthentication))
                func credentialOnAuthenticatedRoute(_ route: AuditedRoute) async throws {
                    guard let request = try await route.withAllArguments.preparedRequest() else { return }
                    let expected = try #require(route.credential)
                    #expect(auditCredentials(in: request) == [expected])
                }
            """))
        #expect(file.contains("""
                    #expect(auditCredentials(in: request) == [])
            """))
        #expect(!file.contains("tokenOnAuthenticatedRoute"))
        let bearer = AuditTestsSnippets.groupFile("api A\ngroup G auth\n  r GET /r -> R\n")
        #expect(bearer.contains("func tokenOnAuthenticatedRoute"))
        #expect(!bearer.contains("credential"))
    }
}
