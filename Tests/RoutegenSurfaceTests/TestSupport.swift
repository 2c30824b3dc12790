import RoutegenCore

/// The model of `source`, or nil when it has errors (which are then printed into the test log).
func parseWithoutErrors(_ source: String, path: String = "Test.routes") -> APIModel? {
    let collector = DiagnosticCollector()
    let model = loadAPI(source: source, path: path, diagnostics: collector)
    for diagnostic in collector.diagnostics where diagnostic.severity == .error {
        print("\(diagnostic.location?.description ?? path): error: \(diagnostic.message)")
    }
    return collector.hasErrors ? nil : model
}
