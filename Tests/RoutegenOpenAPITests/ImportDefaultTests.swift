import RoutegenCore
import RoutegenOpenAPI
import Testing

/// A `default` the schema itself refuses (of another type, outside the bounds, not among the
/// enum's values) is left out with a warning at it, as a broken example is: a route must not
/// send for its caller a value the server refuses, and an export must stay valid.
@Suite("routegen import: defaults that break their own schema")
struct ImportDefaultTests {
    @Test func aBrokenDefaultIsLeftOutWithAWarningAtIt() throws {
        let description = #"""
            {"openapi": "3.1.0", "info": {"title": "D", "version": "1"}, "security": [],
             "paths": {"/x": {"get": {"operationId": "x",
               "parameters": [{"name": "ttl", "in": "query", "schema": {"type": "string", "default": 3600}},
                              {"name": "n", "in": "query", "schema": {"type": "integer", "minimum": 1, "default": 0}},
                              {"name": "limit", "in": "query", "schema": {"type": "integer", "minimum": 1, "default": 20}}],
               "responses": {"200": {"description": "ok", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/M"}}}}}}}},
             "components": {"schemas": {"M": {"type": "object", "properties": {
               "c": {"type": "string", "enum": ["x", "y"], "default": "z"},
               "d": {"type": "string", "maxLength": 2, "default": "long"},
               "e": {"type": "string", "maxLength": 2, "default": "ok"}}}}}}
            """#
        let result = OpenAPIImporterTests.imported(description, path: "d.json")
        #expect(result.diagnostics == [
            "d.json:3:90: warning: the default of query parameter 'ttl' is no value of its type 'String'; not kept, so it is optional (nil when left out)",
            "d.json:4:103: warning: the default of query parameter 'n' breaks its own schema (it is below the minimum of 1); not kept, so it is optional (nil when left out)",
            "d.json:8:59: warning: the default of field 'c' of 'M' is none of the values of 'MC'; not kept, so it is optional (nil when left out)",
            "d.json:9:55: warning: the default of field 'd' of 'M' breaks its own schema (it is longer than 2 characters); not kept, so it is optional (nil when left out)",
        ])
        let text = try #require(result.text)
        #expect(text.contains("x GET /x ?ttl: String? ?n: Int? minimum 1 ?limit: Int = 20 minimum 1 -> M"))
        #expect(text.hasSuffix("""
            model M
              c: MC?
              d: String?        max-length 2
              e: String  = "ok" max-length 2
            """ + "\n"))
    }
}
