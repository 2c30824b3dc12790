import Foundation
import RoutegenCore
import Testing

/// The route files the sample tests read: the package's own specs, and snippets.
enum SampleSpecs {
    private static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// `Specs/<name>.routes`, loaded.
    static func specModel(_ name: String) throws -> APIModel {
        let path = "Specs/" + name + ".routes"
        let text = try String(contentsOf: packageRoot.appendingPathComponent(path), encoding: .utf8)
        return try #require(loadAPI(source: text, path: path, diagnostics: DiagnosticCollector()))
    }

    /// A snippet, loaded; an error in it fails the test.
    static func model(_ source: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) throws -> APIModel {
        let collector = DiagnosticCollector()
        let model = loadAPI(source: source, path: "t.routes", diagnostics: collector)
        #expect(collector.diagnostics.filter { $0.severity == .error }.isEmpty, "\(collector.diagnostics)", sourceLocation: sourceLocation)
        return try #require(model, sourceLocation: sourceLocation)
    }
}
