import RoutegenCore
import RoutegenOpenAPI

/// What the configuration, choice and overlay tests share: a small OpenAPI 3.1 description in
/// YAML, and the import of it with a configuration and overlays, its diagnostics collected.
enum ConfiguredImport {
    /// Five operations over three tags (`pets`, `store`, `users`; `createPet` has two) and five component schemas:
    /// `Pet`, `NewPet`, `Order` (which holds `Money`), `Money` and `User`.
    static let description = """
        openapi: 3.1.0
        info:
          title: Pet Shop
          version: "1"
        security: []
        tags:
          - name: pets
          - name: store
          - name: users
        paths:
          /pets:
            get:
              tags: [pets]
              operationId: listPets
              responses:
                "200":
                  description: ok
                  content:
                    application/json:
                      schema:
                        type: array
                        items: {$ref: "#/components/schemas/Pet"}
            post:
              tags: [pets, store]
              operationId: createPet
              requestBody:
                required: true
                content:
                  application/json:
                    schema: {$ref: "#/components/schemas/NewPet"}
              responses:
                "201":
                  description: created
                  content:
                    application/json:
                      schema: {$ref: "#/components/schemas/Pet"}
          /pets/{petId}:
            get:
              tags: [pets]
              operationId: getPet
              parameters:
                - {name: petId, in: path, required: true, schema: {type: integer}}
              responses:
                "200":
                  description: ok
                  content:
                    application/json:
                      schema: {$ref: "#/components/schemas/Pet"}
          /store/orders:
            post:
              tags: [store]
              operationId: placeOrder
              requestBody:
                required: true
                content:
                  application/json:
                    schema: {$ref: "#/components/schemas/Order"}
              responses:
                "200":
                  description: ok
                  content:
                    application/json:
                      schema: {$ref: "#/components/schemas/Order"}
          /users/{username}:
            get:
              tags: [users]
              operationId: getUser
              parameters:
                - {name: username, in: path, required: true, schema: {type: string}}
              responses:
                "200":
                  description: ok
                  content:
                    application/json:
                      schema: {$ref: "#/components/schemas/User"}
        components:
          schemas:
            Pet:
              type: object
              required: [id, name]
              properties:
                id: {type: integer}
                name: {type: string}
            NewPet:
              type: object
              required: [name]
              properties:
                name: {type: string}
            Order:
              type: object
              required: [id, total]
              properties:
                id: {type: integer}
                total: {$ref: "#/components/schemas/Money"}
            Money:
              type: object
              required: [amount, currency]
              properties:
                amount: {type: string}
                currency: {type: string}
            User:
              type: object
              required: [username]
              properties:
                username: {type: string}

        """

    /// The import's route text (nil on errors), summary line and every diagnostic, sorted.
    struct Result {
        var text: String?
        var summary: String?
        var diagnostics: [Diagnostic]
    }

    /// `description` imported with the configuration `routegen.json` holds (read first; its
    /// diagnostics come first) and `overlays`.
    static func imported(configuration json: String? = nil, overlays: [OverlayFile] = [], description: String = description) -> Result {
        let collector = DiagnosticCollector()
        var configuration = ImportConfiguration()
        if let json {
            guard let read = ImportConfiguration.read(Array(json.utf8), path: "routegen.json", diagnostics: collector) else {
                return Result(text: nil, summary: nil, diagnostics: collector.sorted)
            }
            configuration = read
        }
        let importer = OpenAPIImporter(path: "openapi.yaml", configuration: configuration, overlays: overlays)
        let result = importer.importDescription(Array(description.utf8), diagnostics: collector)
        return Result(text: result?.text, summary: result?.summary.line, diagnostics: collector.sorted)
    }

    /// The import with one overlay, `openapi.overlay.yaml`.
    static func imported(overlay: String, description: String = description) -> Result {
        imported(overlays: [OverlayFile(path: "openapi.overlay.yaml", bytes: Array(overlay.utf8))], description: description)
    }

    /// A location in the configuration, `routegen.json`.
    static func config(_ line: Int, _ column: Int) -> SourceLocation {
        SourceLocation(file: "routegen.json", line: line, column: column)
    }

    /// A location in the overlay, `openapi.overlay.yaml`.
    static func overlay(_ line: Int, _ column: Int) -> SourceLocation {
        SourceLocation(file: "openapi.overlay.yaml", line: line, column: column)
    }

    /// A location in the description, `openapi.yaml`.
    static func described(_ line: Int, _ column: Int) -> SourceLocation {
        SourceLocation(file: "openapi.yaml", line: line, column: column)
    }
}
