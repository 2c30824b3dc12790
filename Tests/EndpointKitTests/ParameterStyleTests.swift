import EndpointKit
import Foundation
import Testing
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// OpenAPI's parameter styles as EndpointKit sends them: delimited query arrays, spread and
/// comma dictionaries, path arrays in `simple`, `label` and `matrix` style, header arrays and
/// cookies, each value strictly encoded.
@Suite struct ParameterStyleTests {
    /// `items GET /items/{ids: [Int]}/{tag: String label}/{codes: [String] matrix explode}
    /// ?fields: [String] comma ?sizes: [Int] space ?colors: [String] pipe ?filter: [String: String] spread
    /// ?point: [String: Int] comma header X-Trace-Ids: [String] cookie session: String cookie prefs: [String]`,
    /// as routegen emits it.
    private func items(
        ids: [Int], tag: String, codes: [String], fields: [String] = [], sizes: [Int] = [], colors: [String] = [],
        filter: [String: String], point: [String: Int], xTraceIds: [String] = [], session: String, prefs: [String] = []
    ) -> Endpoint<Empty> {
        Endpoint(
            method: .get,
            path: ["items", .list(ids), .label(tag, explode: false), .matrix("codes", codes, explode: true)],
            query: .items([
                "colors": JoinedValues(colors, separator: "|"), "fields": JoinedValues(fields, separator: ","),
                "point": JoinedValues(point, separator: ","), "sizes": JoinedValues(sizes, separator: " "),
            ]) + .spread(filter),
            headers: .headerFields(["X-Trace-Ids": xTraceIds]).merging(.cookieField(["session": session, "prefs": prefs])) { header, _ in header },
            auth: nil
        )
    }

    private func request<Response>(_ endpoint: Endpoint<Response>) throws -> URLRequest {
        try endpoint.urlRequest(baseURL: URL(string: "https://shop.test/v1")!)
    }

    @Test func everyStyleSpellsItsValues() throws {
        let sent = try request(items(
            ids: [1, 2], tag: "a b", codes: ["x", "y,z"], fields: ["id", "name"], sizes: [3, 4], colors: ["red", "blue"],
            filter: ["b": "2", "a": "1"], point: ["y": 2, "x": 1], xTraceIds: ["t1", "t2"], session: "s 1", prefs: ["dark", "wide"]
        ))
        #expect(sent.url?.absoluteString == "https://shop.test/v1/items/1,2/.a%20b/;codes=x;codes=y%2Cz"
            + "?a=1&b=2&colors=red%7Cblue&fields=id%2Cname&point=x%2C1%2Cy%2C2&sizes=3%204")
        #expect(sent.value(forHTTPHeaderField: "X-Trace-Ids") == "t1,t2")
        #expect(sent.value(forHTTPHeaderField: "Cookie") == "session=s%201; prefs=dark,wide")
    }

    @Test func emptyArraysAndDictionariesSendNothing() throws {
        let sent = try request(items(ids: [7], tag: "t", codes: ["c"], filter: [:], point: [:], session: "s"))
        #expect(sent.url?.absoluteString == "https://shop.test/v1/items/7/.t/;codes=c")
        #expect(sent.value(forHTTPHeaderField: "X-Trace-Ids") == nil)
        #expect(sent.value(forHTTPHeaderField: "Cookie") == "session=s")
    }

    @Test func anEmptyPathArrayIsAnEmptySegmentAndRefused() {
        #expect(throws: EndpointError.invalidSegment("")) {
            try request(items(ids: [], tag: "t", codes: ["c"], filter: [:], point: [:], session: "s"))
        }
    }

    @Test func labelAndMatrixWithoutExplodeJoinByComma() throws {
        let endpoint = Endpoint<Empty>(method: .get, path: [.label([1, 2], explode: false), .matrix("ids", [1, 2], explode: false), .label([3], explode: true)], auth: nil)
        #expect(try request(endpoint).url?.absoluteString == "https://shop.test/v1/.1,2/;ids=1,2/.3")
        #expect(endpoint.route == "GET /{value}/{value}/{value}")
    }

    @Test func noCookieLeftIsNoHeader() {
        let prefs: [String] = []
        let session: String? = nil
        #expect([String: String].cookieField(["session": session, "prefs": prefs]) == [:])
    }
}
