import RoutegenYAML
import Testing

/// Which reader a document goes to.
@Suite("Choosing JSON or YAML")
struct DocumentFormatTests {
    @Test func theFormatComesFromTheExtensionThenTheFirstByte() {
        #expect(DocumentFormat(pathExtensionOf: "a/b.JSON") == .json)
        #expect(DocumentFormat(pathExtensionOf: "openapi.yml") == .yaml)
        #expect(DocumentFormat(pathExtensionOf: "openapi") == nil)
        #expect(DocumentFormat.of(path: "spec", bytes: Array("  \n{\"a\":1}".utf8)) == .json)
        #expect(DocumentFormat.of(path: "spec", bytes: Array("openapi: 3.1.0".utf8)) == .yaml)
    }
}
