import RoutegenCore
import Testing

/// Parameter styles (`comma`, `space`, `pipe`, `deep`, `spread`, `label`, `matrix`,
/// `explode`), path and header arrays, and cookie parameters: read, checked and written back.
@Suite("Parameter styles and cookies")
struct ParameterStyleTests {
    static let spec = """
        api Shop

        group Items public
          items GET /items/{ids: [Int]}/{tag: String label}/{codes: [String] matrix explode} ?fields: [String] comma ?sizes: [Int] space ?colors: [String] pipe ?filter: [String: String] spread ?point: [String: Int] comma header X-Trace-Ids: [String] cookie session: String cookie prefs: [String] -> Empty

        """

    @Test func eachStyleIsReadIntoTheParameter() throws {
        let (model, diagnostics) = load(Self.spec)
        #expect(diagnostics == [])
        let route = try #require(model?.routes.first)
        #expect(route.parameters.map(\.name) == ["ids", "tag", "codes", "fields", "sizes", "colors", "filter", "point", "X-Trace-Ids", "session", "prefs"])
        #expect(route.parameters.map(\.style) == [nil, .label(explode: false), .matrix(explode: true), .comma, .space, .pipe, .spread, .comma, nil, nil, nil])
        #expect(route.parameters.map(\.kind) == [.path, .path, .path, .query, .query, .query, .query, .query, .header, .cookie, .cookie])
        #expect(route.cookieParameters.map(\.name) == ["session", "prefs"])
        #expect(route.parameters.map(\.isRequired) == [true, true, true, false, false, false, true, true, false, true, false])
    }

    @Test func theFormatterWritesEveryWordBack() {
        let formatted = format(source: Self.spec, path: specPath, diagnostics: DiagnosticCollector())
        #expect(formatted == Self.spec)
    }

    @Test func aStyleOnAValueItCannotSpellIsAnErrorAtTheWord() {
        #expect(messages("?q: String comma") == ["'comma' applies to an array or dictionary query parameter, and 'q' is 'String'; remove 'comma' or make the type '[String]'"])
        #expect(messages("?q: String pipe") == ["'pipe' applies to an array query parameter, and 'q' is 'String'; remove 'pipe' or make the type '[String]'"])
        #expect(messages("?q: [String] spread") == ["'spread' applies to a dictionary query parameter, and 'q' is '[String]'; remove 'spread' or make the type '[String: [String]]'"])
        #expect(messages("?m: [String: Int]") == ["query parameter 'm' cannot be a dictionary without a style; write 'deep' after the type to send 'm[key]=value', 'spread' for 'key=value', 'comma' for 'm=key,value', or use one parameter per key"])
        #expect(messages("header X-Tags: [String: String]") == ["header 'X-Tags' cannot be a dictionary; give it one value such as 'String' or an array such as '[String]'"])
        #expect(messages("cookie ids: [[Int]]") == ["cookie 'ids' is an array of '[Int]'; an array in a cookie holds scalar values such as 'String' or 'Int'"])
    }

    @Test func aPathArrayHoldsValuesAndAPathParameterTakesOnlyItsStyles() {
        #expect(rendered("api A\ngroup G public\n  r GET /items/{ids: [[Int]]} -> Empty\n") == """
            api.routes:3:22: error: path parameter 'ids' is an array of '[Int]'; an array in a path holds scalar values such as 'String' or 'Int'
              r GET /items/{ids: [[Int]]} -> Empty
                                 ^

            """)
        #expect(rendered("api A\ngroup G public\n  r GET /items/{id: Int simple} -> Empty\n") == """
            api.routes:3:25: error: unexpected 'simple' in path parameter 'id'; write '{id: Type}', with 'label' or 'matrix' (and 'explode') after the type for those styles
              r GET /items/{id: Int simple} -> Empty
                                    ^

            """)
    }

    @Test func aCookieNeedsANameAndAType() {
        #expect(rendered("api A\ngroup G public\n  r GET /items -> Empty cookie\n").hasPrefix("api.routes:3:31: error: 'cookie' needs a name and a type; write 'cookie name: Type'\n"))
    }

    /// The diagnostics' messages for one route with `clause`.
    private func messages(_ clause: String) -> [String] {
        load("api A\ngroup G public\n  r GET /items " + clause + " -> Empty\n").diagnostics.map(\.message)
    }
}
