import Foundation
import RoutegenCore
import RoutegenOpenAPI
import RoutegenYAML
import SyntheticRoutes
import Testing

/// The round trip's promise: `import(export(f))` is `format(f)` byte for byte, for every file of
/// Specs/ and the random route files, through JSON and YAML (the export carries the route text,
/// taken while the document is unchanged); and without the carried text, what the model holds
/// survives through the `x-routegen-*` extensions: exporting the import gives the same document.
@Suite("Round trips: route file → OpenAPI → route file")
struct OpenAPIRoundTripTests {
    private static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static func spec(_ name: String) throws -> String {
        try String(contentsOf: packageRoot.appendingPathComponent("Specs/" + name + ".routes"), encoding: .utf8)
    }

    /// The first line where two texts differ, both sides, for a failure that says where.
    static func firstDifference(_ expected: String, _ actual: String) -> String? {
        guard expected != actual else { return nil }
        let left = expected.split(separator: "\n", omittingEmptySubsequences: false)
        let right = actual.split(separator: "\n", omittingEmptySubsequences: false)
        for index in 0..<max(left.count, right.count) {
            let a = index < left.count ? String(left[index]) : "<end>"
            let b = index < right.count ? String(right[index]) : "<end>"
            if a != b { return "line \(index + 1): expected \(a.debugDescription), imported \(b.debugDescription)" }
        }
        return "same lines, different bytes"
    }

    /// The formatted file, and the import of its export written as `format` and read back.
    static func roundTrip(_ source: String, path: String, format: DocumentFormat, carriesSource: Bool) throws -> (formatted: String, exported: DocumentNode, imported: String?) {
        let collector = DiagnosticCollector()
        let canonical = RoutegenCore.format(source: source, path: path, diagnostics: collector)
        let formatted = try #require(canonical)
        let model = try #require(loadAPI(source: source, path: path, diagnostics: collector), "\(collector.diagnostics)")
        let document = OpenAPIExporter().document(for: model, source: carriesSource ? formatted : nil)
        let bytes = format == .json ? JSONDocumentWriter().bytes(of: document) : YAMLDocumentWriter().bytes(of: document)
        let exportPath = "export." + format.rawValue
        let read = try #require(DocumentReader(path: exportPath).read(bytes, format: format, diagnostics: collector), "\(collector.diagnostics)")
        let imported = OpenAPIImporter(path: exportPath).importDocument(read, diagnostics: DiagnosticCollector())?.text
        return (formatted, document, imported)
    }

    static let specs = ["Library", "Paging", "Pizzeria"]

    @Test(arguments: specs, [DocumentFormat.json, .yaml])
    func aSpecComesBackByteForByte(name: String, format: DocumentFormat) throws {
        let trip = try Self.roundTrip(try Self.spec(name), path: "Specs/\(name).routes", format: format, carriesSource: true)
        let imported = try #require(trip.imported)
        #expect(Self.firstDifference(trip.formatted, imported) == nil)
    }

    @Test(arguments: specs)
    func withoutTheTextASpecsModelSurvives(name: String) throws {
        let source = try Self.spec(name)
        try Self.expectModelSurvives(source, path: "Specs/\(name).routes")
    }

    /// The compile check's files (seed 1), the first twenty: the script checks all 300.
    static let randomFiles = (0..<20).map { RandomRouteFile.make(index: $0, seed: 1) }

    @Test func randomFilesComeBackByteForByte() throws {
        var failures: [String] = []
        for file in Self.randomFiles {
            let trip = try Self.roundTrip(file.text, path: file.apiName + ".routes", format: .json, carriesSource: true)
            if let difference = Self.firstDifference(trip.formatted, trip.imported ?? "<no import>") { failures.append(file.apiName + ": " + difference) }
        }
        #expect(failures == [])
    }

    @Test func withoutTheTextARandomFilesModelSurvives() throws {
        for file in Self.randomFiles {
            try Self.expectModelSurvives(file.text, path: file.apiName + ".routes")
        }
    }


    /// Export without the text, import, export again: the two documents are the same bytes.
    static func expectModelSurvives(_ source: String, path: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) throws {
        let first = try roundTrip(source, path: path, format: .json, carriesSource: false)
        let imported = try #require(first.imported, sourceLocation: sourceLocation)
        let again = try roundTrip(imported, path: path, format: .json, carriesSource: false)
        let before = JSONDocumentWriter().text(of: first.exported)
        let after = JSONDocumentWriter().text(of: again.exported)
        #expect(firstDifference(before, after) == nil, "\(path)", sourceLocation: sourceLocation)
    }
}
