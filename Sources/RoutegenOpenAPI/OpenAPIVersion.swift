import RoutegenCore
import RoutegenYAML

/// Which OpenAPI a document is, from its `openapi` (or Swagger's `swagger`) field: what the
/// importer reads (3.0 and 3.1) and what it refuses with a way out (Swagger 2.0).
public enum OpenAPIVersion: Hashable, Sendable {
    /// OpenAPI 3.0.x: `nullable: true`, `exclusiveMinimum` as a flag.
    case v3_0(String)
    /// OpenAPI 3.1.x: JSON Schema 2020-12, `type: [T, "null"]`.
    case v3_1(String)

    /// The version of `document`, or the error that refuses it: Swagger 2.0 (with how to
    /// convert it), a version this reader does not know, or no version at all.
    public static func of(_ document: DocumentNode, path: String) -> Result<OpenAPIVersion, OpenAPIVersionError> {
        let location = document.position.location(in: path)
        if let swagger = document["swagger"] {
            return .failure(OpenAPIVersionError(
                diagnostic: .error(
                    "this is a Swagger \(swagger.string ?? swagger.number ?? "2.0") document; routegen imports OpenAPI 3.0 and 3.1",
                    at: swagger.position.location(in: path) ?? location,
                    note: "convert it first, for example with `npx swagger2openapi \(path) -o openapi.yaml` or at https://converter.swagger.io"
                )
            ))
        }
        guard let field = document["openapi"] else {
            return .failure(OpenAPIVersionError(diagnostic: .error(
                "not an OpenAPI description: the document has no 'openapi' field",
                at: location,
                note: document.entries == nil ? "the document is \(document.kindDescription), not a mapping" : nil
            )))
        }
        let text = field.string ?? field.number ?? ""
        if text.hasPrefix("3.0") { return .success(.v3_0(text)) }
        if text.hasPrefix("3.1") { return .success(.v3_1(text)) }
        return .failure(OpenAPIVersionError(diagnostic: .error(
            "OpenAPI \(text.isEmpty ? field.kindDescription : "'" + text + "'") is not a version routegen imports; it reads 3.0.x and 3.1.x",
            at: field.position.location(in: path) ?? location
        )))
    }
}

/// Why a document's version is refused.
public struct OpenAPIVersionError: Error, Hashable, Sendable {
    /// The error to report.
    public var diagnostic: Diagnostic
}
