import Foundation
import RoutegenCore
import SyntheticRoutes

/// Writes random valid route files (`RandomN.routes`) and, for each that imports stub models,
/// `RandomSpecModels/RandomN.swift` with the stubs it names: together the sources of the module
/// `RandomSpecModels`, of which a script can compile just the files it needs. A file the front
/// end rejects is a bug in the maker or the parser, so it is reported with its diagnostics and
/// fails the run.
enum RandomSpecWriter {
    static func write(to folder: URL, count: Int, seed: UInt64, knownBugs: Bool = false) -> Int32 {
        do {
            let stubs = folder.appending(path: RandomRouteFile.modelsModule)
            try FileManager.default.createDirectory(at: stubs, withIntermediateDirectories: true)
            var rejected = 0
            var declaredTypes = 0
            for index in 0..<count {
                let file = RandomRouteFile.make(index: index, seed: seed, knownBugs: knownBugs)
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
                if !file.models.isEmpty {
                    let source = "import Foundation\nimport EndpointKit\n\n" + file.models
                    try source.write(to: stubs.appending(path: file.apiName + ".swift"), atomically: true, encoding: .utf8)
                }
                declaredTypes += file.declaredTypeCount
            }
            print("wrote \(count) random route files (\(declaredTypes) declared types) to \(folder.path); \(rejected) rejected")
            return rejected == 0 ? 0 : 1
        } catch {
            FileHandle.standardError.write(Data("routegen-fuzz: error: \(error)\n".utf8))
            return 1
        }
    }

    /// Writes `KnownGeneratorBugs.all`, one `<name>.routes` each; the front end must accept every one.
    static func writeKnownBugs(to folder: URL) -> Int32 {
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            var rejected = 0
            for bug in KnownGeneratorBugs.all {
                let path = folder.appending(path: bug.name + ".routes")
                if loadAPI(source: bug.routeFile, path: path.path, diagnostics: DiagnosticCollector()) == nil { rejected += 1 }
                try ("# " + bug.symptom + "\n" + bug.routeFile).write(to: path, atomically: true, encoding: .utf8)
            }
            print("wrote \(KnownGeneratorBugs.all.count) known-bug route files to \(folder.path); \(rejected) rejected (fixed in the resolver?)")
            return 0
        } catch {
            FileHandle.standardError.write(Data("routegen-fuzz: error: \(error)\n".utf8))
            return 1
        }
    }
}
