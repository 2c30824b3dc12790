import RoutegenCore
import RoutegenSamples
import RoutegenServe
import Testing

/// What `routegen serve` answers, request by request, without sockets.
@Suite("routegen serve: answers and checks")
struct ServedAPITests {
    private static let bookJSON = #"{"genre":"science_fiction","id":"book-1","published_at":"2026-01-01T09:00:00Z","subtitle":"Subtitle 1","tags":["Tags 1","Tags 2"],"title":"Title 1"}"#
    private static let bearer = [(name: "Authorization", value: "Bearer t0ken")]

    private static func library() throws -> ServedAPI {
        ServedAPI(models: [try ServeTestSupport.specModel("Library")])
    }

    private static func text(_ answer: ServedAPI.Answer) -> String {
        String(decoding: answer.response.body, as: UTF8.self)
    }

    @Test func aRouteAnswersItsSampleInTheEncodersBytes() throws {
        let answer = try Self.library().answer(ServeRequest(method: "GET", target: "/books/book-1"))
        #expect(answer.response.status == 200)
        #expect(answer.response.headers == [HTTPHeaderField("Content-Type", "application/json")])
        #expect(Self.text(answer) == Self.bookJSON)
        #expect(answer.routeName == "book")
        let library = try ServeTestSupport.specModel("Library")
        #expect(Self.text(answer) == SampleMaker(api: library).sample(of: .named("Book"), name: "book")?.text)
    }

    @Test func emptyIs204WithoutABodyAndDataIsTheSampleBytes() throws {
        let api = try Self.library()
        let deleted = api.answer(ServeRequest(method: "DELETE", target: "/me/loans/book-1", headers: Self.bearer))
        #expect(deleted.response == ServeResponse(status: 204))
        let cover = api.answer(ServeRequest(method: "GET", target: "/books/book-1/cover"))
        #expect(cover.response == ServeResponse(status: 200, headers: [HTTPHeaderField("Content-Type", "application/octet-stream")], body: Array("sample".utf8)))
        let pdf = ServedAPI(models: [try ServeTestSupport.model("api T\ngroup G public\n  file GET /file accept application/pdf -> Data\n")])
        #expect(pdf.answer(ServeRequest(method: "GET", target: "/file")).response.headers == [HTTPHeaderField("Content-Type", "application/pdf")])
    }

    @Test func anUnknownPathIsA404NamingTheClosestRoute() throws {
        let api = try Self.library()
        let unknown = api.answer(ServeRequest(method: "GET", target: "/bookz"))
        #expect(unknown.response.status == 404)
        #expect(Self.text(unknown) == #"{"closest":"GET /books","error":"no route GET /bookz","route":"search"}"#)
        #expect(unknown.routeName == nil)
    }

    @Test func aMissingRequiredQueryParameterIsA400NamingIt() throws {
        let api = try Self.library()
        let missing = api.answer(ServeRequest(method: "GET", target: "/books?limit=3"))
        #expect(missing.response.status == 400)
        #expect(Self.text(missing) == #"{"error":"missing required query parameter 'q'","route":"search"}"#)
        let wrongType = api.answer(ServeRequest(method: "GET", target: "/books?q=dune&limit=many"))
        #expect(Self.text(wrongType) == #"{"error":"query parameter 'limit': expected an integer, not 'many'","route":"search"}"#)
        let bracketed = ServedAPI(models: [try ServeTestSupport.model("""
            api T
            group G public
              find GET /find ?filter[status]: String ?metadata: [String: String] deep -> Int

            """)])
        func status(_ target: String) -> Int { bracketed.answer(ServeRequest(method: "GET", target: target)).response.status }
        #expect(status("/find?filter%5Bstatus%5D=open&metadata%5Ba%5D=1") == 200)
        #expect(status("/find?metadata%5Ba%5D=1") == 400)
        #expect(Self.text(bracketed.answer(ServeRequest(method: "GET", target: "/find?filter%5Bstatus%5D=open"))) == #"{"error":"missing required query parameter 'metadata'","route":"find"}"#)
    }

    @Test func aRouteWithAlternativesAcceptsTheCredentialOfAnyOfThem() throws {
        let api = ServedAPI(models: [try ServeTestSupport.model("""
            api T
            auth oauth = bearer
            auth key = query key
            group G auth key or oauth
              charges GET /charges -> Int

            """)])
        let refused = api.answer(ServeRequest(method: "GET", target: "/charges"))
        #expect(refused.response.status == 401)
        #expect(refused.response.headers.filter { $0.name == "WWW-Authenticate" } == [HTTPHeaderField("WWW-Authenticate", "Bearer")])
        #expect(refused.refusal == "route 'charges' needs the query item 'key' or an 'Authorization: Bearer <token>' header")
        #expect(api.answer(ServeRequest(method: "GET", target: "/charges?key=k1")).response.status == 200)
        #expect(api.answer(ServeRequest(method: "GET", target: "/charges", headers: Self.bearer)).response.status == 200)
    }

    @Test func anAuthenticatedRouteWithoutTheBearerTokenIsA401() throws {
        let api = try Self.library()
        let refused = api.answer(ServeRequest(method: "GET", target: "/me/loans"))
        #expect(refused.response.status == 401)
        #expect(refused.response.headers.contains(HTTPHeaderField("WWW-Authenticate", "Bearer")))
        #expect(Self.text(refused) == #"{"error":"route 'loans' needs an 'Authorization: Bearer <token>' header","route":"loans"}"#)
        #expect(api.answer(ServeRequest(method: "GET", target: "/me/loans", headers: [("Authorization", "Bearer ")])).response.status == 401)
        #expect(api.answer(ServeRequest(method: "GET", target: "/me/loans", headers: Self.bearer)).response.status == 200)
        // A public route needs nothing.
        #expect(api.answer(ServeRequest(method: "GET", target: "/books/book-1")).response.status == 200)
    }

    @Test func eachCredentialSchemeIsCheckedWhereItGoes() throws {
        let model = try ServeTestSupport.model("""
            api Vault
            auth user = basic
            auth vault = header X-Vault-Token prefix "Token "
            auth key = query key
            group G public
              basicRoute  GET /a auth user  -> Empty
              headerRoute GET /b auth vault -> Empty
              queryRoute  GET /c auth key   -> Empty

            """)
        let api = ServedAPI(models: [model])
        func status(_ target: String, _ headers: [(name: String, value: String)] = []) -> Int {
            api.answer(ServeRequest(method: "GET", target: target, headers: headers)).response.status
        }
        #expect(status("/a") == 401)
        #expect(status("/a", [("Authorization", "Bearer x")]) == 401)
        #expect(status("/a", [("Authorization", "Basic dTpw")]) == 204)
        #expect(status("/b") == 401)
        #expect(status("/b", [("X-Vault-Token", "x")]) == 401)
        #expect(status("/b", [("X-Vault-Token", "Token x")]) == 204)
        #expect(status("/c") == 401)
        #expect(status("/c?key=") == 401)
        #expect(status("/c?key=k1") == 204)
        #expect(Self.text(api.answer(ServeRequest(method: "GET", target: "/b"))) == #"{"error":"route 'headerRoute' needs a 'X-Vault-Token: Token <token>' header","route":"headerRoute"}"#)
        #expect(Self.text(api.answer(ServeRequest(method: "GET", target: "/c"))) == #"{"error":"route 'queryRoute' needs the query item 'key'","route":"queryRoute"}"#)
    }

    @Test func aBodyThatDoesNotFitTheDeclaredTypeIsA422WithTheReason() throws {
        let api = try Self.library()
        func answer(_ body: String, method: String = "POST", target: String = "/books") -> ServedAPI.Answer {
            api.answer(ServeRequest(method: method, target: target, headers: Self.bearer, body: Array(body.utf8)))
        }
        #expect(Self.text(answer(#"{"title":"Dune"}"#)) == #"{"error":"the body does not fit NewBook: authorID: required field is missing","route":"createBook"}"#)
        #expect(answer(#"{"title":"Dune"}"#).response.status == 422)
        #expect(Self.text(answer(#"{"title":7,"authorID":"a-1"}"#)) == #"{"error":"the body does not fit NewBook: title: expected a string","route":"createBook"}"#)
        #expect(Self.text(answer(#"{"title":"#)) == #"{"error":"the body at 1:10: not JSON: expected a value, found the end of the document","route":"createBook"}"#)
        #expect(Self.text(answer(#"{"title":"Dune","title":"x"}"#)) == #"{"error":"the body at 1:17: duplicate key 'title' in one object; the first is at 1:2","route":"createBook"}"#)
        #expect(Self.text(answer("")) == #"{"error":"the body is empty; expected NewBook as JSON","route":"createBook"}"#)
        #expect(answer(#"{"title":"Dune","authorID":"a-1","extra":true}"#).response.status == 200)
        // A merge patch may clear a field with null.
        #expect(answer(#"{"subtitle":null}"#, method: "PATCH", target: "/books/book-1").response.status == 200)
        #expect(Self.text(answer(#"{"title":false}"#, method: "PATCH", target: "/books/book-1")) == #"{"error":"the body does not fit BookPatch: title: expected a string","route":"updateBook"}"#)
        // The credential is checked before the body.
        #expect(api.answer(ServeRequest(method: "POST", target: "/books", body: Array("{}".utf8))).response.status == 401)
    }

    @Test func aRefusalOfARouteWithAnErrorBodyTypeIsThatTypeWithTheReasonAndTheStatus() throws {
        let api = ServedAPI(models: [try ServeTestSupport.specModel("Pizzeria")])
        // `group Orders auth errors OrderProblem`: the app reads `error.body(as: OrderProblem.self)`.
        let refused = api.answer(ServeRequest(method: "GET", target: "/api/orders/mine"))
        #expect(refused.response.status == 401)
        #expect(Self.text(refused) == #"{"detail":"route 'myOrders' needs an 'Authorization: Bearer <token>' header","status":401,"title":"Title 1"}"#)
        #expect(refused.refusal == "route 'myOrders' needs an 'Authorization: Bearer <token>' header")
        let bad = api.answer(ServeRequest(method: "GET", target: "/api/orders/mine?page=1&size=big", headers: Self.bearer))
        #expect(bad.response.status == 400)
        #expect(Self.text(bad) == #"{"detail":"query parameter 'size': expected an integer, not 'big'","status":400,"title":"Title 1"}"#)
        // A route without one keeps the plain body; a path no route has names no error type.
        #expect(Self.text(api.answer(ServeRequest(method: "GET", target: "/api/me"))) == #"{"error":"route 'me' needs an 'Authorization: Bearer <token>' header","route":"me"}"#)
        #expect(Self.text(api.answer(ServeRequest(method: "GET", target: "/api/orderz"))).hasPrefix(#"{"closest":"#))
        // A type with no text member keeps its sample: the reason is in the log only.
        let own = ServedAPI(models: [try ServeTestSupport.model("api T\nerrors P\nmodel P\n  error: Int\ngroup G auth\n  a GET /a -> Empty\n")])
        #expect(Self.text(own.answer(ServeRequest(method: "GET", target: "/a"))) == #"{"error":1}"#)
        // An error object inside the body is filled the same way; a status in text is text.
        let nested = ServedAPI(models: [try ServeTestSupport.model(
            "api T\nerrors E\nmodel E\n  error: Inner\nmodel Inner\n  message: String\n  status: String\n  type: String\ngroup G auth\n  a GET /a -> Empty\n"
        )])
        #expect(Self.text(nested.answer(ServeRequest(method: "GET", target: "/a")))
            == #"{"error":{"message":"route 'a' needs an 'Authorization: Bearer <token>' header","status":"401","type":"Type 1"}}"#)
        // Of the members that may be absent, only a reason and a status are sent: a description
        // may give a 401 another error schema than a 400, with `errors` a list instead of a map.
        let lean = ServedAPI(models: [try ServeTestSupport.model(
            "api T\nerrors E\nmodel E\n  error: Inner\n  errors: [String: [String]]?\nmodel Inner\n  message: String?\n  code: Int?\ngroup G auth\n  a GET /a -> Empty\n"
        )])
        #expect(Self.text(lean.answer(ServeRequest(method: "GET", target: "/a")))
            == #"{"error":{"message":"route 'a' needs an 'Authorization: Bearer <token>' header"}}"#)
    }

    @Test func aRoutesPathWithAParameterItsTypeCannotHoldIsThatRoutes404() throws {
        let api = ServedAPI(models: [try ServeTestSupport.model(
            "api T\nerrors P\nmodel P\n  message: String\ngroup G public\n  schema GET /schemas/{id: UUID} -> Empty\n"
        )])
        let answer = api.answer(ServeRequest(method: "GET", target: "/schemas/null%2Cnull"))
        #expect(answer.response.status == 404)
        #expect(answer.routeName == "schema")
        #expect(Self.text(answer) == #"{"message":"path parameter 'id': expected a UUID, not 'null,null', so there is no such resource"}"#)
        // Another method is no route's.
        #expect(Self.text(api.answer(ServeRequest(method: "DELETE", target: "/schemas/null"))).hasPrefix(#"{"closest":"#))
    }

    @Test func aPathThatRoutesOfOtherMethodsHaveIsA405NamingThem() throws {
        let api = try Self.library()
        let answer = api.answer(ServeRequest(method: "TRACE", target: "/books/book-1"))
        #expect(answer.response.status == 405)
        #expect(answer.response.headers == [HTTPHeaderField("Content-Type", "application/json"), HTTPHeaderField("Allow", "GET, PATCH")])
        #expect(Self.text(answer) == #"{"allow":["GET","PATCH"],"error":"method TRACE is not one of /books/book-1's: GET, PATCH"}"#)
        #expect(answer.routeName == nil)
    }

    @Test func aCursorPageLeadsToASecondAndLastPage() throws {
        let api = try Self.library()
        let first = Self.text(api.answer(ServeRequest(method: "GET", target: "/books?q=dune")))
        #expect(first.hasPrefix(#"{"items":[{"genre":"science_fiction","id":"book-1","#))
        #expect(first.hasSuffix(#""title":"Title 2"}],"next":"page-2"}"#))
        let second = Self.text(api.answer(ServeRequest(method: "GET", target: "/books?q=dune&cursor=page-2")))
        #expect(second.hasPrefix(#"{"items":[{"genre":"science_fiction","id":"book-3","#))
        #expect(second.hasSuffix(#""title":"Title 4"}]}"#))
    }

    @Test func linkHeaderPageNumberAndOffsetPagesEnd() throws {
        let model = try ServeTestSupport.model("""
            api P
            model Item
              id: ID<Item>
            model Items
              items: [Item]
            model More
              items: [Item]
              more: Bool
            model Linked
              items: [Item]
              next_url: String?
            group G public
              byHeader GET /h                      -> Items  paginate link each items
              byPage   GET /p ?page: Int = 1       -> Items  paginate page ?page each items
              byOffset GET /o ?offset: Int = 0     -> More   paginate offset ?offset while more each items
              byLink   GET /l                      -> Linked paginate next_url -> link each items

            """)
        let api = ServedAPI(models: [model])
        func answer(_ target: String) -> ServedAPI.Answer {
            api.answer(ServeRequest(method: "GET", target: target, headers: [("Host", "127.0.0.1:9")]))
        }
        #expect(answer("/h").response.headers.contains(HTTPHeaderField("Link", #"<http://127.0.0.1:9/h?page=2>; rel="next""#)))
        #expect(Self.text(answer("/h")) == #"{"items":[{"id":"item-1"},{"id":"item-2"}]}"#)
        #expect(!answer("/h?page=2").response.headers.contains { $0.name == "Link" })
        #expect(Self.text(answer("/h?page=2")) == #"{"items":[{"id":"item-3"},{"id":"item-4"}]}"#)
        #expect(Self.text(answer("/p?page=2")) == #"{"items":[{"id":"item-3"},{"id":"item-4"}]}"#)
        #expect(Self.text(answer("/p?page=3")) == #"{"items":[]}"#)
        #expect(Self.text(answer("/o")) == #"{"items":[{"id":"item-1"},{"id":"item-2"}],"more":true}"#)
        #expect(Self.text(answer("/o?offset=2")) == #"{"items":[{"id":"item-3"},{"id":"item-4"}],"more":false}"#)
        #expect(Self.text(answer("/l")) == #"{"items":[{"id":"item-1"},{"id":"item-2"}],"next_url":"http://127.0.0.1:9/l?page=2"}"#)
        #expect(Self.text(answer("/l?page=2")) == #"{"items":[{"id":"item-3"},{"id":"item-4"}]}"#)
    }

    @Test func literalSegmentsWinOverParametersAndTypedParametersMustParse() throws {
        let api = ServedAPI(models: [try ServeTestSupport.model("""
            api T
            group G public
              item  GET /items/{n: Int} -> Int
              fresh GET /items/new      -> String
              call  GET /calls/{sid: String}.json -> String
              part  GET /parts/v{major: Int}.{minor: Int} -> String

            """)])
        #expect(api.answer(ServeRequest(method: "GET", target: "/calls/CA7.json")).routeName == "call")
        #expect(api.answer(ServeRequest(method: "GET", target: "/calls/.json")).response.status == 404)
        #expect(api.answer(ServeRequest(method: "GET", target: "/calls/CA7.xml")).response.status == 404)
        #expect(api.answer(ServeRequest(method: "GET", target: "/parts/v12.3")).routeName == "part")
        #expect(api.answer(ServeRequest(method: "GET", target: "/parts/vx.3")).response.status == 404)
        #expect(api.answer(ServeRequest(method: "GET", target: "/items/new")).routeName == "fresh")
        #expect(api.answer(ServeRequest(method: "GET", target: "/items/7")).routeName == "item")
        #expect(api.answer(ServeRequest(method: "GET", target: "/items/seven")).response.status == 404)
        #expect(api.answer(ServeRequest(method: "GET", target: "/items/7/")).response.status == 404)
    }

    @Test func fixturesReplaceSamplesAndAreRefusedWhenTheyDoNotFit() throws {
        let library = try ServeTestSupport.specModel("Library")
        let good = Array(#"{"id":"b-7","title":"Dune"}"#.utf8)
        let checked = Fixtures.check(files: [("book.json", good)], directory: "fx", models: [library])
        let fixtures = try checked.get()
        let api = ServedAPI(models: [library], fixtures: fixtures)
        #expect(api.answer(ServeRequest(method: "GET", target: "/books/anything")).response.body == good)

        let refused = Fixtures.check(files: [
            ("book.json", Array(#"{"id":"b-7"}"#.utf8)),
            ("bok.json", Array("{}".utf8)),
            ("loans.json", Array(#"[{"book":"b-1","due":"tomorrow"}]"#.utf8)),
            ("returnBook.json", Array("{}".utf8)),
            ("search.json", Array("{".utf8)),
        ], directory: "fx", models: [library])
        guard case .failure(let problems) = refused else {
            Issue.record("fixtures accepted")
            return
        }
        #expect(problems.messages == [
            "fx/book.json: error: does not fit Book of route 'book': title: required field is missing",
            "fx/bok.json: error: no route is named 'bok'; did you mean 'book.json'?",
            "fx/loans.json: error: does not fit [Loan] of route 'loans': [0].due: expected an ISO 8601 date like 2026-01-01T09:00:00Z, not 'tomorrow'",
            "fx/returnBook.json: error: route 'returnBook' answers Empty, not JSON; it takes no fixture",
            "fx/search.json:1:2: error: not JSON: expected a string key, found the end of the document",
        ])
        let repeated = Fixtures.check(files: [("book.json", Array("{\"id\":\"b-7\",\n\"id\":\"b-8\",\"title\":\"Dune\"}".utf8))], directory: "fx", models: [library])
        guard case .failure(let repeatedProblems) = repeated else {
            Issue.record("a fixture with a repeated key accepted")
            return
        }
        #expect(repeatedProblems.messages == ["fx/book.json:2:1: error: duplicate key 'id' in one object; the first is at 1:2"])
    }
}
