import RoutegenCore
import Testing

/// Bracketed query names (`?filter[status]: String?`) and `deep` dictionaries (`?metadata: [String: String] deep`).
@Suite("Bracketed names and deep dictionaries")
struct BracketedNameTests {
    @Test func bracketedQueryNameKeepsItsWireNameAndGetsACamelCaseLabel() throws {
        let route = try #require(onlyRoute(spec("  r GET /charges ?filter[status]: String? ?expand[]: [String] ?a[b][c]: Int? -> R")))
        #expect(route.queryParameters.map(\.name) == ["filter[status]", "expand[]", "a[b][c]"])
        #expect(route.queryParameters.map(\.location) == [at(4, 19), at(4, 44), at(4, 64)])
        #expect(route.queryParameters.map { SwiftNaming.argumentLabel(forWireName: $0.name) } == ["filterStatus", "expand", "aBC"])
    }

    @Test func namingSplitsAtBrackets() {
        #expect(SwiftNaming.lowerCamelCase("filter[status]") == "filterStatus")
        #expect(SwiftNaming.lowerCamelCase("metadata[order_id]") == "metadataOrderId")
        #expect(SwiftNaming.lowerCamelCase("expand[]") == "expand")
    }

    @Test func bracketThatDoesNotCloseIsAnErrorAtTheBracketWithAFix() {
        let diagnostics = load(spec("  r GET /charges ?filter[status: String -> R")).diagnostics
        #expect(diagnostics == [.error("bracket in query parameter name 'filter[status' is not closed; write 'filter[status]'", at: at(4, 25), fixIt: "filter[status]")])
    }

    @Test func bracketAfterASpaceIsNotPartOfTheName() {
        let diagnostics = load(spec("  r GET /charges ?filter [status]: String -> R")).diagnostics
        #expect(diagnostics.count == 1)
        #expect(diagnostics.first?.location == at(4, 19))
    }

    @Test func deepDictionaryIsAQueryParameterSentByKey() throws {
        let route = try #require(onlyRoute(spec("  r GET /charges ?metadata: [String: String] deep ?limit: Int = 10 -> R")))
        #expect(route.queryParameters.map(\.isDeepObject) == [true, false])
    }

    @Test func deepOnAScalarIsAnErrorAtTheWord() {
        #expect(load(spec("  r GET /r ?q: String deep -> R")).diagnostics == [
            .error("'deep' applies to a dictionary query parameter, and 'q' is 'String'; remove 'deep' or make the type '[String: String]'", at: at(4, 23)),
        ])
    }

    @Test func deepDictionaryNeedsStringKeysAndScalarValues() {
        #expect(load(spec("  r GET /r ?m: [String: [Int]] deep -> R")).diagnostics == [
            .error("'deep' query parameter 'm' must be '[String: Value]' with a scalar value such as 'String' or 'Int'; keys and values are sent as text", at: at(4, 16)),
        ])
    }

    @Test func formatterPrintsBracketsAndDeepBackCanonically() {
        let source = "api A\ngroup G auth\n  r GET /c ?filter[status]:String? ?metadata:[String:String]   deep -> R\n"
        let expected = "api A\ngroup G auth\n  r GET /c ?filter[status]: String? ?metadata: [String: String] deep -> R\n"
        let formatted = formattedTwice(source)
        #expect(formatted.once == expected)
        #expect(formatted.twice == expected)
    }

    @Test func modelFieldWithABracketedWireNameGetsACamelCaseSwiftName() throws {
        let (model, diagnostics) = load("api A\nmodel ChargeQuery\n  \"filter[status]\": String?\ngroup G public\n  r POST /c body form ChargeQuery -> Empty\n")
        #expect(diagnostics == [])
        let type = try #require(model?.types.first)
        #expect(type.fields.map(\.wireName) == ["filter[status]"])
        #expect(type.fields.map(\.swiftName) == ["filterStatus"])
    }
}
