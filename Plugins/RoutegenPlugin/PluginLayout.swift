/// The build plugin's copy of `GeneratedLayout` (RoutegenEmit), which a plugin cannot import:
/// the files one route file's commands write, predicted from its `api` and `group` names, and
/// the library the audit tests import. Plain Swift, no imports, so that `PluginLayoutTests`
/// compiles this very file (a link in `Tests/RoutegenEmitTests`) and checks it against the
/// generator's `GeneratedLayout` and `EndpointKitVocabulary`.
enum PluginLayout {
    /// `EndpointKitVocabulary.auditModule`.
    static let auditModule = "EndpointKitAudit"

    /// `GeneratedLayout.groupFile` and `routeTableFile`: what the sources command writes.
    static func sourceFiles(api: String, groups: [String]) -> [String] {
        groups.map { api + "API/" + $0 + "Endpoints.swift" } + [api + "API/" + api + "Routes.swift"]
    }

    /// `GeneratedLayout.routeTableAuditTestsFile` and `groupAuditTestsFile`: what the audit-tests command writes.
    static func auditTestFiles(api: String, groups: [String]) -> [String] {
        [api + "APIAuditTests/" + api + "RouteTableAuditTests.swift"] + groups.map { api + "APIAuditTests/" + $0 + "RouteAuditTests.swift" }
    }
}
