import Foundation
import RoutegenCore
import SyntheticRoutes

/// Writes random valid route files (`RandomN.routes`) and one `RandomSpecModels.swift` with every
/// stub model they name. A file the front end rejects is a bug in the maker or the parser,
/// so it is reported with its diagnostics and fails the run.
enum RandomSpecWriter {
    static func write(to folder: URL, count: Int, seed: UInt64) -> Int32 {
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            var models = "import Foundation\nimport EndpointKit\n\n"
            var rejected = 0
            for index in 0..<count {
                let file = RandomRouteFile.make(index: index, seed: seed)
                let path = folder.appending(path: file.apiName + ".routes")
                let diagnostics = DiagnosticCollector()
                if loadAPI(source: file.text, path: path.path, diagnostics: diagnostics) == nil {
                    rejected += 1
                    var renderer = DiagnosticRenderer()
                    renderer.addSource(file.text, path: path.path)
                    for diagnostic in diagnostics.sorted.prefix(5) {
                        FileHandle.standardError.write(Data((renderer.render(diagnostic) + "\n").utf8))
                    }
                }
                try file.text.write(to: path, atomically: true, encoding: .utf8)
                models += file.models
            }
            try models.write(to: folder.appending(path: RandomRouteFile.modelsModule + ".swift"), atomically: true, encoding: .utf8)
            print("wrote \(count) random route files to \(folder.path); \(rejected) rejected")
            return rejected == 0 ? 0 : 1
        } catch {
            FileHandle.standardError.write(Data("routegen-fuzz: error: \(error)\n".utf8))
            return 1
        }
    }
}
