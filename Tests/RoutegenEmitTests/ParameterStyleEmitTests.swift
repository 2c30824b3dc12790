import RoutegenCore
@testable import RoutegenEmit
import Testing

/// A route with every parameter style, path and header arrays and cookies: the endpoint builds
/// each value with the EndpointKit function of its style.
@Suite("Parameter styles in endpoints")
struct ParameterStyleEmitTests {
    @Test func eachStyleIsBuiltByItsEndpointKitFunction() {
        let source = """
            api Shop
            group Items public
              items GET /items/{ids: [Int]}/{tag: String label}/{codes: [String] matrix explode} ?fields: [String] comma ?sizes: [Int] space ?colors: [String] pipe ?filter: [String: String] spread ?point: [String: Int] comma header X-Trace-Ids: [String] cookie session: String cookie prefs: [String] -> Empty
            """
        #expect(SpecSnippets.endpoints(source) == """
            /// Routes of the Items group. Public unless marked.
            public nonisolated enum ItemsEndpoints {
            #sourceLocation(file: "Specs/Test.routes", line: 2)
                /// `GET /items/{ids}/{tag}/{codes}` · public
                public static func items(ids: [Int], tag: String, codes: [String], fields: [String] = [], sizes: [Int] = [], colors: [String] = [], filter: Dictionary<String, String>, point: Dictionary<String, Int>, xTraceIds: [String] = [], session: String, prefs: [String] = []) -> Endpoint<Empty> {
            #sourceLocation()
                    Endpoint(
                        method: .get,
                        path: ["items", .list(ids), .label(tag, explode: false), .matrix("codes", codes, explode: true)],
                        query: .items(["colors": JoinedValues(colors, separator: "|"), "fields": JoinedValues(fields, separator: ","), "point": JoinedValues(point, separator: ","), "sizes": JoinedValues(sizes, separator: " ")]) + .spread(filter),
                        headers: .headerFields(["X-Trace-Ids": xTraceIds]).merging(.cookieField(["session": session, "prefs": prefs])) { header, _ in header },
                        auth: nil
                    )
                }
            }

            """)
    }

    @Test func aRouteWithOnlyCookiesSendsTheCookieField() {
        let source = """
            api Shop
            group Items public
              items GET /items cookie session: String? -> Empty
            """
        #expect(SpecSnippets.endpoints(source) == """
            /// Routes of the Items group. Public unless marked.
            public nonisolated enum ItemsEndpoints {
            #sourceLocation(file: "Specs/Test.routes", line: 2)
                /// `GET /items` · public
                public static func items(session: String? = nil) -> Endpoint<Empty> {
            #sourceLocation()
                    Endpoint(
                        method: .get,
                        path: ["items"],
                        headers: .cookieField(["session": session]),
                        auth: nil
                    )
                }
            }

            """)
    }
}
