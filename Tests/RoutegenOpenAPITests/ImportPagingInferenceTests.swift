import RoutegenCore
import RoutegenOpenAPI
import Testing

/// A list pages without any vendor extension when its response says how: a `next_<name>` text
/// field that the optional query parameter `<name>` takes back, or a `next` URL on a route with
/// `offset` or `page`. Two ways that both fit are a warning and no clause; the summary counts
/// the routes paged this way.
@Suite("routegen import: pagination read from the response's fields")
struct ImportPagingInferenceTests {
    static let description = #"""
        {
          "openapi": "3.0.3",
          "info": {"title": "Music", "version": "1"},
          "security": [],
          "paths": {
            "/albums": {"get": {"operationId": "albums",
              "parameters": [{"name": "limit", "in": "query", "schema": {"type": "integer"}}, {"name": "offset", "in": "query", "schema": {"type": "integer"}}],
              "responses": {"200": {"description": "ok", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/AlbumPage"}}}}}}},
            "/events": {"get": {"operationId": "events",
              "parameters": [{"name": "page_token", "in": "query", "schema": {"type": "string"}}],
              "responses": {"200": {"description": "ok", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/EventPage"}}}}}}},
            "/both": {"get": {"operationId": "both",
              "parameters": [{"name": "cursor", "in": "query", "schema": {"type": "string"}}, {"name": "page", "in": "query", "schema": {"type": "integer"}}],
              "responses": {"200": {"description": "ok", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/BothPage"}}}}}}},
            "/plain": {"get": {"operationId": "plain",
              "parameters": [{"name": "q", "in": "query", "schema": {"type": "string"}}],
              "responses": {"200": {"description": "ok", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/AlbumPage"}}}}}}}
          },
          "components": {"schemas": {
            "AlbumPage": {"type": "object", "required": ["items"], "properties": {
              "items": {"type": "array", "items": {"type": "string"}}, "next": {"type": "string", "format": "uri", "nullable": true}}},
            "EventPage": {"type": "object", "required": ["events"], "properties": {
              "events": {"type": "array", "items": {"type": "string"}}, "next_page_token": {"type": "string"}}},
            "BothPage": {"type": "object", "properties": {
              "data": {"type": "array", "items": {"type": "string"}}, "next": {"type": "string"}, "next_cursor": {"type": "string"}}}
          }}
        }
        """#

    @Test func aNextLinkOrACursorFieldPagesTheRoute() {
        let result = OpenAPIImporterTests.imported(Self.description, path: "music.json")
        #expect(result.text == #"""
        api Music

        group Albums public
          albums GET /albums ?limit: Int? ?offset: Int? -> AlbumPage paginate next -> link each items

        group Events public
          events GET /events ?page_token: String? -> EventPage paginate next_page_token -> ?page_token each events

        group Both public
          both GET /both ?cursor: String? ?page: Int? -> BothPage

        group Plain public
          plain GET /plain ?q: String? -> AlbumPage

        model AlbumPage
          items: [String]
          next:  String? format uri

        model EventPage
          events:          [String]
          next_page_token: String?

        model BothPage
          data:        [String]?
          next:        String?
          next_cursor: String?

        """#)
        #expect(result.diagnostics == [
            "music.json:12:15: warning: the list of 'BothPage' may page as 'paginate next_cursor -> ?cursor each data' or 'paginate next -> link each data'; none is chosen: add the one the API means to the route",
        ])
        #expect(result.summary?.hasSuffix("; 3 types declared; 2 paged by their response's fields") == true)
    }
}
