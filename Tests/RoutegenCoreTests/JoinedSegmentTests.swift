import RoutegenCore
import Testing

/// A path segment with parameters and literal text around them: `/Calls/{sid: String}.json`.
@Suite("Joined path segments")
struct JoinedSegmentTests {
    private let twilio = "  call GET /2010-04-01/Accounts/{AccountSid: String}/Calls/{Sid: String}.json -> R auth"

    @Test func suffixSegmentHoldsItsParameterAndText() throws {
        let route = try #require(onlyRoute(spec(twilio)))
        #expect(route.pathTemplate == "/2010-04-01/Accounts/{AccountSid}/Calls/{Sid}.json")
        #expect(route.pathShape == "/2010-04-01/Accounts/{}/Calls/{}.json")
        #expect(route.pathParameters.map(\.name) == ["AccountSid", "Sid"])
        guard case .joined(let pieces, let location) = route.path[4] else {
            Issue.record("expected a joined segment, got \(route.path[4])")
            return
        }
        #expect(location == at(4, 60))
        #expect(pieces.count == 2)
        #expect(pieces[0].parameters.map(\.location) == [at(4, 61)])
        #expect(pieces[1] == .literal(".json", location: at(4, 73)))
    }

    @Test func twoParametersWithTextBetweenAndAPrefix() throws {
        let route = try #require(onlyRoute(spec("  r GET /{name: String}.{format: String}/v{n: Int} -> R")))
        #expect(route.pathTemplate == "/{name}.{format}/v{n}")
        #expect(route.path[0].parameters.map(\.name) == ["name", "format"])
        #expect(route.path[0].pieces.count == 3)
        #expect(route.path[1].pieces.count == 2)
    }

    @Test func parameterTypesInsideAJoinedSegmentAreCheckedLikeWholeSegments() {
        let diagnostics = load(spec("  r GET /{name: String?}.json -> R")).diagnostics
        #expect(diagnostics == [.error("path parameter 'name' cannot be optional; a path segment is always sent", at: at(4, 17))])
    }

    @Test func nameClashAcrossAJoinedSegmentIsFound() {
        let diagnostics = load(spec("  r GET /{id: Int}/{id: Int}.json -> R")).diagnostics
        #expect(diagnostics.count == 1)
    }

    @Test func formatterPrintsTheSegmentBackCanonically() {
        let source = "api A\ngroup G auth\n  r GET /Calls/{sid:String}.json -> R\n  s GET /{name:String}.{format:String} -> R\n"
        let expected = "api A\ngroup G auth\n  r GET /Calls/{sid: String}.json        -> R\n  s GET /{name: String}.{format: String} -> R\n"
        let formatted = formattedTwice(source)
        #expect(formatted.once == expected)
        #expect(formatted.twice == expected)
    }
}
