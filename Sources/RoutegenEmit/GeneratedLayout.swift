/// Where each generated file goes, relative to the output folder.
///
/// Every path is computed from the `api` name and the `group` names alone, so a build
/// plugin can predict its output files by reading those lines without parsing routes. The
/// plugin cannot import this module: `Plugins/RoutegenPlugin/PluginLayout.swift` is its copy,
/// and `PluginLayoutTests` checks that the two agree.
public enum GeneratedLayout {
    /// The sources folder of an API: `LibraryAPI`, a folder a SwiftPM target can point at.
    public static func sourcesFolder(api: String) -> String {
        api + "API"
    }

    /// The route-audit tests folder of an API: `LibraryAPIAuditTests`.
    public static func auditTestsFolder(api: String) -> String {
        api + "APIAuditTests"
    }

    /// One group's file: `LibraryAPI/BooksEndpoints.swift`, holding the endpoints enum,
    /// the repository protocol and the remote repository of the group.
    public static func groupFile(api: String, group: String) -> String {
        sourcesFolder(api: api) + "/" + group + "Endpoints.swift"
    }

    /// The route table's file: `LibraryAPI/LibraryRoutes.swift`.
    public static func routeTableFile(api: String) -> String {
        sourcesFolder(api: api) + "/" + api + "Routes.swift"
    }

    /// The companion folder of an API: `LibraryAPIPreview`, module `LibraryAPIPreview`, holding what
    /// only previews and tests use (each declared type's `sample`, `sampleJSON` and `auditSample`, and
    /// the preview client), so an app's module compiles none of it.
    public static func previewFolder(api: String) -> String {
        api + "APIPreview"
    }

    /// The companion module of the module `apiModule` compiles the API into: `LibraryAPIPreview` for
    /// `LibraryAPI`, `AppPreview` for a target `App` the build plugin generates into.
    public static func previewModule(apiModule: String) -> String {
        apiModule + "Preview"
    }

    /// The preview client's file: `LibraryAPIPreview/LibraryPreviewClient.swift`.
    public static func previewClientFile(api: String) -> String {
        previewFolder(api: api) + "/" + previewClientType(api: api) + ".swift"
    }

    /// The samples a preview client answers with: `LibraryPreviewSamples`, a `PreviewSamples` of
    /// EndpointKitTesting.
    public static func previewSamplesType(api: String) -> String {
        api + "PreviewSamples"
    }

    /// The samples of the types in `groupModelsFile`: `LibraryAPIPreview/BooksSamples.swift`.
    public static func groupSamplesFile(api: String, group: String) -> String {
        previewFolder(api: api) + "/" + group + "Samples.swift"
    }

    /// The samples of the types in `apiModelsFile`: `LibraryAPIPreview/LibrarySamples.swift`.
    public static func apiSamplesFile(api: String) -> String {
        previewFolder(api: api) + "/" + api + "Samples.swift"
    }

    /// The samples of the type in `modelFile`: `LibraryAPIPreview/Models/BookSamples.swift`.
    public static func typeSamplesFile(api: String, type: String) -> String {
        previewFolder(api: api) + "/Models/" + type + "Samples.swift"
    }

    /// The samples of the types in `modelShardFile`: `LibraryAPIPreview/Models/LibrarySamples1.swift`.
    public static func sampleShardFile(api: String, number: Int) -> String {
        previewFolder(api: api) + "/Models/" + api + "Samples" + String(number) + ".swift"
    }

    /// The preview client's type: `LibraryPreviewClient`, an `HTTPClient` answering every route
    /// with its sample.
    public static func previewClientType(api: String) -> String {
        api + "PreviewClient"
    }

    /// A type declared in the route file: `LibraryAPI/Models/BookModel.swift`. The `Model` suffix
    /// keeps the name apart from a user's own `Book.swift` in the same target, which the Swift
    /// compiler refuses ("filename used twice").
    public static func modelFile(api: String, type: String) -> String {
        sourcesFolder(api: api) + "/Models/" + type + "Model.swift"
    }

    /// The types a group's routes are the first to use: `LibraryAPI/BooksModels.swift`, beside
    /// `BooksEndpoints.swift`, so batch compilation spreads the types over the cores with the groups.
    public static func groupModelsFile(api: String, group: String) -> String {
        sourcesFolder(api: api) + "/" + group + "Models.swift"
    }

    /// The declared types when no route uses any: `LibraryAPI/LibraryModels.swift` (the same file
    /// as a group named like the API would have).
    public static func apiModelsFile(api: String) -> String {
        sourcesFolder(api: api) + "/" + api + "Models.swift"
    }

    /// One of a fixed number of files holding the declared types (`--model-files N`):
    /// `LibraryAPI/Models/LibraryModels1.swift`, numbered from 1.
    public static func modelShardFile(api: String, number: Int) -> String {
        sourcesFolder(api: api) + "/Models/" + api + "Models" + String(number) + ".swift"
    }

    /// The round-trip tests of the declared types: `LibraryAPIAuditTests/LibraryModelAuditTests.swift`
    /// (with `--model-files per-type` or `N`, and for the types when no route uses any).
    public static func modelAuditTestsFile(api: String) -> String {
        groupModelAuditTestsFile(api: api, group: api)
    }

    /// The round-trip tests of the types in `groupModelsFile`: `LibraryAPIAuditTests/BooksModelAuditTests.swift`,
    /// beside `BooksRouteAuditTests.swift`, spread over the compile jobs with the groups.
    public static func groupModelAuditTestsFile(api: String, group: String) -> String {
        auditTestsFolder(api: api) + "/" + group + "ModelAuditTests.swift"
    }

    /// One group's route-audit tests: `LibraryAPIAuditTests/BooksRouteAuditTests.swift`.
    public static func groupAuditTestsFile(api: String, group: String) -> String {
        auditTestsFolder(api: api) + "/" + group + "RouteAuditTests.swift"
    }

    /// The audit of the whole route table: `LibraryAPIAuditTests/LibraryRouteTableAuditTests.swift`.
    public static func routeTableAuditTestsFile(api: String) -> String {
        auditTestsFolder(api: api) + "/" + api + "RouteTableAuditTests.swift"
    }
}

extension GeneratedLayout {
    /// One of the files a folder is bundled into (`--files-per-folder N`, `FolderBundling`):
    /// `LibraryAPI/LibraryAPI1.swift`, numbered from 1.
    public static func bundleFile(folder: String, number: Int) -> String {
        folder + "/" + folder + String(number) + ".swift"
    }
}
