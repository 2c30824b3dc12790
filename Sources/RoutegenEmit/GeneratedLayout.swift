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

    /// The preview client's file: `LibraryAPI/LibraryPreviewClient.swift`.
    public static func previewClientFile(api: String) -> String {
        sourcesFolder(api: api) + "/" + previewClientType(api: api) + ".swift"
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
