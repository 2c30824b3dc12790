import Foundation
import RoutegenCore
import Testing

/// Every form of the language parses to the exact model.
@Suite("Language forms")
struct LanguageFormsTests {
    @Test func apiLineNamesTheModel() {
        let model = load(spec("  book GET /books -> Book")).model
        #expect(model?.name == "Library")
        #expect(model?.location == at(1, 5))
        #expect(model?.sourcePath == specPath)
    }

    @Test func importsAreKeptInFileOrder() {
        let model = load("api A\nimport First\nimport Second.Sub\ngroup G auth\n  r GET /r -> R\n").model
        #expect(model?.imports == [ImportDeclaration(module: "First", location: at(2, 8)), ImportDeclaration(module: "Second.Sub", location: at(3, 8))])
    }

    @Test func groupCarriesItsAccessDocumentationAndLocation() {
        let model = load("api A\n/// The menu.\n///  Indented.\ngroup Catalog public\n  r GET /r -> R\n").model
        let group = model?.groups.first
        #expect(group?.name == "Catalog")
        #expect(group?.access == .public)
        #expect(group?.documentation == ["The menu.", " Indented."])
        #expect(group?.location == at(4, 7))
    }

    @Test func plainRouteHasEveryPartLocated() {
        let route = onlyRoute(spec("  book GET /books/{id: ID<Book>}/cover -> Book"))
        let id = Parameter(name: "id", kind: .path, type: .named("ID", arguments: [.named("Book")]), location: at(4, 20), typeLocation: at(4, 24))
        let expected = Route(Route.Definition(
            name: "book",
            groupName: "Books",
            method: "GET",
            path: [.literal("books", location: at(4, 13)), .parameter(id), .literal("cover", location: at(4, 34))],
            response: .named("Book"),
            access: .public,
            spans: RouteSpans(name: at(4, 3), method: at(4, 8), path: at(4, 12), response: at(4, 43))
        ))
        #expect(route == expected)
    }

    @Test func rootPathHasNoSegments() {
        let route = onlyRoute(spec("  root GET / -> Root"))
        #expect(route?.path == [])
        #expect(route?.pathTemplate == "/")
    }

    @Test func rootPathHasNoTrailingSlash() {
        let route = onlyRoute(spec("  root GET / -> Root"))
        #expect(route?.hasTrailingSlash == false)
        #expect(route?.pathShape == "/")
    }

    @Test func trailingSlashIsKeptInTheModelTemplateAndShape() {
        let route = onlyRoute(spec("  books GET /books/ -> [Book]"))
        #expect(route?.path == [.literal("books", location: at(4, 14))])
        #expect(route?.hasTrailingSlash == true)
        #expect(route?.pathTemplate == "/books/")
        #expect(route?.pathShape == "/books/")
    }

    @Test func trailingSlashAfterAParameterMayBeFollowedByTheQuery() {
        let route = onlyRoute(spec("  book GET /books/{id: ID<Book>}/?expand: Bool -> Book"))
        #expect(route?.hasTrailingSlash == true)
        #expect(route?.pathTemplate == "/books/{id}/")
        #expect(route?.pathShape == "/books/{}/")
        #expect(route?.queryParameters.map(\.name) == ["expand"])
    }

    @Test func pathWithoutATrailingSlashHasNone() {
        let route = onlyRoute(spec("  book GET /books/{id: ID<Book>} -> Book"))
        #expect(route?.hasTrailingSlash == false)
        #expect(route?.pathTemplate == "/books/{id}")
    }

    @Test func pathsThatDifferOnlyInATrailingSlashAreDifferentRoutes() {
        let (model, diagnostics) = load(spec("  books GET /books -> [Book]\n  booksSlash GET /books/ -> [Book]"))
        #expect(diagnostics == [])
        #expect(model?.routes.map(\.pathShape) == ["/books", "/books/"])
    }

    @Test func requiredQueryParameterHasNoDefault() {
        let route = onlyRoute(spec("  search GET /books ?q: String -> [Book]"))
        #expect(route?.queryParameters == [Parameter(name: "q", kind: .query, type: .named("String"), location: at(4, 22), typeLocation: at(4, 25))])
        #expect(route?.queryParameters.first?.isRequired == true)
    }

    @Test func integerDefaultIsKeptAsWritten() {
        let route = onlyRoute(spec("  search GET /books ?limit: Int = -20 -> [Book]"))
        #expect(route?.queryParameters.first?.defaultValue == .integer("-20"))
        #expect(route?.queryParameters.first?.isRequired == false)
    }

    @Test func decimalDefaultFitsDouble() {
        #expect(onlyRoute(spec("  s GET /s ?ratio: Double = 0.5 -> S"))?.queryParameters.first?.defaultValue == .float("0.5"))
    }

    @Test func integerDefaultFitsDouble() {
        #expect(onlyRoute(spec("  s GET /s ?ratio: Double = 2 -> S"))?.queryParameters.first?.defaultValue == .integer("2"))
    }

    @Test func booleanDefaultFitsBool() {
        #expect(onlyRoute(spec("  s GET /s ?total: Bool = false -> S"))?.queryParameters.first?.defaultValue == .boolean(false))
    }

    @Test func stringDefaultIsUnescaped() {
        #expect(onlyRoute(spec(#"  s GET /s ?sort: String = "name \"asc\"" -> S"#))?.queryParameters.first?.defaultValue == .string(#"name "asc""#))
    }

    @Test func optionalDefaultFitsTheWrappedType() {
        #expect(onlyRoute(spec("  s GET /s ?page: Int? = 1 -> S"))?.queryParameters.first?.defaultValue == .integer("1"))
    }

    @Test func optionalQueryParameterIsNotRequired() {
        let parameter = onlyRoute(spec("  s GET /s ?cursor: String? -> S"))?.queryParameters.first
        #expect(parameter?.type == .optional(.named("String")))
        #expect(parameter?.isRequired == false)
    }

    @Test func arrayQueryParameterIsOptionalToPass() {
        let parameter = onlyRoute(spec("  s GET /s ?ids: [Int] -> S"))?.queryParameters.first
        #expect(parameter?.type == .array(.named("Int")))
        #expect(parameter?.isRequired == false)
    }

    @Test func optionalSpelledOutIsTheOptionalShorthand() {
        for spelling in ["Optional<String>", "Swift.Optional<String>"] {
            let parameter = onlyRoute(spec("  s GET /s ?cursor: \(spelling) -> S"))?.queryParameters.first
            #expect(parameter?.type == .optional(.named("String")), "\(spelling)")
            #expect(parameter?.defaultValue == nil, "\(spelling)")
            #expect(parameter?.isRequired == false, "\(spelling)")
        }
    }

    @Test func arraySpelledOutIsTheArrayShorthand() {
        for spelling in ["Array<Int>", "Swift.Array<Int>"] {
            #expect(onlyRoute(spec("  s GET /s ?ids: \(spelling) -> S"))?.queryParameters.first?.type == .array(.named("Int")), "\(spelling)")
        }
    }

    @Test func spelledOutOptionalAndArrayMeanTheShorthandInEveryClauseAndMember() {
        func model(_ optional: String, _ array: String) -> APIModel? {
            let (model, diagnostics) = load("""
            api Library
            model Page
              cursor: \(optional)
              ids: \(array)
            group Books public
              s POST /s/{id: String} ?cursor: \(optional) header X-Cursor: \(optional) body \(array) -> \(array.replacingOccurrences(of: "Int", with: "Page"))
            """)
            #expect(diagnostics.filter { $0.severity == .error } == [])
            return model
        }
        let spelledOut = model("Optional<String>", "Array<Int>").map(erasingLocations)
        #expect(spelledOut != nil)
        #expect(spelledOut == model("String?", "[Int]").map(erasingLocations))
    }

    @Test func aPathParameterSpelledOutAsOptionalIsRefusedLikeTheShorthand() {
        let (_, diagnostics) = load(spec("  s GET /s/{id: Optional<String>} -> S"))
        #expect(diagnostics.map(\.message) == ["path parameter 'id' cannot be optional; a path segment is always sent"])
        #expect(diagnostics.first?.location == at(4, 17))
    }

    @Test func optionalArrayIsAnOptionalOfArray() {
        #expect(onlyRoute(spec("  s GET /s ?ids: [Int]? -> S"))?.queryParameters.first?.type == .optional(.array(.named("Int"))))
    }

    @Test func wireNamesKeepUnderscoresDotsAndDashes() {
        let route = onlyRoute(spec("  s GET /s ?per_page: Int ?page.size: Int ?sort-by: String -> S"))
        #expect(route?.queryParameters.map(\.name) == ["per_page", "page.size", "sort-by"])
    }

    @Test func queryParametersMayFollowThePathWithoutASpace() {
        let route = onlyRoute(spec("  s GET /books?q: String -> S"))
        #expect(route?.path == [.literal("books", location: at(4, 10))])
        #expect(route?.queryParameters.map(\.name) == ["q"])
    }

    @Test func headerParameterTravelsAsAHeader() {
        let route = onlyRoute(spec("  s PUT /s header If-Match: String body S -> S"))
        #expect(route?.headerParameters == [Parameter(name: "If-Match", kind: .header, type: .named("String"), location: at(4, 19), typeLocation: at(4, 29))])
        #expect(route?.parameters.map(\.name) == ["If-Match"])
    }

    @Test func parametersComeInPathQueryHeaderOrder() {
        let route = onlyRoute(spec("  s GET /s/{id: Int} header X-Trace: String? ?q: String -> S"))
        #expect(route?.parameters.map(\.name) == ["id", "q", "X-Trace"])
    }

    @Test func jsonBody() {
        let body = onlyRoute(spec("  s POST /s body NewBook -> S"))?.body
        #expect(body == RequestBodySpec(kind: .json(.named("NewBook")), location: at(4, 13), typeLocation: at(4, 18)))
    }

    @Test func mergePatchBody() {
        let body = onlyRoute(spec("  s PATCH /s body merge-patch BookPatch -> S"))?.body
        #expect(body == RequestBodySpec(kind: .mergePatch(.named("BookPatch")), location: at(4, 14), typeLocation: at(4, 31)))
        #expect(body?.contentType == "application/merge-patch+json")
    }

    @Test func formBody() {
        let body = onlyRoute(spec("  s POST /s body form Login -> S"))?.body
        #expect(body == RequestBodySpec(kind: .form(.named("Login")), location: at(4, 13), typeLocation: at(4, 23)))
    }

    @Test func rawBodyCarriesItsMediaType() {
        let body = onlyRoute(spec(#"  s PUT /s body raw "image/png" -> S"#))?.body
        #expect(body == RequestBodySpec(kind: .raw(mediaType: "image/png"), location: at(4, 12), typeLocation: at(4, 21)))
    }

    @Test func acceptSetsTheMediaType() {
        let route = onlyRoute(spec("  cover GET /c accept image/* -> Data"))
        #expect(route?.accept == "image/*")
        #expect(route?.spans.accept == at(4, 23))
        #expect(route?.response.isData == true)
    }

    @Test func quotedAcceptMayHoldParameters() {
        #expect(onlyRoute(spec(#"  c GET /c accept "text/csv; charset=utf-8" -> Data"#))?.accept == "text/csv; charset=utf-8")
    }

    @Test func responseTypesOfEveryShape() {
        let model = load(spec("""
              a GET /a -> [Book]
              b GET /b -> Empty
              c GET /c -> Page<Book>
              d GET /d -> Foundation.Date
              e GET /e -> [String: Int]
              f GET /f -> Book?
              g GET /g -> Result<[Book], Problem>
            """)).model
        #expect(model?.routes.map(\.response) == [
            .array(.named("Book")),
            .named("Empty"),
            .named("Page", arguments: [.named("Book")]),
            .named("Foundation.Date"),
            .named("Dictionary", arguments: [.named("String"), .named("Int")]),
            .optional(.named("Book")),
            .named("Result", arguments: [.array(.named("Book")), .named("Problem")]),
        ])
    }

    @Test func routeInheritsItsGroupsAccess() {
        let route = onlyRoute(spec("  r GET /r -> R", group: "group G auth"))
        #expect(route?.access == .authenticated)
        #expect(route?.hasExplicitAccess == false)
    }

    @Test func routeFlagOverridesTheGroupsAccess() {
        let route = onlyRoute(spec("  r POST /r -> R public", group: "group G auth"))
        #expect(route?.access == .public)
        #expect(route?.spans.accessFlag == at(4, 18))
    }

    @Test func deprecatedFlagMarksTheRoute() {
        let route = onlyRoute(spec("  r GET /r -> R deprecated auth"))
        #expect(route?.isDeprecated == true)
        #expect(route?.access == .authenticated)
    }

    @Test func documentationAboveARouteBelongsToIt() {
        let route = onlyRoute(spec("  /// Fetches one book.\n  ///\n  /// By id.\n  book GET /b -> Book"))
        #expect(route?.documentation == ["Fetches one book.", "", "By id."])
    }

    @Test func commentsAreIgnoredBetweenDocumentationAndRoute() {
        let route = onlyRoute(spec("  /// Fetches one book.\n  # not documentation\n  book GET /b -> Book"))
        #expect(route?.documentation == ["Fetches one book."])
    }

    @Test func disableCommentAtTheEndOfTheRouteLine() {
        let route = onlyRoute(spec("  r GET /r -> R # routegen:disable path-style, secret-in-query"))
        #expect(route?.disabledRules == ["path-style", "secret-in-query"])
    }

    @Test func disableCommentOnTheLineAboveTheRoute() {
        let route = onlyRoute(spec("  # routegen:disable ambiguous-path\n  r GET /r -> R # routegen:disable path-style"))
        #expect(route?.disabledRules == ["ambiguous-path", "path-style"])
    }

    @Test func continuationLinesAddClausesToTheRoute() {
        let route = onlyRoute(spec("""
              search GET /books
                ?q: String
                header If-None-Match: String?
                -> [Book]
                deprecated
            """))
        #expect(route?.queryParameters.map(\.location) == [at(5, 6)])
        #expect(route?.headerParameters.map(\.name) == ["If-None-Match"])
        #expect(route?.response == .array(.named("Book")))
        #expect(route?.isDeprecated == true)
    }

    @Test func keywordIsAValidRouteName() {
        let model = load(spec("  default GET /a -> A\n  import GET /b -> B\n  public GET /c -> C")).model
        #expect(model?.routes.map(\.name) == ["default", "import", "public"])
    }

    @Test func clauseKeywordIsAValidRouteName() {
        let model = load(spec("  a GET /a -> A\n  body GET /b -> B\n    deprecated\n  header GET /h -> H")).model
        #expect(model?.routes.map(\.name) == ["a", "body", "header"])
        #expect(model?.routes.map(\.isDeprecated) == [false, true, false])
    }

    @Test func otherUpperCaseMethodMayCarryABody() {
        let route = onlyRoute(spec("  purge PURGE /cache body Keys -> Empty"))
        #expect(route?.method == "PURGE")
        #expect(route?.body != nil)
    }

    @Test func percentEncodableLiteralCharactersAreKept() {
        let route = onlyRoute(spec("  r GET /a:b/@c/x~y/caf\u{E9} -> R"))
        #expect(route?.pathTemplate == "/a:b/@c/x~y/caf\u{E9}")
    }

    @Test func textAfterADefaultIsIgnoredWithAWarning() {
        let (model, diagnostics) = load(spec("  r GET /r ?limit: Int = 20 - incident_summary ?q: String? -> R"))
        #expect(model?.routes.first?.queryParameters.map(\.name) == ["limit", "q"])
        #expect(diagnostics == [.warning("text after the default value of 'limit' is ignored: '- incident_summary'; remove it", at: at(4, 29))])
    }

    @Test func groupsAndRoutesKeepFileOrder() {
        let model = load("api A\ngroup Z public\n  b GET /b -> B\n  a GET /a -> A\ngroup Y auth\n  c GET /c -> C\n").model
        #expect(model?.groups.map(\.name) == ["Z", "Y"])
        #expect(model?.routes.map(\.name) == ["b", "a", "c"])
        #expect(model?.routes.map(\.groupName) == ["Z", "Z", "Y"])
    }
}

/// Line endings, byte-order marks and tabs.
@Suite("Source text")
struct SourceTextTests {
    @Test func crlfLineEndingsParseLikeLF() {
        let lf = load(spec("  r GET /r ?q: String -> R # c")).model
        let crlf = load(spec("  r GET /r ?q: String -> R # c").replacingOccurrences(of: "\n", with: "\r\n")).model
        #expect(lf != nil)
        #expect(crlf == lf)
    }

    @Test func byteOrderMarkIsSkippedAndColumnsStartAfterIt() {
        let model = load("\u{FEFF}api A\ngroup G auth\n  r GET /r -> R\n").model
        #expect(model?.location == at(1, 5))
    }

    @Test func tabsIndentRoutesAndColumnsCountScalars() {
        let model = load("api A\ngroup G auth\n\tr GET /r -> R\n\t\t-> S\n").model
        #expect(model == nil)
        let route = load("api A\ngroup G auth\n\tr GET /r\n\t\t-> R\n").model?.routes.first
        #expect(route?.location == at(3, 2))
        #expect(route?.spans.response == at(4, 6))
    }

    @Test func columnsCountUnicodeScalarsNotBytes() {
        let route = load("api A\ngroup G auth\n  r GET /caf\u{E9}/{id: Int} -> R\n").model?.routes.first
        #expect(route?.pathParameters.first?.location == at(3, 16))
    }
}
