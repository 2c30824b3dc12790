/// The build plugin's copy of `GeneratedLayout` (RoutegenEmit), which a plugin cannot import:
/// the files one route file's commands write, predicted from its `api` and `group` names, and
/// the library the audit tests import. Plain Swift, no imports, so that `PluginLayoutTests`
/// compiles this very file (a link in `Tests/RoutegenEmitTests`) and checks it against the
/// generator's `GeneratedLayout` and `EndpointKitVocabulary`.
enum PluginLayout {
    /// `EndpointKitVocabulary.auditModule`.
    static let auditModule = "EndpointKitAudit"

    /// Where the plugin has the declared types written (`--model-files`): a file for every group
    /// and one for the API, empty ones too, because the plugin declares its outputs from the `api`
    /// and `group` names alone (`RouteFileOutline`), which do not say which group names a type
    /// first, so the set of files must not depend on the types.
    static let modelFiles = "every-group"

    /// `GeneratedLayout.groupFile`, `groupModelsFile`, `apiModelsFile` and `routeTableFile`: what
    /// the sources command writes, each path once.
    static func sourceFiles(api: String, groups: [String]) -> [String] {
        let models = groups.map { api + "API/" + $0 + "Models.swift" } + [api + "API/" + api + "Models.swift"]
        var seen: Set<String> = []
        return groups.map { api + "API/" + $0 + "Endpoints.swift" }
            + models.filter { seen.insert($0).inserted }
            + [api + "API/" + api + "Routes.swift"]
    }

    /// `GeneratedLayout.groupSamplesFile`, `apiSamplesFile` and `previewClientFile`: what the
    /// companion command writes (for a `<Target>Preview` target), each path once.
    static func previewFiles(api: String, groups: [String]) -> [String] {
        let samples = groups.map { api + "APIPreview/" + $0 + "Samples.swift" } + [api + "APIPreview/" + api + "Samples.swift"]
        var seen: Set<String> = []
        return samples.filter { seen.insert($0).inserted } + [api + "APIPreview/" + api + "PreviewClient.swift"]
    }

    /// `GeneratedLayout.previewModule`: the companion target of a target `App` is `AppPreview`.
    static func previewModule(apiModule: String) -> String {
        apiModule + "Preview"
    }

    /// `GeneratedLayout.routeTableAuditTestsFile`, `groupAuditTestsFile`, `groupModelAuditTestsFile`
    /// and `modelAuditTestsFile`: what the audit-tests command writes, each path once.
    static func auditTestFiles(api: String, groups: [String]) -> [String] {
        let models = groups.map { api + "APIAuditTests/" + $0 + "ModelAuditTests.swift" } + [api + "APIAuditTests/" + api + "ModelAuditTests.swift"]
        var seen: Set<String> = []
        return [api + "APIAuditTests/" + api + "RouteTableAuditTests.swift"]
            + groups.map { api + "APIAuditTests/" + $0 + "RouteAuditTests.swift" }
            + models.filter { seen.insert($0).inserted }
    }

    /// `GeneratedLayout.sourcesFolder`: `LibraryAPI`.
    static func sourcesFolder(api: String) -> String { api + "API" }

    /// `GeneratedLayout.previewFolder`: `LibraryAPIPreview`.
    static func previewFolder(api: String) -> String { api + "APIPreview" }

    /// `GeneratedLayout.auditTestsFolder`: `LibraryAPIAuditTests`.
    static func auditTestsFolder(api: String) -> String { api + "APIAuditTests" }

    /// The names of a description the plugin generates from, as swift-openapi-generator's
    /// plugin reads them.
    static let descriptionFileNames = ["openapi.yaml", "openapi.yml", "openapi.json"]

    /// `ImportConfiguration.generatorConfigFileNames`: swift-openapi-generator's configuration,
    /// read beside a description when there is no `routegen.json`.
    static let generatorConfigFileNames = ["openapi-generator-config.yaml", "openapi-generator-config.yml"]

    /// `OverlayFile.pluginFileNames`: the overlay applied to a description before its import.
    static let overlayFileNames = ["openapi.overlay.yaml", "openapi.overlay.yml", "openapi.overlay.json"]

    /// How many files each folder generated from a description is written as
    /// (`--files-per-folder`): the import decides the groups, so the files cannot be named by them.
    static let descriptionFileCount = 8

    /// `GeneratedLayout.bundleFile` for 1 through `descriptionFileCount`: what a command for a
    /// description writes into the folder `folder` (`GeneratedLayout.sourcesFolder`, `previewFolder`
    /// or `auditTestsFolder` of the API).
    static func bundledFiles(folder: String) -> [String] {
        (1...descriptionFileCount).map { folder + "/" + folder + String($0) + ".swift" }
    }

    /// The API name a description generates into a target `module` when the configuration names
    /// none: the target's own name, so the plugin knows every output path before the import runs.
    static func descriptionAPIName(configured: String?, module: String) -> String {
        configured ?? module
    }
}
