import Foundation
import PackagePlugin

/// `swift package --allow-writing-to-package-directory import-routes [--target Name]...`: for a
/// team that wants to own its API from now on, writes the route file the build plugin imports
/// from each target's `openapi.yaml` (with its `routegen.json` and overlay) into that target,
/// as `<Api>.routes`. The description then has to leave the target: the build plugin refuses a
/// target whose route file and description declare the same API. An existing route file is
/// never replaced.
@main
struct ImportRoutes: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        var extractor = ArgumentExtractor(arguments)
        let named = extractor.extractOption(named: "target")
        let tool = try context.tool(named: "routegen").url
        let targets = context.package.targets.compactMap(\.sourceModule).filter { named.isEmpty || named.contains($0.name) }
        var imported = 0
        for module in targets {
            guard let description = module.sourceFiles.first(where: { PluginLayout.descriptionFileNames.contains($0.url.lastPathComponent) })?.url else {
                if named.contains(module.name) { Diagnostics.error("target '\(module.name)' holds no openapi.yaml, openapi.yml or openapi.json") }
                continue
            }
            let options = try PluginOptions.load(targetDirectory: module.directoryURL)
            let apiName = PluginLayout.descriptionAPIName(configured: options.api, module: module.name)
            let routeFile = module.directoryURL.appending(path: apiName + ".routes")
            try RoutegenProcess.run(
                tool: tool,
                arguments: ["import", relative(description, to: context), "--output", relative(routeFile, to: context), "--api", apiName],
                in: context.package.directoryURL
            )
            print("wrote \(relative(routeFile, to: context)); the build plugin now refuses '\(module.name)' until \(relative(description, to: context)) leaves the target (delete it, with routegen.json's filter, renames and types): the route file is the API's source from here on")
            imported += 1
        }
        if imported == 0 && named.isEmpty {
            Diagnostics.error("no target holds an openapi.yaml, openapi.yml or openapi.json")
        }
    }

    /// `url`'s path relative to the package folder, as a user would type it.
    private func relative(_ url: URL, to context: PluginContext) -> String {
        let base = context.package.directoryURL.standardizedFileURL.path + "/"
        let path = url.standardizedFileURL.path
        return path.hasPrefix(base) ? String(path.dropFirst(base.count)) : path
    }
}
