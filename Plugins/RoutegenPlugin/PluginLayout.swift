/// The build plugin's copy of `GeneratedLayout` (RoutegenEmit), which a plugin cannot import:
/// the files one route file's commands write, predicted from its `api`, `group` and type names, and
/// the library the audit tests import. Plain Swift, no imports, so that `PluginLayoutTests`
/// compiles this very file (a link in `Tests/RoutegenEmitTests`) and checks it against the
/// generator's `GeneratedLayout` and `EndpointKitVocabulary`.
enum PluginLayout {
    /// `EndpointKitVocabulary.auditModule`.
    static let auditModule = "EndpointKitAudit"

    /// `GeneratedLayout.groupFile`, `modelFile` and `routeTableFile`: what the sources command writes.
    static func sourceFiles(api: String, groups: [String], types: [String]) -> [String] {
        groups.map { api + "API/" + $0 + "Endpoints.swift" }
            + types.map { api + "API/Models/" + $0 + "Model.swift" }
            + [api + "API/" + api + "Routes.swift"]
    }

    /// `GeneratedLayout.routeTableAuditTestsFile`, `groupAuditTestsFile` and `modelAuditTestsFile`:
    /// what the audit-tests command writes.
    static func auditTestFiles(api: String, groups: [String], types: [String]) -> [String] {
        [api + "APIAuditTests/" + api + "RouteTableAuditTests.swift"]
            + groups.map { api + "APIAuditTests/" + $0 + "RouteAuditTests.swift" }
            + (types.isEmpty ? [] : [api + "APIAuditTests/" + api + "ModelAuditTests.swift"])
    }
}
