import Foundation
import PackagePlugin

/// `swift package lint-routes [--strict] [--format text|json|sarif|github] [--baseline FILE] ...`
/// (every `routegen lint` option is passed on): lints every `.routes`
/// file of the package (each target's, and `Specs/`) with the same rules as `routegen lint`,
/// and fails when any error is found.
@main
struct LintRoutes: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        let tool = try context.tool(named: "routegen").url
        let packageDirectory = context.package.directoryURL
        var routeFiles: [String] = []
        for target in context.package.targets {
            guard let module = target.sourceModule else { continue }
            routeFiles += module.sourceFiles(withSuffix: "routes").map { relativePath(of: $0.url, in: packageDirectory) }
        }
        let specs = packageDirectory.appending(path: "Specs")
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: specs.path, isDirectory: &isDirectory), isDirectory.boolValue {
            routeFiles.append("Specs")
        }
        guard !routeFiles.isEmpty else {
            print("lint-routes: no .routes files in this package")
            return
        }
        try RoutegenProcess.run(tool: tool, arguments: ["lint"] + routeFiles.sorted() + arguments, in: packageDirectory)
    }

    /// Paths relative to the package read better in diagnostics and match what CI tools expect.
    private func relativePath(of url: URL, in directory: URL) -> String {
        let base = directory.standardizedFileURL.path
        let path = url.standardizedFileURL.path
        return path.hasPrefix(base + "/") ? String(path.dropFirst(base.count + 1)) : path
    }
}
