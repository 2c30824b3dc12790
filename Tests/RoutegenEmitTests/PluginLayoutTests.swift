import RoutegenCore
@testable import RoutegenEmit
import Testing

/// The build plugin predicts the files each command writes (SwiftPM needs them before it runs
/// the command) with its own copy of the layout; `PluginLayout.swift` here is that very file.
@Suite("The plugin's layout is the generator's")
struct PluginLayoutTests {
    private let groups = ["Books", "Loans", "Me"]
    private let types = ["Book", "Page", "Genre"]

    @Test func theSourceFilesAreTheOnesTheEmitterWrites() {
        let emitted = APIEmitter().emit(api: model()).map(\.relativePath)
        #expect(PluginLayout.sourceFiles(api: "Library", groups: groups, types: types) == emitted)
        #expect(PluginLayout.sourceFiles(api: "Library", groups: groups, types: types)
            == groups.map { GeneratedLayout.groupFile(api: "Library", group: $0) }
            + types.map { GeneratedLayout.modelFile(api: "Library", type: $0) } + [GeneratedLayout.routeTableFile(api: "Library")])
    }

    @Test func theAuditTestFilesAreTheOnesTheEmitterWrites() {
        let emitted = AuditTestsEmitter().emit(api: model()).map(\.relativePath)
        #expect(PluginLayout.auditTestFiles(api: "Library", groups: groups, types: types) == emitted)
        #expect(PluginLayout.auditTestFiles(api: "Library", groups: groups, types: types)
            == [GeneratedLayout.routeTableAuditTestsFile(api: "Library")] + groups.map { GeneratedLayout.groupAuditTestsFile(api: "Library", group: $0) }
            + [GeneratedLayout.modelAuditTestsFile(api: "Library")])
        #expect(PluginLayout.auditTestFiles(api: "Library", groups: groups, types: []).count == groups.count + 1)
    }

    @Test func theAuditModuleIsTheVocabularys() {
        #expect(PluginLayout.auditModule == EndpointKitVocabulary.auditModule)
    }

    private func model() -> APIModel {
        var source = "api Library\nmodel Book\n  id: ID<Book>\nmodel Page<Item>\n  items: [Item]\nenum Genre: String\n  fantasy\n"
        for (index, group) in groups.enumerated() {
            source += "group \(group) public\n  r\(index) GET /r\(index) -> Page<Book>\n"
        }
        let collector = DiagnosticCollector()
        let model = loadAPI(source: source, path: "Library.routes", diagnostics: collector)
        #expect(collector.diagnostics.isEmpty)
        return model!
    }
}
