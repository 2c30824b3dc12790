import RoutegenCore
import RoutegenOpenAPI
import RoutegenYAML
import Testing

@Suite("Which OpenAPI a document is")
struct OpenAPIVersionTests {
    private static func version(_ json: String) -> Result<OpenAPIVersion, OpenAPIVersionError> {
        let collector = DiagnosticCollector()
        let node = JSONDocumentReader(path: "api.json").read(Array(json.utf8), diagnostics: collector)!
        return OpenAPIVersion.of(node, path: "api.json")
    }

    @Test func readsThreeZeroAndThreeOne() throws {
        #expect(try Self.version(#"{"openapi": "3.0.3"}"#).get() == .v3_0("3.0.3"))
        #expect(try Self.version(#"{"openapi": "3.1.0"}"#).get() == .v3_1("3.1.0"))
    }

    @Test func refusesSwaggerAndSaysHowToConvert() {
        guard case .failure(let error) = Self.version("{\n  \"swagger\": \"2.0\"}") else { Issue.record("accepted"); return }
        #expect(error.diagnostic.message == "this is a Swagger 2.0 document; routegen imports OpenAPI 3.0 and 3.1")
        #expect(error.diagnostic.location?.description == "api.json:2:14")
        #expect(error.diagnostic.note?.contains("swagger2openapi api.json") == true)
    }

    @Test func refusesAnUnknownVersionOrNone() {
        guard case .failure(let unknown) = Self.version(#"{"openapi": "4.0.0"}"#),
              case .failure(let none) = Self.version(#"{"info": {}}"#) else { Issue.record("accepted"); return }
        #expect(unknown.diagnostic.message == "OpenAPI '4.0.0' is not a version routegen imports; it reads 3.0.x and 3.1.x")
        #expect(none.diagnostic.message == "not an OpenAPI description: the document has no 'openapi' field")
    }
}
