import EndpointKit
import Foundation
import Testing
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Every rule of `Endpoint.urlRequest(baseURL:)`, one per test.
@Suite struct URLRequestRuleTests {
    let base = URL(string: "https://api.example.com/v1")!

    private func url(_ endpoint: Endpoint<Empty>) throws -> String? {
        try endpoint.urlRequest(baseURL: base).url?.absoluteString
    }

    @Test func valueWithSlashIsOneEncodedSegment() throws {
        #expect(try url(Endpoint(method: .get, path: ["books", .value("b/7")])) == "https://api.example.com/v1/books/b%2F7")
    }

    @Test func valueWithSpaceIsPercentTwenty() throws {
        #expect(try url(Endpoint(method: .get, path: ["books", .value("x y")])) == "https://api.example.com/v1/books/x%20y")
    }

    @Test func hostileValueEncodesEverythingOutsideTheUnreservedSet() throws {
        #expect(try url(Endpoint(method: .get, path: [.value("a/b c&d+e?f#g%h~i.j_k-l")]))
            == "https://api.example.com/v1/a%2Fb%20c%26d%2Be%3Ff%23g%25h~i.j_k-l")
    }

    @Test func literalKeepsThePathCharactersItSpells() throws {
        #expect(try url(Endpoint(method: .post, path: ["taxonomies", .value("a:b"), "levels:append", "me@home;v=1,2", "x y?#"]))
            == "https://api.example.com/v1/taxonomies/a%3Ab/levels:append/me@home;v=1,2/x%20y%3F%23")
    }

    @Test func nonASCIIValueIsEncodedAsUTF8Bytes() throws {
        #expect(try url(Endpoint(method: .get, path: [.value("Dün€")])) == "https://api.example.com/v1/D%C3%BCn%E2%82%AC")
    }

    @Test func emptyValueIsRefused() {
        #expect(throws: EndpointError.invalidSegment("")) { try url(Endpoint(method: .get, path: ["books", .value("")])) }
    }

    @Test func dotValueIsRefused() {
        #expect(throws: EndpointError.invalidSegment(".")) { try url(Endpoint(method: .get, path: ["books", .value(".")])) }
    }

    @Test func dotDotValueIsRefused() {
        #expect(throws: EndpointError.invalidSegment("..")) { try url(Endpoint(method: .get, path: ["books", .value("..")])) }
    }

    @Test func literalWithSlashesBecomesSeveralSegments() throws {
        #expect(try url(Endpoint(method: .get, path: ["/api/orders/mine"])) == "https://api.example.com/v1/api/orders/mine")
    }

    @Test func literalDotDotPieceIsRefused() {
        #expect(throws: EndpointError.invalidSegment("..")) { try url(Endpoint(method: .get, path: ["api/../admin"])) }
    }

    @Test func trailingSlashOnTheBaseURLIsIgnored() throws {
        let request = try Endpoint<Empty>(method: .get, path: ["books"]).urlRequest(baseURL: URL(string: "https://api.example.com/v1/")!)
        #expect(request.url?.absoluteString == "https://api.example.com/v1/books")
    }

    @Test func baseURLWithoutPathTakesTheSegments() throws {
        let request = try Endpoint<Empty>(method: .get, path: ["books"]).urlRequest(baseURL: URL(string: "http://127.0.0.1:8080")!)
        #expect(request.url?.absoluteString == "http://127.0.0.1:8080/books")
    }

    @Test func relativeBaseURLIsRefused() {
        #expect(throws: EndpointError.invalidURL("books")) {
            try Endpoint<Empty>(method: .get, path: ["x"]).urlRequest(baseURL: URL(string: "books")!)
        }
    }

    @Test func queryIsSortedByName() throws {
        let endpoint = Endpoint<Empty>(method: .get, path: ["s"], query: [
            URLQueryItem(name: "z", value: "1"), URLQueryItem(name: "a", value: "2"), URLQueryItem(name: "m", value: "3"),
        ])
        #expect(try url(endpoint) == "https://api.example.com/v1/s?a=2&m=3&z=1")
    }

    @Test func repeatedQueryNamesKeepTheirOrder() throws {
        let endpoint = Endpoint<Empty>(method: .get, path: ["s"], query: [
            URLQueryItem(name: "tag", value: "b"), URLQueryItem(name: "a", value: "0"), URLQueryItem(name: "tag", value: "a"),
        ])
        #expect(try url(endpoint) == "https://api.example.com/v1/s?a=0&tag=b&tag=a")
    }

    @Test func queryIsStrictlyEncoded() throws {
        let endpoint = Endpoint<Empty>(method: .get, path: ["s"], query: [URLQueryItem(name: "q", value: "c++ & rust/=?")])
        #expect(try url(endpoint) == "https://api.example.com/v1/s?q=c%2B%2B%20%26%20rust%2F%3D%3F")
    }

    @Test func queryNameIsStrictlyEncoded() throws {
        let endpoint = Endpoint<Empty>(method: .get, path: ["s"], query: [URLQueryItem(name: "a b", value: "1")])
        #expect(try url(endpoint) == "https://api.example.com/v1/s?a%20b=1")
    }

    @Test func nilQueryValueIsOmitted() throws {
        let endpoint = Endpoint<Empty>(method: .get, path: ["s"], query: [
            URLQueryItem(name: "page", value: nil), URLQueryItem(name: "q", value: "x"),
        ])
        #expect(try url(endpoint) == "https://api.example.com/v1/s?q=x")
    }

    @Test func onlyNilQueryValuesGiveNoQuestionMark() throws {
        let endpoint = Endpoint<Empty>(method: .get, path: ["s"], query: [URLQueryItem(name: "page", value: nil)])
        #expect(try url(endpoint) == "https://api.example.com/v1/s")
    }

    @Test func emptyQueryValueIsKeptAsNameEquals() throws {
        let endpoint = Endpoint<Empty>(method: .get, path: ["s"], query: [URLQueryItem(name: "q", value: "")])
        #expect(try url(endpoint) == "https://api.example.com/v1/s?q=")
    }

    @Test func methodIsTheRawValue() throws {
        let request = try Endpoint<Empty>(method: HTTPMethod(rawValue: "PURGE"), path: ["s"]).urlRequest(baseURL: base)
        #expect(request.httpMethod == "PURGE")
    }

    @Test func bodyOnDeleteIsSent() throws {
        let request = try Endpoint<Empty>(method: .delete, path: ["s"], body: .json(["ids": [1, 2]])).urlRequest(baseURL: base)
        #expect(text(request.httpBody) == #"{"ids":[1,2]}"#)
        #expect(request.value(forHTTPHeaderField: "Content-Type") == "application/json")
    }

    @Test func bodyOnGetIsRefused() {
        #expect(throws: EndpointError.bodyNotAllowed("GET")) {
            try Endpoint<Empty>(method: .get, path: ["s"], body: .raw(Data("x".utf8), contentType: "text/plain")).urlRequest(baseURL: base)
        }
    }

    @Test func bodyOnHeadIsRefused() {
        #expect(throws: EndpointError.bodyNotAllowed("HEAD")) {
            try Endpoint<Empty>(method: .head, path: ["s"], body: .json(["a": 1])).urlRequest(baseURL: base)
        }
    }

    @Test func bodySetsBytesAndContentTypeTogether() throws {
        let request = try Endpoint<Empty>(method: .put, path: ["s"], body: .json(["a": 1])).urlRequest(baseURL: base)
        #expect(text(request.httpBody) == #"{"a":1}"#)
        #expect(request.value(forHTTPHeaderField: "Content-Type") == "application/json")
    }

    @Test func requestWithoutBodyHasNoContentType() throws {
        let request = try Endpoint<Empty>(method: .post, path: ["s"]).urlRequest(baseURL: base)
        #expect(request.httpBody == nil)
        #expect(request.value(forHTTPHeaderField: "Content-Type") == nil)
    }

    @Test func acceptIsJSONByDefault() throws {
        let request = try Endpoint<Empty>(method: .get, path: ["s"]).urlRequest(baseURL: base)
        #expect(request.value(forHTTPHeaderField: "Accept") == "application/json")
    }

    @Test func acceptIsWhatTheEndpointSays() throws {
        let request = try Endpoint<Data>(method: .get, path: ["cover"], accept: "image/*").urlRequest(baseURL: base)
        #expect(request.value(forHTTPHeaderField: "Accept") == "image/*")
    }

    @Test func nilAcceptSendsNoAcceptHeader() throws {
        let request = try Endpoint<Data>(method: .get, path: ["cover"], accept: nil).urlRequest(baseURL: base)
        #expect(request.value(forHTTPHeaderField: "Accept") == nil)
    }

    @Test func endpointHeadersOverrideAcceptAndContentType() throws {
        let endpoint = Endpoint<Empty>(
            method: .post, path: ["s"], headers: ["Accept": "text/csv", "Content-Type": "application/vnd.x+json"],
            body: .json(["a": 1])
        )
        let request = try endpoint.urlRequest(baseURL: base)
        #expect(request.value(forHTTPHeaderField: "Accept") == "text/csv")
        #expect(request.value(forHTTPHeaderField: "Content-Type") == "application/vnd.x+json")
    }

    @Test func endpointHeaderIsSent() throws {
        let request = try Endpoint<Empty>(method: .get, path: ["s"], headers: ["If-Match": #""v1""#]).urlRequest(baseURL: base)
        #expect(request.value(forHTTPHeaderField: "If-Match") == #""v1""#)
    }

    @Test func headerValueWithLineFeedIsRefused() {
        #expect(throws: EndpointError.invalidHeader("X-Note")) {
            try Endpoint<Empty>(method: .get, path: ["s"], headers: ["X-Note": "a\nInjected: 1"]).urlRequest(baseURL: base)
        }
    }

    @Test func headerValueWithCarriageReturnIsRefused() {
        #expect(throws: EndpointError.invalidHeader("X-Note")) {
            try Endpoint<Empty>(method: .get, path: ["s"], headers: ["X-Note": "a\rb"]).urlRequest(baseURL: base)
        }
    }

    @Test func headerNameWithLineBreakIsRefused() {
        #expect(throws: EndpointError.invalidHeader("X-A\r\nX-B")) {
            try Endpoint<Empty>(method: .get, path: ["s"], headers: ["X-A\r\nX-B": "1"]).urlRequest(baseURL: base)
        }
    }

    @Test func acceptWithLineBreakIsRefused() {
        #expect(throws: EndpointError.invalidHeader("Accept")) {
            try Endpoint<Data>(method: .get, path: ["s"], accept: "image/*\r\nX: 1").urlRequest(baseURL: base)
        }
    }

    @Test func rawContentTypeWithLineBreakIsRefused() {
        #expect(throws: EndpointError.invalidHeader("Content-Type")) {
            try Endpoint<Empty>(method: .post, path: ["s"], body: .raw(Data(), contentType: "text/plain\nX: 1")).urlRequest(baseURL: base)
        }
    }

    @Test func routeShowsValuesAsPlaceholders() {
        let endpoint = Endpoint<Empty>(method: .get, path: ["/api/books/", .value("b-7"), "cover"])
        #expect(endpoint.route == "GET /api/books/{value}/cover")
    }

    @Test func knownMethodTokenKeepsItsBodyRule() {
        #expect(HTTPMethod(rawValue: "GET") == .get)
        #expect(HTTPMethod(rawValue: "HEAD").allowsBody == false)
        #expect(HTTPMethod(rawValue: "DELETE") == .delete)
    }

    @Test func unknownMethodTokenAllowsABody() {
        #expect(HTTPMethod(rawValue: "PROPFIND") == HTTPMethod(rawValue: "PROPFIND", allowsBody: true))
    }

    @Test func postPutPatchAndDeleteOfTheStandardMethodsAllowABody() {
        let methods: [HTTPMethod] = [.get, .head, .post, .put, .patch, .delete, .options]
        #expect(methods.filter(\.allowsBody).map(\.rawValue) == ["POST", "PUT", "PATCH", "DELETE"])
    }
}
