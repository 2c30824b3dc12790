import RoutegenCore
import RoutegenOpenAPI
import Testing

/// What a route file has no place for is never dropped silently: response headers and links,
/// callbacks, and a query written into a path, each a warning at its place; a path's query is a
/// variant merged into the route of its method and path, or a route that sends it.
@Suite("routegen import: what is left out, and paths that hold a query")
struct ImportLeftOutTests {
    static let description = #"""
        {
          "openapi": "3.1.0",
          "info": {"title": "Left Out", "version": "1"},
          "security": [],
          "paths": {
            "/items": {
              "get": {"operationId": "items",
                "responses": {"200": {"description": "ok",
                  "headers": {"X-Next": {"schema": {"type": "string"}}, "X-Total": {"schema": {"type": "integer"}}},
                  "links": {"item": {"operationId": "item"}},
                  "content": {"application/json": {"schema": {"type": "array", "items": {"type": "string"}}}}}}},
              "post": {"operationId": "subscribe",
                "callbacks": {"onEvent": {"{$request.body#/url}": {"post": {"responses": {"200": {"description": "ok"}}}}}},
                "requestBody": {"content": {"application/json": {"schema": {"type": "object", "properties": {"url": {"type": "string"}}}}}},
                "responses": {"204": {"description": "subscribed"}}}
            },
            "/items?beta=true": {
              "get": {"operationId": "betaItems", "summary": "Lists the items, beta.",
                "responses": {"200": {"description": "ok", "content": {"application/json": {"schema": {"type": "array", "items": {"type": "string"}}}}}}}
            },
            "/search?mode=fast&v=2": {
              "get": {"operationId": "fastSearch",
                "responses": {"200": {"description": "ok", "content": {"application/json": {"schema": {"type": "array", "items": {"type": "string"}}}}}}}
            },
            "/bad?q=a b": {
              "get": {"operationId": "bad", "responses": {"204": {"description": "ok"}}}
            }
          }
        }
        """#

    @Test func leftOutPiecesAreWarnedAboutAndQueriesInPathsAreRoutes() {
        let result = OpenAPIImporterTests.imported(Self.description, path: "leftout.json")
        #expect(result.text == #"""
        api LeftOut

        group Items public
          /// Lists the items, beta.
          items     GET  /items ?beta: String?        -> [String]
          subscribe POST /items body SubscribeRequest -> Empty

        group Search public
          fastSearch GET /search ?mode: String = "fast" ?v: String = "2" -> [String]

        model SubscribeRequest
          url: String?

        """#)
        #expect(result.diagnostics == [
            #"leftout.json:9:23: warning: response 200's headers 'X-Next', 'X-Total' are not something a route reads; left out"#,
            #"leftout.json:10:21: warning: response 200's links 'item' are not something a route file says; left out"#,
            #"leftout.json:13:23: warning: the operation's callbacks 'onEvent' are requests the API sends, not routes; not imported"#,
            #"leftout.json:18:7: warning: operation 'betaItems' is a variant '?beta=true' of route 'items' (GET /items); merged into it: its parameters 'beta' join as optional ones"#,
            #"leftout.json:26:7: warning: path '/bad?q=a b' holds the query 'q=a b', whose item 'q=a b' is not a name and plain value a route can send; not imported"#,
        ])
        #expect(result.summary == #"imported 4 of 5 operations (1 not imported, 1 of them merged into the route of their method and path) and 0 of 0 component schemas (0 not used by any imported operation); 1 type declared"#)
    }
}
