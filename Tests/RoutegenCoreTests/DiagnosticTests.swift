import RoutegenCore
import Testing

/// Every required error, rendered exactly as `routegen lint` prints it.
@Suite("Required errors")
struct RequiredErrorTests {
    @Test func groupWithoutAccess() {
        #expect(rendered("api Library\ngroup Books\n  book GET /b -> Book\n") == """
            api.routes:2:12: error: group 'Books' has no access; add 'auth' or 'public'
            group Books
                       ^
            note: the access word is required so that no group is authenticated or public by accident

            """)
    }

    @Test func routeOutsideAnyGroup() {
        #expect(rendered("api Library\n  book GET /b -> Book\n") == """
            api.routes:2:3: error: route 'book' is outside any group; add a 'group Name auth' or 'group Name public' line above it
              book GET /b -> Book
              ^

            """)
    }

    @Test func missingAPILine() {
        #expect(rendered("group Books public\n  book GET /b -> Book\n") == """
            api.routes:1:1: error: the file has no 'api' line; start it with 'api Name'
            group Books public
            ^

            """)
    }

    @Test func repeatedAPILine() {
        #expect(rendered("api Library\napi Books\ngroup G public\n  r GET /r -> R\n") == """
            api.routes:2:1: error: 'api' is declared twice; keep one
            api Books
            ^
            note: 'api Library' is declared at line 1

            """)
    }

    @Test func apiLineNotFirst() {
        #expect(rendered("import LibraryModels\napi Library\ngroup G public\n  r GET /r -> R\n") == """
            api.routes:2:1: error: 'api Library' must be the first declaration; move it above line 1
            api Library
            ^

            """)
    }

    @Test func lowerCaseMethod() {
        #expect(rendered(spec("  book get /b -> Book")) == """
            api.routes:4:8: error: method 'get' is not an upper-case token; write 'GET'
              book get /b -> Book
                   ^
                   GET

            """)
    }

    @Test func bodyOnDeleteIsAccepted() {
        #expect(rendered(spec("  r DELETE /r body X -> R")) == "")
    }

    @Test(arguments: ["GET", "HEAD", "OPTIONS"])
    func bodyOnAMethodWithoutBody(method: String) {
        let width = method.count
        #expect(rendered(spec("  r \(method) /r body X -> R")) == """
            api.routes:4:\(9 + width): error: route 'r' sends a body with \(method), which allows none; remove the body or use POST, PUT or PATCH
              r \(method) /r body X -> R
            \(String(repeating: " ", count: 8 + width))^

            """)
    }

    @Test func routeWithoutResponse() {
        #expect(rendered(spec("  book GET /b")) == """
            api.routes:4:3: error: route 'book' has no response type; add '-> Type' ('-> Empty' when nothing comes back)
              book GET /b
              ^

            """)
    }

    @Test func pathParameterWithoutType() {
        #expect(rendered(spec("  book GET /books/{id} -> Book")) == """
            api.routes:4:20: error: path parameter 'id' has no type; write '{id: Type}'
              book GET /books/{id} -> Book
                               ^

            """)
    }

    @Test func unclosedBraceInPath() {
        #expect(rendered(spec("  book GET /books/{id: Int -> Book")) == """
            api.routes:4:19: error: unclosed '{' in path; close the parameter with '}'
              book GET /books/{id: Int -> Book
                              ^

            """)
    }

    @Test func unclosedAngleBracketInType() {
        #expect(rendered(spec("  book GET /b -> Page<Book")) == """
            api.routes:4:22: error: unclosed '<' in type 'Page<Book'; add '>'
              book GET /b -> Page<Book
                                 ^

            """)
    }

    @Test func unclosedAngleBracketInPathParameterType() {
        #expect(rendered(spec("  book GET /books/{id: ID<Book} -> Book")) == """
            api.routes:4:26: error: unclosed '<' in type 'ID<Book'; add '>'
              book GET /books/{id: ID<Book} -> Book
                                     ^

            """)
    }

    @Test func duplicatedParameterName() {
        #expect(rendered(spec("  s GET /s ?q: String ?q: Int -> S")) == """
            api.routes:4:24: error: parameter 'q' is declared twice in route 's'; rename one
              s GET /s ?q: String ?q: Int -> S
                                   ^
            note: first declared at line 4, column 13

            """)
    }

    @Test func duplicatedPathParameterName() {
        #expect(rendered(spec("  s GET /s/{id: Int}/{id: Int} -> S")) == """
            api.routes:4:23: error: parameter 'id' is declared twice in route 's'; rename one
              s GET /s/{id: Int}/{id: Int} -> S
                                  ^
            note: first declared at line 4, column 13

            """)
    }

    @Test func defaultThatDoesNotFitItsType() {
        #expect(rendered(spec("  s GET /s ?limit: Int = ten -> S")) == """
            api.routes:4:26: error: default value 'ten' does not fit type 'Int'; write a whole number such as 20
              s GET /s ?limit: Int = ten -> S
                                     ^

            """)
    }

    @Test func unknownFlag() {
        #expect(rendered(spec("  s GET /s -> S depreciated")) == """
            api.routes:4:17: error: unknown flag 'depreciated'; use 'auth', 'public' or 'deprecated'
              s GET /s -> S depreciated
                            ^
                            deprecated

            """)
    }

    @Test func routeNameDeclaredTwiceInAGroup() {
        #expect(rendered(spec("  book GET /a -> A\n  book GET /b -> B")) == """
            api.routes:5:3: error: route 'book' is declared twice in group 'Books'; rename one
              book GET /b -> B
              ^
            note: first declared at line 4

            """)
    }

    @Test func sameMethodAndPathShape() {
        #expect(rendered(spec("  one GET /products/{id: Int} -> P\n  two GET /products/{slug: String} -> P")) == """
            api.routes:5:11: error: routes 'one' and 'two' have the same method and path shape (GET /products/{}); a server cannot tell them apart
              two GET /products/{slug: String} -> P
                      ^
            note: 'one' is declared at line 4

            """)
    }

    @Test func routeNameThatIsNotAnIdentifier() {
        #expect(rendered(spec("  my-route GET /b -> B")) == """
            api.routes:4:3: error: route name 'my-route' is not a valid identifier; use letters, digits and '_', such as 'myRoute'
              my-route GET /b -> B
              ^
              myRoute

            """)
    }

    @Test func groupNameThatIsNotAnIdentifier() {
        #expect(rendered("api Library\ngroup my-books public\n  b GET /b -> B\n") == """
            api.routes:2:7: error: group name 'my-books' is not a valid identifier; use letters, digits and '_', such as 'MyBooks'
            group my-books public
                  ^
                  MyBooks

            """)
    }

    @Test func emptyPathSegment() {
        #expect(rendered(spec("  s GET /a//b -> S")) == """
            api.routes:4:12: error: empty path segment in '/a//b'; remove the extra '/'
              s GET /a//b -> S
                       ^

            """)
    }

    @Test func twoQueryParametersWithOneSwiftLabel() {
        #expect(rendered(spec("  s GET /s ?per_page: Int ?perPage: Int -> S")) == """
            api.routes:4:28: error: parameters 'per_page' and 'perPage' of route 's' both become the argument 'perPage'; rename one
              s GET /s ?per_page: Int ?perPage: Int -> S
                                       ^

            """)
    }

    @Test func queryAndHeaderWithOneSwiftLabel() {
        let diagnostics = load(spec("  s GET /s ?if_match: String header If-Match: String -> S")).diagnostics
        #expect(diagnostics == [.error("parameters 'if_match' and 'If-Match' of route 's' both become the argument 'ifMatch'; rename one", at: at(4, 37))])
    }

    @Test func keywordRouteNameIsNoError() {
        #expect(rendered(spec("  default GET /a -> A\n  import GET /b -> B")) == "")
    }
}

/// All problems of a file come out of one run.
@Suite("Recovery")
struct RecoveryTests {
    @Test func everyProblemOfAFileIsReported() {
        let source = """
            api Library
            group Books
              book get /b -> Book
              list GET /l ?limit: Int = ten -> [Book]
              broken GET /a//b -> B
              noResponse GET /n
            """
        let messages = load(source).diagnostics.map { "\($0.location!.line):\($0.location!.column) \($0.message)" }
        #expect(messages == [
            "5:17 empty path segment in '/a//b'; remove the extra '/'",
            "2:12 group 'Books' has no access; add 'auth' or 'public'",
            "3:8 method 'get' is not an upper-case token; write 'GET'",
            "4:29 default value 'ten' does not fit type 'Int'; write a whole number such as 20",
            "6:3 route 'noResponse' has no response type; add '-> Type' ('-> Empty' when nothing comes back)",
        ])
    }

    @Test func lineAfterASyntaxErrorIsStillParsed() {
        let (model, diagnostics) = load(spec("  a GET /a -> A?? \n  b GET /b -> B"))
        #expect(model == nil)
        #expect(diagnostics == [.error("type 'A??' is optional twice; write 'A?'", at: at(4, 17))])
    }

    @Test func continuationLinesOfABrokenRouteAreSkippedQuietly() {
        let diagnostics = load(spec("  a GET /a//b\n    ?q: String\n    -> A")).diagnostics
        #expect(diagnostics == [.error("empty path segment in '/a//b'; remove the extra '/'", at: at(4, 12))])
    }

    @Test func brokenGroupLineDoesNotMakeItsRoutesOrphans() {
        // `group G auth extra` names a scheme (`extra`); a word after `public` or after a scheme breaks the line.
        let diagnostics = load("api A\ngroup G public extra\n  r GET /r -> R\n").diagnostics
        #expect(diagnostics == [.error("unexpected 'extra' after 'group G public'", at: at(2, 16))])
        let afterScheme = load("api A\nauth k = basic\ngroup G auth k extra\n  r GET /r -> R\n").diagnostics
        #expect(afterScheme == [.error("unexpected 'extra' after 'group G auth k'", at: at(3, 16))])
    }

    @Test func brokenAPILineIsNotAlsoReportedAsMissing() {
        let diagnostics = load("api\ngroup G auth\n  r GET /r -> R\n").diagnostics
        #expect(diagnostics == [.error("'api' needs a name; write 'api Name'", at: at(1, 4))])
    }
}
