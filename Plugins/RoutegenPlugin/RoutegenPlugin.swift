import Foundation
import PackagePlugin

/// Runs `routegen generate` for every `.routes` file of a target, and for its OpenAPI
/// description (`openapi.yaml`, `.yml` or `.json`, with `routegen.json` or swift-openapi-generator's
/// `openapi-generator-config.yaml` and `openapi.overlay.yaml` beside it), as build commands.
///
/// On a library or app target it generates the endpoints, repositories, models and route table.
/// On a target named `<Target>Preview` that depends on `<Target>` it generates the companion of
/// `<Target>`'s `.routes` files: each type's samples and `<Api>PreviewClient`, for previews and
/// tests only (it depends on `EndpointKitTesting`). On a test target it generates the
/// route-audit tests for the `.routes` files of the targets under test, so the route file is
/// never copied into the test target; they import `EndpointKitAudit` and the companion
/// `<Target>Preview`, so the test target depends on both (a warning says so otherwise).
@main
struct RoutegenPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) async throws -> [Command] {
        guard let module = target.sourceModule else { return [] }
        let tool = try context.tool(named: "routegen").url
        let workDirectory = context.pluginWorkDirectoryURL

        if module.kind == .test {
            return try auditTestCommands(target: target, tool: tool, workDirectory: workDirectory)
        }
        if let routed = routedTarget(previewedBy: target) {
            return try commands(for: routed, kind: .preview, tool: tool, workDirectory: workDirectory)
        }
        return try commands(for: module, kind: .sources, tool: tool, workDirectory: workDirectory)
    }

    /// The route-audit tests of every target under test, with a warning for each library they
    /// import that the test target does not depend on.
    private func auditTestCommands(target: Target, tool: URL, workDirectory: URL) throws -> [Command] {
        var commands: [Command] = []
        let dependencies = Set(target.recursiveTargetDependencies.map(\.name))
        for dependency in target.recursiveTargetDependencies {
            guard let tested = dependency.sourceModule, tested.kind != .test else { continue }
            let testedCommands = try self.commands(for: tested, kind: .auditTests, tool: tool, workDirectory: workDirectory)
            guard !testedCommands.isEmpty else { continue }
            commands += testedCommands
            let companion = PluginLayout.previewModule(apiModule: tested.name)
            if !dependencies.contains(companion) {
                Diagnostics.warning(
                    "the route-audit tests generated for '\(target.name)' import \(companion), the audit samples of '\(tested.name)'; "
                        + "add a target '\(companion)' depending on '\(tested.name)' and \"EndpointKitTesting\", with this plugin, to its dependencies"
                )
            }
        }
        if !commands.isEmpty && !dependencies.contains(Self.auditModule) {
            Diagnostics.warning(
                "the route-audit tests generated for '\(target.name)' import \(Self.auditModule); "
                    + "add .product(name: \"\(Self.auditModule)\", package: \"routegen\") to its dependencies"
            )
        }
        return commands
    }

    /// The target `<Target>` a target named `<Target>Preview` depends on directly and whose
    /// route files it is the companion of; nil for any other target.
    private func routedTarget(previewedBy target: Target) -> SourceModuleTarget? {
        target.dependencies.lazy.compactMap { dependency -> SourceModuleTarget? in
            guard case .target(let dependencyTarget) = dependency, let module = dependencyTarget.sourceModule,
                  PluginLayout.previewModule(apiModule: module.name) == target.name else { return nil }
            return module
        }.first
    }

    /// One command of `kind` for each route file of `module`, with the options of its folder,
    /// and one for its OpenAPI description (`openapi.yaml`), if it holds one.
    private func commands(for module: SourceModuleTarget, kind: RouteCommand.Kind, tool: URL, workDirectory: URL) throws -> [Command] {
        let options = try PluginOptions.load(targetDirectory: module.directoryURL)
        let routeCommands = module.sourceFiles(withSuffix: "routes").map { file in
            RouteCommand(
                routeFile: file.url, module: module.name, options: options, optionsFile: optionsFile(in: module.directoryURL), kind: kind
            )
        }
        var commands = try routeCommands.map { try $0.buildCommand(tool: tool, workDirectory: workDirectory) }
        let descriptions = module.sourceFiles.filter { PluginLayout.descriptionFileNames.contains($0.url.lastPathComponent) }
        guard let description = descriptions.first?.url else { return commands }
        if descriptions.count > 1 {
            throw PluginOptionsError(message: "\(module.directoryURL.path): error: target '\(module.name)' holds \(descriptions.map(\.url.lastPathComponent).joined(separator: " and ")); keep one description per target")
        }
        let apiName = PluginLayout.descriptionAPIName(configured: options.api, module: module.name)
        for command in routeCommands where try RouteFileOutline(contentsOf: command.routeFile).apiName == apiName {
            throw PluginOptionsError(message: "\(command.routeFile.path):1:1: error: api '\(apiName)' is declared here and imported from \(description.lastPathComponent); "
                + "a route file imported from it owns the API now: delete \(description.lastPathComponent) (and its routegen.json's filter, renames and types), or name another api")
        }
        let directory = description.deletingLastPathComponent()
        commands.append(DescriptionCommand(
            description: description, module: module.name, apiName: apiName,
            configuration: existing(in: directory, [PluginOptions.fileName] + PluginLayout.generatorConfigFileNames),
            overlay: existing(in: directory, PluginLayout.overlayFileNames), kind: kind
        ).buildCommand(tool: tool, workDirectory: workDirectory))
        return commands
    }

    /// The first of `names` that exists in `directory`.
    fileprivate func existing(in directory: URL, _ names: [String]) -> URL? {
        names.lazy.map { directory.appending(path: $0) }.first { FileManager.default.fileExists(atPath: $0.path) }
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
        var commands = try target.inputFiles
            .filter { $0.url.pathExtension == "routes" }
            .map { file in
                try RouteCommand(
                    routeFile: file.url, module: target.displayName, options: options, optionsFile: nil, kind: .sources
                ).buildCommand(tool: tool, workDirectory: context.pluginWorkDirectoryURL)
            }
        if let description = target.inputFiles.first(where: { PluginLayout.descriptionFileNames.contains($0.url.lastPathComponent) })?.url {
            let directory = description.deletingLastPathComponent()
            let folderOptions = try PluginOptions.load(targetDirectory: directory)
            commands.append(DescriptionCommand(
                description: description, module: target.displayName,
                apiName: PluginLayout.descriptionAPIName(configured: folderOptions.api, module: target.displayName),
                configuration: existing(in: directory, [PluginOptions.fileName] + PluginLayout.generatorConfigFileNames),
                overlay: existing(in: directory, PluginLayout.overlayFileNames), kind: .sources
            ).buildCommand(tool: tool, workDirectory: context.pluginWorkDirectoryURL))
        }
        return commands
    }
}
#endif
