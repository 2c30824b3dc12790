import RoutegenCore
import RoutegenOpenAPI
import Testing

/// How a foreign description says a list pages: AutoRest's `x-ms-pageable`, Speakeasy's
/// `x-speakeasy-pagination` and Fern's `x-fern-pagination` become `paginate` clauses, checked
/// against the route first; what a clause cannot say is a warning at the extension.
@Suite("routegen import: pagination from vendor extensions")
struct ImportPaginationTests {
    static let description = #"""
        {
          "openapi": "3.1.0",
          "info": {"title": "Paging", "version": "1"},
          "paths": {
            "/a": {"get": {"operationId": "azure", "x-ms-pageable": {"nextLinkName": "nextLink"},
              "responses": {"200": {"description": "ok", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/AzureList"}}}}}}},
            "/b": {"get": {"operationId": "azureOnePage", "x-ms-pageable": {"nextLinkName": null},
              "responses": {"200": {"description": "ok", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/AzureList"}}}}}}},
            "/c": {"get": {"operationId": "speakeasyCursor",
              "parameters": [{"name": "since", "in": "query", "schema": {"type": "string"}}],
              "x-speakeasy-pagination": {"type": "cursor", "inputs": [{"name": "since", "in": "parameters", "type": "cursor"}], "outputs": {"nextCursor": "$.next", "results": "$.data"}},
              "responses": {"200": {"description": "ok", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/CursorList"}}}}}}},
            "/d": {"get": {"operationId": "speakeasyOffset",
              "parameters": [{"name": "offset", "in": "query", "schema": {"type": "integer"}}, {"name": "limit", "in": "query", "schema": {"type": "integer"}}],
              "x-speakeasy-pagination": {"type": "offsetLimit", "inputs": [{"name": "offset", "in": "parameters", "type": "offset"}, {"name": "limit", "in": "parameters", "type": "limit"}], "outputs": {"results": "$.data"}},
              "responses": {"200": {"description": "ok", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/CursorList"}}}}}}},
            "/e": {"get": {"operationId": "speakeasyUrl",
              "x-speakeasy-pagination": {"type": "url", "outputs": {"nextUrl": "$.next"}},
              "responses": {"200": {"description": "ok", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/CursorList"}}}}}}},
            "/f": {"get": {"operationId": "fernCursor",
              "parameters": [{"name": "starting_after", "in": "query", "schema": {"type": "string"}}],
              "x-fern-pagination": {"cursor": "$request.starting_after", "next_cursor": "$response.next", "results": "$response.data"},
              "responses": {"200": {"description": "ok", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/CursorList"}}}}}}},
            "/g": {"get": {"operationId": "fernPage",
              "parameters": [{"name": "page", "in": "query", "schema": {"type": "integer", "default": 1}}],
              "x-fern-pagination": {"offset": "$request.page", "results": "$response.data"},
              "responses": {"200": {"description": "ok", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/CursorList"}}}}}}},
            "/h": {"get": {"operationId": "fernOffset",
              "parameters": [{"name": "offset", "in": "query", "schema": {"type": "integer"}}, {"name": "limit", "in": "query", "schema": {"type": "integer"}}],
              "x-fern-pagination": {"offset": "$request.offset", "step": "$request.limit", "results": "$response.data", "has-next-page": "$response.has_more"},
              "responses": {"200": {"description": "ok", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/CursorList"}}}}}}},
            "/i": {"get": {"operationId": "nestedCursor",
              "parameters": [{"name": "cursor", "in": "query", "schema": {"type": "string"}}],
              "x-fern-pagination": {"cursor": "$request.cursor", "next_cursor": "$response.meta.next", "results": "$response.data"},
              "responses": {"200": {"description": "ok", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/CursorList"}}}}}}},
            "/j": {"get": {"operationId": "requiredCursor",
              "parameters": [{"name": "cursor", "in": "query", "required": true, "schema": {"type": "string"}}],
              "x-speakeasy-pagination": {"type": "cursor", "inputs": [{"name": "cursor", "type": "cursor"}], "outputs": {"nextCursor": "$.next"}},
              "responses": {"200": {"description": "ok", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/CursorList"}}}}}}},
            "/k": {"get": {"operationId": "missingField", "x-ms-pageable": {"nextLinkName": "@odata.nextLink"},
              "responses": {"200": {"description": "ok", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/CursorList"}}}}}}}
          },
          "components": {"schemas": {
            "AzureList": {"type": "object", "required": ["value"], "properties": {"value": {"type": "array", "items": {"type": "string"}}, "nextLink": {"type": "string"}}},
            "CursorList": {"type": "object", "required": ["data"], "properties": {"data": {"type": "array", "items": {"type": "integer"}}, "next": {"type": "string"}, "has_more": {"type": "boolean"}}}
          }}
        }
        """#

    @Test func everyVendorFormBecomesItsClause() {
        let result = OpenAPIImporterTests.imported(Self.description, path: "paging.json")
        #expect(result.text == #"""
        api Paging

        group A public
          azure GET /a -> AzureList paginate nextLink -> link each value

        group B public
          azureOnePage GET /b -> AzureList

        group C public
          speakeasyCursor GET /c ?since: String? -> CursorList paginate next -> ?since each data

        group D public
          speakeasyOffset GET /d ?offset: Int? ?limit: Int? -> CursorList paginate offset ?offset each data

        group E public
          speakeasyUrl GET /e -> CursorList paginate next -> link

        group F public
          fernCursor GET /f ?starting_after: String? -> CursorList paginate next -> ?starting_after each data

        group G public
          fernPage GET /g ?page: Int = 1 -> CursorList paginate page ?page each data

        group H public
          fernOffset GET /h ?offset: Int? ?limit: Int? -> CursorList paginate offset ?offset while has_more each data

        group I public
          nestedCursor GET /i ?cursor: String? -> CursorList

        group J public
          requiredCursor GET /j ?cursor: String -> CursorList

        group K public
          missingField GET /k -> CursorList

        model AzureList
          value:    [String]
          nextLink: String?

        model CursorList
          data:     [Int]
          next:     String?
          has_more: Bool?

        """#)
        #expect(result.diagnostics == [
            "paging.json:2:14: warning: the description declares no security; every route is imported as 'public'",
            #"paging.json:34:73: warning: 'x-fern-pagination' reads '$response.meta.next', a field below the top of the response; 'paginate' reads the response's own fields; the route is imported without 'paginate'"#,
            #"paging.json:38:33: warning: 'x-speakeasy-pagination' says the list pages as 'paginate next -> ?cursor', but the query parameter 'cursor' is required, and the first page is asked without it; the route is imported without 'paginate'"#,
            #"paging.json:40:85: warning: 'x-ms-pageable' names the next link's field '@odata.nextLink', which is not one field name; the route is imported without 'paginate'"#,
        ])
    }
}
