import Foundation
import PackagePlugin

/// `swift package --allow-writing-to-package-directory generate-routes [arguments]`:
/// runs `routegen generate` in the package's folder, so with no arguments it regenerates
/// `Generated/` from `Specs/`. Arguments are passed through (`Specs/Shop.routes --output Sources`).
/// routegen itself never overwrites a file that lacks its generated header.
@main
struct GenerateRoutes: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        let tool = try context.tool(named: "routegen").url
        try RoutegenProcess.run(tool: tool, arguments: ["generate"] + arguments, in: context.package.directoryURL)
    }
}
