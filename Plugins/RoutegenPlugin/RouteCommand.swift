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
        arguments += kind.arguments(module: module)
        let outputs = switch kind {
        case .sources: PluginLayout.sourceFiles(api: outline.apiName, groups: outline.groupNames)
        case .preview: PluginLayout.previewFiles(api: outline.apiName, groups: outline.groupNames)
        case .auditTests: PluginLayout.auditTestFiles(api: outline.apiName, groups: outline.groupNames)
        }

        return .buildCommand(
            displayName: "routegen: generating \(kind.generated) from \(routeFile.lastPathComponent)",
            executable: tool,
            arguments: arguments,
            inputFiles: [routeFile] + (optionsFile.map { [$0] } ?? []),
            outputFiles: outputs.map { outputDirectory.appending(path: $0) }
        )
    }
}

extension RouteCommand.Kind {
    /// What `routegen generate` is told to write, beside the input and the output folder.
    func arguments(module: String) -> [String] {
        switch self {
        case .sources:
            ["--no-audit-tests", "--no-preview"]
        case .preview:
            // Like the audit tests, the companion compiles against the target's sources, whose
            // command lists the input's errors.
            ["--preview-only", "--api-module", module, "--diagnostics", "deferred"]
        case .auditTests:
            // The target under test generates its sources from the same input through this
            // plugin (the audit tests compile against them), and that command lists the input's
            // errors and fails. Here they get one note and no failure: listing them too would
            // show every error twice, and failing could stop the build before that command runs.
            ["--audit-tests-only", "--api-module", module, "--diagnostics", "deferred"]
        }
    }

    /// The folder of an API `api` this kind writes into.
    func folder(api: String) -> String {
        switch self {
        case .sources: PluginLayout.sourcesFolder(api: api)
        case .preview: PluginLayout.previewFolder(api: api)
        case .auditTests: PluginLayout.auditTestsFolder(api: api)
        }
    }

    /// What the command's progress line says it generates.
    var generated: String {
        switch self {
        case .sources: "endpoints"
        case .auditTests: "route-audit tests"
        case .preview: "samples and the preview client"
        }
    }
}
