import Foundation
import RoutegenCore
import RoutegenOpenAPI
import RoutegenYAML
import Testing

/// The real descriptions of `corpus/real`: each imports with no error, keeps at least
/// 98 % of its operations and every route of the hand-made route file beside it.
@Suite("routegen import at real-API scale")
struct CorpusImportTests {
    static let corpus = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("corpus/real").path

    /// Each folder's description: `openapi.json`, else `openapi.yaml`.
    static let descriptions: [(folder: String, file: String)] = {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: corpus)) ?? []
        return names.sorted().compactMap { folder in
            ["openapi.json", "openapi.yaml"].first { FileManager.default.fileExists(atPath: corpus + "/" + folder + "/" + $0) }.map { (folder, $0) }
        }
    }()
    static let folders = descriptions.map(\.folder)

    /// What each import holds, exactly: a change in the importer that imports more or less shows here.
    static let expectedSummaries: [String: String] = [
        "box": "imported 296 of 296 operations (0 not imported, 18 of them merged into the route of their method and path) and 284 of 305 component schemas (21 not used by any imported operation); 909 types declared; 40 paged by their response's fields",
        "openai": "imported 288 of 288 operations (0 not imported, 7 of them merged into the route of their method and path) and 848 of 1422 component schemas (574 not used by any imported operation); 2093 types declared; 11 paged by their response's fields; 6 stream routes beside their operation's route",
        "pagerduty": "imported 465 of 465 operations (0 not imported) and 269 of 293 component schemas (24 not used by any imported operation); 1605 types declared; 18 paged by their response's fields",
        "vault": "imported 1048 of 1049 operations (1 not imported) and 551 of 559 component schemas (8 not used by any imported operation); 713 types declared",
    ]

    /// Schemas each import holds as `JSONValue` because the description leaves them open (`{}`,
    /// an object without properties): each has a warning, and a change shows here.
    static let expectedOpenSchemas: [String: Int] = ["box": 12, "openai": 48, "pagerduty": 39, "vault": 102]

    static func importFolder(_ folder: String, diagnostics: any DiagnosticSink) throws -> ImportedRouteFile {
        let file = try #require(descriptions.first { $0.folder == folder }?.file)
        let path = corpus + "/" + folder + "/" + file
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
        return try #require(OpenAPIImporter(path: path).importDescription(bytes, diagnostics: diagnostics))
    }

    /// `METHOD /path/{name}` of every route.
    static func routeKeys(_ model: APIModel) -> [String] {
        model.routes.map { $0.method + " " + $0.pathTemplate }
    }

    @Test(arguments: folders)
    func importsAndKeepsEveryHandMadeRoute(folder: String) throws {
        let collector = DiagnosticCollector()
        let imported = try Self.importFolder(folder, diagnostics: collector)
        #expect(!collector.hasErrors)
        #expect(Double(imported.summary.importedOperations) >= 0.98 * Double(imported.summary.operations))
        #expect(imported.summary.line == Self.expectedSummaries[folder])
        // Only an open schema becomes `JSONValue`: none whose schema says what it holds.
        #expect(imported.summary.typedAsJSONValue == 0)
        #expect(imported.summary.openAsJSONValue == Self.expectedOpenSchemas[folder])

        let checked = DiagnosticCollector()
        let model = try #require(loadAPI(source: imported.text, path: folder + ".routes", diagnostics: checked))
        #expect(!checked.hasErrors)
        let importedRoutes = Set(Self.routeKeys(model))

        let folderPath = Self.corpus + "/" + folder
        guard let handMade = try FileManager.default.contentsOfDirectory(atPath: folderPath).first(where: { $0.hasSuffix(".routes") }) else { return }
        let source = try String(contentsOfFile: folderPath + "/" + handMade, encoding: .utf8)
        let handModel = try #require(loadAPI(source: source, path: handMade, diagnostics: DiagnosticCollector()))
        let missing = Self.routeKeys(handModel).filter { !importedRoutes.contains($0) }
        // The one known difference: the description's trailing slash (Vault's `LIST` routes,
        // `GET /sys/policies/acl/`), which the import keeps and the hand-made file dropped.
        let slashOnly = missing.filter { importedRoutes.contains($0 + "/") }
        #expect(missing.filter { !importedRoutes.contains($0 + "/") } == [], "routes of \(handMade) the import lacks")
        #expect(slashOnly.count == (folder == "vault" ? 65 : 0))
    }

    /// The round trip's promise: import, export, import gives the same route file. With the text the
    /// export carries that is the carried text, checked against the document; without it, the
    /// route file is rebuilt from the document and its `x-routegen-*` extensions alone.
    @Test(arguments: folders)
    func importExportImportGivesTheSameRouteFile(folder: String) throws {
        let first = try Self.importFolder(folder, diagnostics: DiagnosticCollector())
        let model = try #require(loadAPI(source: first.text, path: folder + ".routes", diagnostics: DiagnosticCollector()))
        let carrying = JSONDocumentWriter().bytes(of: OpenAPIExporter().document(for: model, source: first.text))
        let again = OpenAPIImporter(path: "export.json").importDescription(carrying, diagnostics: DiagnosticCollector())
        #expect(OpenAPIRoundTripTests.firstDifference(first.text, again?.text ?? "<no import>") == nil, "\(folder)")
    }

    /// Without the carried text the order of groups' routes and of declarations is the
    /// document's (sorted paths and schema keys), so the check is on what the route file means:
    /// the import of the export exports to the same document.
    @Test(arguments: folders)
    func withoutTheTextTheImportsModelSurvives(folder: String) throws {
        let first = try Self.importFolder(folder, diagnostics: DiagnosticCollector())
        try OpenAPIRoundTripTests.expectModelSurvives(first.text, path: folder + ".routes")
    }
}
