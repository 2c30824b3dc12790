import RoutegenCore
import RoutegenOpenAPI
import Testing

/// A success that is not 200 (or 204 without content) comes in as `status`, and an export
/// writes the route's success under its status.
@Suite("routegen import: the success status")
struct ImportSuccessStatusTests {
    static let description = #"""
        {
          "openapi": "3.0.3",
          "info": {"title": "Jobs", "version": "1"},
          "security": [],
          "paths": {
            "/jobs": {
              "post": {"operationId": "startJob",
                "responses": {"201": {"description": "made", "content": {"application/json": {"schema": {"type": "string"}}}}}},
              "delete": {"operationId": "clearJobs", "responses": {"202": {"description": "later"}}},
              "get": {"operationId": "jobs", "responses": {"200": {"description": "ok", "content": {"application/json": {"schema": {"type": "string"}}}}}},
              "put": {"operationId": "replaceJobs", "responses": {"204": {"description": "done"}}}
            }
          }
        }
        """#

    @Test func aStatusOtherThanTheUsualOneIsKept() throws {
        let text = try #require(OpenAPIImporterTests.imported(Self.description, path: "jobs.json").text)
        #expect(text == """
            api Jobs

            group Jobs public
              startJob    POST   /jobs -> String status 201
              clearJobs   DELETE /jobs -> Empty status 202
              jobs        GET    /jobs -> String
              replaceJobs PUT    /jobs -> Empty

            """)
        let trip = try OpenAPIRoundTripTests.roundTrip(text, path: "jobs.routes", format: .json, carriesSource: false)
        let paths = try #require(trip.exported["paths"]?["/jobs"])
        #expect(paths["post"]?["responses"]?.entries?.compactMap(\.key.string) == ["201"])
        #expect(paths["delete"]?["responses"]?.entries?.compactMap(\.key.string) == ["202"])
        #expect(paths["put"]?["responses"]?.entries?.compactMap(\.key.string) == ["204"])
        let imported = try #require(trip.imported)
        // The export lists a path's operations by method, so the routes come back in that order.
        #expect(imported.split(separator: "\n").sorted() == trip.formatted.split(separator: "\n").sorted(), "\(imported)")
    }
}
