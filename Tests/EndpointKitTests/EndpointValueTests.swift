import EndpointKit
import Foundation
import Testing
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Typed values as path, query and header text, the way generated code passes them.
@Suite struct EndpointValueTests {
    @Test func scalarsHaveOneSpelling() {
        #expect(42.endpointText == "42")
        #expect(Int64(-7).endpointText == "-7")
        #expect(true.endpointText == "true")
        #expect(2.5.endpointText == "2.5")
        #expect(20.0.endpointText == "20.0")
        #expect("x y".endpointText == "x y")
    }

    @Test func dateIsISO8601InUTC() {
        #expect(Date(timeIntervalSince1970: 1_772_357_400).endpointText == "2026-03-01T09:30:00Z")
    }

    @Test func uuidIsUpperCaseWithHyphens() {
        #expect(UUID(uuidString: "e621e1f8-c36c-495a-93fc-0c247a3e6e5f")!.endpointText == "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")
    }

    @Test func idIsItsRawValue() {
        #expect(ID<Book>("b-7").endpointText == "b-7")
    }

    @Test func typedPathValueBecomesAValueSegment() {
        #expect(PathSegment.value(ID<Book>("b/7")) == .value("b/7"))
        #expect(PathSegment.value(12) == .value("12"))
    }

    @Test func queryItemsOmitNilAndRepeatArrays() {
        let page: Int? = nil
        let size: Int? = 20
        let items: [URLQueryItem] = .items(["q": "dune", "page": page, "size": size, "tag": ["a", "b"], "on": true])
        #expect(items == [
            URLQueryItem(name: "q", value: "dune"), URLQueryItem(name: "size", value: "20"),
            URLQueryItem(name: "tag", value: "a"), URLQueryItem(name: "tag", value: "b"),
            URLQueryItem(name: "on", value: "true"),
        ])
    }

    @Test func generatedStyleEndpointBuildsTheExpectedURL() throws {
        let since: Date? = Date(timeIntervalSince1970: 0)
        let endpoint = Endpoint<[Book]>(
            method: .get, path: ["authors", .value(ID<Author>("a 1")), "books"],
            query: .items(["since": since, "limit": 20, "tags": ["sci-fi", "c++"]]),
            headers: .headerFields(["X-Trace": UUID(uuidString: "e621e1f8-c36c-495a-93fc-0c247a3e6e5f")!]),
            body: nil, auth: nil
        )
        let request = try endpoint.urlRequest(baseURL: URL(string: "https://api.example.com")!)
        #expect(request.url?.absoluteString
            == "https://api.example.com/authors/a%201/books?limit=20&since=1970-01-01T00%3A00%3A00Z&tags=sci-fi&tags=c%2B%2B")
        #expect(request.value(forHTTPHeaderField: "X-Trace") == "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")
    }

    @Test func headerFieldsOmitNilAndJoinArrays() {
        let ifMatch: String? = nil
        let fields: [String: String] = .headerFields(["If-Match": ifMatch, "X-Tags": ["a", "b"], "X-Page": 2])
        #expect(fields == ["X-Tags": "a,b", "X-Page": "2"])
    }
}
