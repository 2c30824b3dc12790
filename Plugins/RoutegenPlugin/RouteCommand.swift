import Foundation
import PackagePlugin

/// One `routegen generate` invocation for one route file, with the files it will write
/// declared up front so SwiftPM can skip it on a no-op build and compile groups in parallel.
struct RouteCommand {
    /// What the invocation generates.
    enum Kind {
        /// Endpoints, repositories and the route table, compiled into the target itself.
        case sources
        /// Route-audit tests, compiled into a test target.
        case auditTests
        /// Each type's samples and the preview client, compiled into the companion target `<Target>Preview`.
        case preview
    }

    let routeFile: URL
    /// The module the route file's code is compiled into (what audit tests import).
    let module: String
    let options: PluginOptions
    let optionsFile: URL?
    let kind: Kind

    func buildCommand(tool: URL, workDirectory: URL) throws -> Command {
        let outline = try RouteFileOutline(contentsOf: routeFile)
        let specName = routeFile.deletingPathExtension().lastPathComponent
        let outputDirectory = workDirectory.appending(path: specName)

        var arguments = [
            "generate", routeFile.path, "--output", outputDirectory.path, "--access", options.access,
            "--model-files", PluginLayout.modelFiles,
        ]
        let outputs: [URL]
        switch kind {
        case .sources:
            arguments += ["--no-audit-tests", "--no-preview"]
            outputs = PluginLayout.sourceFiles(api: outline.apiName, groups: outline.groupNames).map { outputDirectory.appending(path: $0) }
        case .preview:
            // Like the audit tests, the companion compiles against the target's sources, whose
            // command lists the file's errors.
            arguments += ["--preview-only", "--api-module", module, "--diagnostics", "deferred"]
            outputs = PluginLayout.previewFiles(api: outline.apiName, groups: outline.groupNames).map { outputDirectory.appending(path: $0) }
        case .auditTests:
            // The target under test generates its sources from the same file through this
            // plugin (the audit tests compile against them), and that command lists the file's
            // errors and fails. Here they get one note and no failure: listing them too would
            // show every error twice, and failing could stop the build before that command runs.
            arguments += ["--audit-tests-only", "--api-module", module, "--diagnostics", "deferred"]
            outputs = PluginLayout.auditTestFiles(api: outline.apiName, groups: outline.groupNames).map { outputDirectory.appending(path: $0) }
        }

        return .buildCommand(
            displayName: "routegen: generating \(kind.generated) from \(routeFile.lastPathComponent)",
            executable: tool,
            arguments: arguments,
            inputFiles: [routeFile] + (optionsFile.map { [$0] } ?? []),
            outputFiles: outputs
        )
    }
}

extension RouteCommand.Kind {
    /// What the command's progress line says it generates.
    var generated: String {
        switch self {
        case .sources: "endpoints"
        case .auditTests: "route-audit tests"
        case .preview: "samples and the preview client"
        }
    }
}
