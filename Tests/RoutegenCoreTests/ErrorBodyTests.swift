import RoutegenCore
import Testing

/// `errors Type` on the API (its own line after `api`), a group line or a route: the nearest wins.
@Suite("Error bodies")
struct ErrorBodyTests {
    private let source = """
        api Pizzeria
        import PizzeriaModels
        errors ProblemDetails
        group Orders auth errors OrderError
          order   GET  /orders/{id: Int}          -> Order
          place   POST /orders  body NewOrder     -> Order  errors ValidationError
        group Catalog public
          menu    GET  /menu                      -> Menu
        """

    @Test func theNearestDeclarationWins() throws {
        let (model, diagnostics) = load(source)
        #expect(diagnostics == [])
        let routes = try #require(model?.routes)
        #expect(routes.map(\.errorBody) == [.named("OrderError"), .named("ValidationError"), .named("ProblemDetails")])
        #expect(model?.groups.map(\.errorBody) == [.named("OrderError"), nil])
    }

    @Test func noDeclarationMeansNoErrorBody() throws {
        let route = try #require(onlyRoute(spec("  r GET /r -> R")))
        #expect(route.errorBody == nil)
    }

    @Test func formatterPutsErrorsAfterTheResponseAndKeepsTheOtherForms() {
        let input = "api A\nerrors  ProblemDetails\ngroup G auth   errors  GError\n  r GET /r errors NotFound -> R deprecated\n  long POST /long body B -> B\n"
        let expected = "api A\nerrors ProblemDetails\ngroup G auth errors GError\n  r    GET  /r           -> R errors NotFound deprecated\n  long POST /long body B -> B\n"
        let formatted = formattedTwice(input)
        #expect(formatted.once == expected)
        #expect(formatted.twice == expected)
    }

    @Test func groupLineTakesASchemeThenErrors() throws {
        let source = "api Maps\nauth key = query key\ngroup Places auth key   errors  Problem\n  place GET /places/{id: String} -> Empty errors NotFound auth key\n  list GET /places -> Empty\n"
        let (model, diagnostics) = load(source)
        #expect(diagnostics == [])
        #expect(model?.routes.map(\.errorBody) == [.named("NotFound"), .named("Problem")])
        let formatted = formattedTwice(source)
        #expect(formatted.once == "api Maps\nauth key = query key\ngroup Places auth key errors Problem\n  place GET /places/{id: String} -> Empty errors NotFound auth key\n  list  GET /places              -> Empty\n")
        #expect(formatted.twice == formatted.once)
    }

    @Test func errorsOnAContinuationLine() throws {
        let route = try #require(onlyRoute(spec("  r GET /r -> R\n    errors NotFound")))
        #expect(route.errorBody == .named("NotFound"))
    }

    @Test func errorsWithoutATypeIsAnErrorAtTheEndOfTheLine() {
        #expect(load(spec("  r GET /r -> R errors")).diagnostics == [
            .error("'errors' needs the type of the error body; write 'errors ProblemDetails'", at: at(4, 23)),
        ])
        #expect(load("api A\nerrors\ngroup G auth\n  r GET /r -> R\n").diagnostics == [
            .error("'errors' needs the type of the error body; write 'errors ProblemDetails'", at: at(2, 7)),
        ])
    }

    @Test func twoErrorsClausesOnARoute() {
        #expect(load(spec("  r GET /r -> R errors A errors B")).diagnostics == [
            .error("route 'r' has two 'errors' clauses; keep one", at: at(4, 26)),
        ])
    }

    @Test func optionalOrNonJSONErrorBodyIsAnErrorAtTheType() {
        #expect(load(spec("  r GET /r -> R errors Problem?")).diagnostics == [
            .error("error body type 'Problem?' cannot be optional; a failed response that has no such body still throws, with a nil typed body", at: at(4, 24)),
        ])
        #expect(load(spec("  r GET /r -> R", group: "group Books public errors Data")).diagnostics == [
            .error("error body type 'Data' is not a JSON body; name the type the server's error JSON decodes as, such as 'ProblemDetails'", at: at(3, 27)),
        ])
    }

    @Test func apiErrorsAfterAGroupOrTwiceIsAnError() {
        #expect(load("api A\ngroup G auth\n  r GET /r -> R\nerrors P\n").diagnostics == [
            .error("the API's 'errors' line must come before the first group; move it up, under the 'api' line, or write it on the group line: 'group G auth errors P'", at: at(4, 1)),
        ])
        #expect(load("api A\nerrors P\nerrors Q\ngroup G auth\n  r GET /r -> R\n").diagnostics == [
            .error("the API's 'errors' is declared twice; keep one", at: at(3, 1), note: "first declared at line 2"),
        ])
    }
}
