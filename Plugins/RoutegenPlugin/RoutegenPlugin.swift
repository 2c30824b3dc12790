import Foundation
import PackagePlugin

/// Runs `routegen generate` for every `.routes` file of a target as a build command.
///
/// On a library or app target it generates the endpoints, repositories and route table.
/// On a test target it generates the route-audit tests for the `.routes` files of the
/// targets under test, so the route file is never copied into the test target; they import
/// `EndpointKitAudit`, so the test target depends on that product (a warning says so otherwise).
@main
struct RoutegenPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) async throws -> [Command] {
        guard let module = target.sourceModule else { return [] }
        let tool = try context.tool(named: "routegen").url
        let workDirectory = context.pluginWorkDirectoryURL

        if module.kind == .test {
            var commands: [Command] = []
            for dependency in target.recursiveTargetDependencies {
                guard let tested = dependency.sourceModule, tested.kind != .test else { continue }
                let options = try PluginOptions.load(targetDirectory: tested.directoryURL)
                for file in tested.sourceFiles(withSuffix: "routes") {
                    commands.append(try RouteCommand(
                        routeFile: file.url, module: tested.name, options: options, optionsFile: optionsFile(in: tested.directoryURL), kind: .auditTests
                    ).buildCommand(tool: tool, workDirectory: workDirectory))
                }
            }
            if !commands.isEmpty && !target.recursiveTargetDependencies.contains(where: { $0.name == Self.auditModule }) {
                Diagnostics.warning(
                    "the route-audit tests generated for '\(target.name)' import \(Self.auditModule); "
                        + "add .product(name: \"\(Self.auditModule)\", package: \"routegen\") to its dependencies"
                )
            }
            return commands
        }

        let options = try PluginOptions.load(targetDirectory: module.directoryURL)
        return try module.sourceFiles(withSuffix: "routes").map { file in
            try RouteCommand(
                routeFile: file.url, module: module.name, options: options, optionsFile: optionsFile(in: module.directoryURL), kind: .sources
            ).buildCommand(tool: tool, workDirectory: workDirectory)
        }
    }

    /// The library the generated audit tests import.
    static let auditModule = PluginLayout.auditModule

    private func optionsFile(in directory: URL) -> URL? {
        let url = directory.appending(path: PluginOptions.fileName)
        return FileManager.default.fileExists(atPath: url.path) ? url : nil
    }
}

#if canImport(XcodeProjectPlugin)
import XcodeProjectPlugin

extension RoutegenPlugin: XcodeBuildToolPlugin {
    func createBuildCommands(context: XcodePluginContext, target: XcodeTarget) throws -> [Command] {
        let tool = try context.tool(named: "routegen").url
        let options = PluginOptions()
        return try target.inputFiles
            .filter { $0.url.pathExtension == "routes" }
            .map { file in
                try RouteCommand(
                    routeFile: file.url, module: target.displayName, options: options, optionsFile: nil, kind: .sources
                ).buildCommand(tool: tool, workDirectory: context.pluginWorkDirectoryURL)
            }
    }
}
#endif
