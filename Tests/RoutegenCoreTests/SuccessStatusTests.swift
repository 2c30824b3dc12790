import RoutegenCore
import Testing

/// `status 201` says which success a route answers with, when it is not 200 (204 for `-> Empty`).
@Suite("The success status of a route")
struct SuccessStatusTests {
    @Test func theDeclaredStatusOrTheUsualOne() throws {
        let model = try #require(load(spec("""
              make POST /things body Thing -> Thing status 201
              wipe DELETE /things/{id: String} -> Empty
              accept POST /jobs -> Empty status 202
              read GET /things -> Thing
            """)).model)
        #expect(model.routes.map(\.successStatus) == [201, 204, 202, 200])
        #expect(model.routes.map(\.declaredSuccessStatus) == [201, nil, 202, nil])
    }

    @Test func theFormatterPutsItRightAfterTheResponse() {
        let source = "api A\ngroup G public\n  make POST /things status 201 -> Thing deprecated\n"
        #expect(format(source: source, path: specPath, diagnostics: DiagnosticCollector()) == "api A\ngroup G public\n  make POST /things -> Thing status 201 deprecated\n")
    }

    @Test func aStatusOutsideTheSuccessesOrA204WithABodyIsAnError() {
        #expect(rendered(spec("  bad GET /bad -> Thing status 204\n  worse GET /worse -> Thing status 404\n  twice GET /twice -> Thing status 201 status 202")) == """
            api.routes:4:25: error: route 'bad' answers 'Thing', and a 204 carries no body; answer '-> Empty' or another 2xx status
              bad GET /bad -> Thing status 204
                                    ^
            api.routes:5:36: error: 'status' of route 'worse' must be a success status from 200 to 299, not '404'
              worse GET /worse -> Thing status 404
                                               ^
            api.routes:6:40: error: route 'twice' has two 'status' clauses; keep one
              twice GET /twice -> Thing status 201 status 202
                                                   ^

            """)
        #expect(rendered(spec("  r GET /r -> Thing status")) == """
            api.routes:4:27: error: 'status' needs the status a success answers with; write 'status 201'
              r GET /r -> Thing status
                                      ^

            """)
    }
}
