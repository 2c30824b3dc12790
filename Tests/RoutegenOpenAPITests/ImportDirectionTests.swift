import RoutegenCore
import RoutegenOpenAPI
import Testing

/// `readOnly` and `writeOnly`: a schema that requests send and responses answer alike is two
/// declarations, `X` without its `writeOnly` fields and `XInput` without its `readOnly` ones,
/// down to the schemas it holds; a schema used one way is one declaration, as written.
@Suite("routegen import: readOnly and writeOnly")
struct ImportDirectionTests {
    static let description = #"""
        {
          "openapi": "3.0.3",
          "info": {"title": "Tickets", "version": "1"},
          "security": [],
          "paths": {
            "/tickets": {
              "post": {"operationId": "openTicket",
                "requestBody": {"required": true, "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Ticket"}}}},
                "responses": {"201": {"description": "opened", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Ticket"}}}}}}
            },
            "/tickets/{id}/notes": {
              "parameters": [{"name": "id", "in": "path", "required": true, "schema": {"type": "string"}}],
              "post": {"operationId": "addNote",
                "requestBody": {"required": true, "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Note"}}}},
                "responses": {"204": {"description": "added"}}}
            }
          },
          "components": {"schemas": {
            "Ticket": {"type": "object", "required": ["id", "title"], "properties": {
              "id": {"type": "string", "readOnly": true},
              "title": {"type": "string"},
              "secret": {"type": "string", "writeOnly": true},
              "owner": {"$ref": "#/components/schemas/Person"},
              "tags": {"type": "array", "items": {"type": "string"}}
            }},
            "Person": {"type": "object", "required": ["name"], "properties": {
              "id": {"type": "integer", "readOnly": true},
              "name": {"type": "string"}
            }},
            "Note": {"type": "object", "required": ["id", "text"], "properties": {
              "id": {"type": "string", "readOnly": true},
              "text": {"type": "string"}
            }}
          }}
        }
        """#

    @Test func aSchemaUsedBothWaysIsOneDeclarationPerDirection() {
        let result = OpenAPIImporterTests.imported(Self.description, path: "tickets.json")
        #expect(result.text == #"""
        api Tickets

        group Tickets public
          openTicket POST /tickets body TicketInput             -> Ticket status 201
          addNote    POST /tickets/{id: String}/notes body Note -> Empty

        model TicketInput
          title:  String
          secret: String?
          owner:  PersonInput?
          tags:   [String]?

        model Ticket
          id:    String
          title: String
          owner: Person?
          tags:  [String]?

        model PersonInput
          name: String

        model Person
          id:   Int?
          name: String

        model Note
          id:   String
          text: String

        """#)
        #expect(result.diagnostics == [
            "tickets.json:31:7: warning: 'id' is 'readOnly' and required in a schema that only requests send; kept as a required field, so a request carries it",
        ])
        #expect(result.summary == "imported 2 of 2 operations (0 not imported) and 3 of 3 component schemas (0 not used by any imported operation); 5 types declared")
    }
}
