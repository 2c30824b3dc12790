import RoutegenCore
@testable import RoutegenEmit
import Testing

/// The build plugin predicts the files each command writes (SwiftPM needs them before it runs
/// the command) with its own copy of the layout; `PluginLayout.swift` here is that very file.
@Suite("The plugin's layout is the generator's")
struct PluginLayoutTests {
    private let groups = ["Books", "Loans", "Me"]
    private let options = EmitOptions(modelFiles: .perGroup(everyFile: true))

    @Test func theSourceFilesAreTheOnesTheEmitterWrites() {
        for model in [model(), model(withTypes: false)] {
            let emitted = APIEmitter(options: options).emit(api: model).map(\.relativePath)
            #expect(PluginLayout.sourceFiles(api: "Library", groups: groups) == emitted)
        }
        #expect(PluginLayout.sourceFiles(api: "Library", groups: groups)
            == groups.map { GeneratedLayout.groupFile(api: "Library", group: $0) }
            + groups.map { GeneratedLayout.groupModelsFile(api: "Library", group: $0) } + [GeneratedLayout.apiModelsFile(api: "Library")]
            + [GeneratedLayout.routeTableFile(api: "Library")])
        #expect(PluginLayout.modelFiles == "every-group")
    }

    @Test func thePreviewFilesAreTheOnesTheEmitterWrites() {
        for model in [model(), model(withTypes: false)] {
            let emitted = APIEmitter(options: options).emitPreview(api: model).map(\.relativePath)
            #expect(PluginLayout.previewFiles(api: "Library", groups: groups) == emitted)
        }
        #expect(PluginLayout.previewFiles(api: "Library", groups: groups)
            == groups.map { GeneratedLayout.groupSamplesFile(api: "Library", group: $0) } + [GeneratedLayout.apiSamplesFile(api: "Library")]
            + [GeneratedLayout.previewClientFile(api: "Library")])
        #expect(PluginLayout.previewModule(apiModule: "App") == GeneratedLayout.previewModule(apiModule: "App"))
    }

    @Test func aDescriptionsFilesAreTheBundlesOfEveryFolder() {
        let emitted = APIEmitter(options: options).emit(api: model()) + APIEmitter(options: options).emitPreview(api: model())
            + AuditTestsEmitter(options: options).emit(api: model())
        let bundled = FolderBundling.bundle(emitted, count: PluginLayout.descriptionFileCount, sourcePath: "openapi.yaml").map(\.relativePath)
        #expect(bundled == [PluginLayout.sourcesFolder(api: "Library"), PluginLayout.previewFolder(api: "Library"), PluginLayout.auditTestsFolder(api: "Library")]
            .flatMap(PluginLayout.bundledFiles(folder:)))
        #expect([PluginLayout.sourcesFolder(api: "Library"), PluginLayout.previewFolder(api: "Library"), PluginLayout.auditTestsFolder(api: "Library")]
            == [GeneratedLayout.sourcesFolder(api: "Library"), GeneratedLayout.previewFolder(api: "Library"), GeneratedLayout.auditTestsFolder(api: "Library")])
    }

    @Test func aGroupNamedLikeTheAPISharesTheAPIsModelsFile() {
        let named = ["Books", "Library"]
        let emitted = APIEmitter(options: options).emit(api: model(groups: named)).map(\.relativePath)
        #expect(PluginLayout.sourceFiles(api: "Library", groups: named) == emitted)
        #expect(PluginLayout.auditTestFiles(api: "Library", groups: named) == AuditTestsEmitter(options: options).emit(api: model(groups: named)).map(\.relativePath))
        #expect(emitted == ["LibraryAPI/BooksEndpoints.swift", "LibraryAPI/LibraryEndpoints.swift", "LibraryAPI/BooksModels.swift",
                            "LibraryAPI/LibraryModels.swift", "LibraryAPI/LibraryRoutes.swift"])
        #expect(PluginLayout.previewFiles(api: "Library", groups: named) == APIEmitter(options: options).emitPreview(api: model(groups: named)).map(\.relativePath))
        #expect(PluginLayout.previewFiles(api: "Library", groups: named)
            == ["LibraryAPIPreview/BooksSamples.swift", "LibraryAPIPreview/LibrarySamples.swift", "LibraryAPIPreview/LibraryPreviewClient.swift"])
    }

    @Test func theAuditTestFilesAreTheOnesTheEmitterWrites() {
        for model in [model(), model(withTypes: false)] {
            let emitted = AuditTestsEmitter(options: options).emit(api: model).map(\.relativePath)
            #expect(PluginLayout.auditTestFiles(api: "Library", groups: groups) == emitted)
        }
        #expect(PluginLayout.auditTestFiles(api: "Library", groups: groups)
            == [GeneratedLayout.routeTableAuditTestsFile(api: "Library")] + groups.map { GeneratedLayout.groupAuditTestsFile(api: "Library", group: $0) }
            + groups.map { GeneratedLayout.groupModelAuditTestsFile(api: "Library", group: $0) } + [GeneratedLayout.modelAuditTestsFile(api: "Library")])
    }

    @Test func theAuditModuleIsTheVocabularys() {
        #expect(PluginLayout.auditModule == EndpointKitVocabulary.auditModule)
    }

    /// A route file with the groups, and with three declared types or none: the plugin's output
    /// list must be the same for both.
    private func model(withTypes: Bool = true, groups: [String]? = nil) -> APIModel {
        var source = "api Library\n" + (withTypes ? "model Book\n  id: ID<Book>\nmodel Page<Item>\n  items: [Item]\nenum Genre: String\n  fantasy\n" : "")
        for (index, group) in (groups ?? self.groups).enumerated() {
            source += "group \(group) public\n  r\(index) GET /r\(index) -> " + (withTypes ? "Page<Book>" : "Empty") + "\n"
        }
        let collector = DiagnosticCollector()
        let model = loadAPI(source: source, path: "Library.routes", diagnostics: collector)
        #expect(collector.diagnostics.isEmpty)
        return model!
    }
}
