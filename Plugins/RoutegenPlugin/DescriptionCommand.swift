import Foundation
import PackagePlugin

/// One `routegen generate` invocation for the OpenAPI description of a target (`openapi.yaml`),
/// with its configuration and overlay as inputs, so an edit to any of them reruns it and a
/// no-op build does not. The import decides the groups, so each folder is written as a fixed
/// number of files (`PluginLayout.bundledFiles`), named before the import runs.
struct DescriptionCommand {
    let description: URL
    /// The target the API is compiled into (what the companion and the audit tests import).
    let module: String
    /// The API's name: the configuration's `"api"`, else the target's name.
    let apiName: String
    /// `routegen.json` or `openapi-generator-config.yaml` beside the description, if any.
    let configuration: URL?
    /// `openapi.overlay.yaml` (or `.yml`, `.json`) beside the description, if any.
    let overlay: URL?
    let kind: RouteCommand.Kind

    func buildCommand(tool: URL, workDirectory: URL) -> Command {
        let outputDirectory = workDirectory.appending(path: description.deletingPathExtension().lastPathComponent)
        // No --access: the configuration's "access" (or "accessModifier") says it, and routegen reads it.
        var arguments = [
            "generate", description.path, "--output", outputDirectory.path, "--api", apiName,
            "--files-per-folder", String(PluginLayout.descriptionFileCount),
        ]
        if let configuration { arguments += ["--config", configuration.path] }
        if let overlay { arguments += ["--overlay", overlay.path] }
        arguments += kind.arguments(module: module)
        return .buildCommand(
            displayName: "routegen: generating \(kind.generated) from \(description.lastPathComponent)",
            executable: tool,
            arguments: arguments,
            inputFiles: [description] + [configuration, overlay].compactMap { $0 },
            outputFiles: PluginLayout.bundledFiles(folder: kind.folder(api: apiName)).map { outputDirectory.appending(path: $0) }
        )
    }
}
