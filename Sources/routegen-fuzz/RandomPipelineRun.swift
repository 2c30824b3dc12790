import Foundation
import SyntheticRoutes

/// The replayer's deterministic share of fuzzing: random valid route files with declared types
/// (`RandomRouteFile`) and broken variants of each (`RouteFileMutator`) through `FuzzPipeline`,
/// whose invariants (no crash, format idempotent, format keeps the model) must hold on all of
/// them; every valid file must load. The input being run is kept in a scratch file, so a crash
/// leaves it behind to replay.
enum RandomPipelineRun {
    /// Mutations per valid file.
    static let variantsPerFile = 3

    static func run(count: Int, seed: UInt64, scratch: URL) -> Int32 {
        var generated = 0, brokenRejected = 0, brokenGenerated = 0
        for index in 0..<count {
            let file = RandomRouteFile.make(index: index, seed: seed)
            keep(file.text, at: scratch)
            guard FuzzPipeline.run(source: file.text) == .generated else {
                FileHandle.standardError.write(Data("routegen-fuzz: random file \(index) (seed \(seed)) does not load; it is in \(scratch.path)\n".utf8))
                return 1
            }
            generated += 1
            var mutator = RouteFileMutator(seed: seed &+ UInt64(index))
            var text = file.text
            for _ in 0..<variantsPerFile {
                // Each variant breaks the previous one further.
                text = mutator.mutate(text)
                keep(text, at: scratch)
                switch FuzzPipeline.run(source: text) {
                case .rejected: brokenRejected += 1
                case .generated: brokenGenerated += 1
                }
            }
        }
        print("random pipeline: \(generated) valid files generated; \(brokenRejected + brokenGenerated) broken variants: \(brokenRejected) rejected, \(brokenGenerated) still valid; every invariant held")
        return 0
    }

    /// Writes valid random files and a broken variant of each, as libFuzzer seeds.
    static func writeSeeds(to folder: URL, count: Int, seed: UInt64) -> Int32 {
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            for index in 0..<count {
                let file = RandomRouteFile.make(index: index, seed: seed)
                var mutator = RouteFileMutator(seed: seed &+ UInt64(index))
                try file.text.write(to: folder.appending(path: "seed-random-\(index).routes"), atomically: true, encoding: .utf8)
                try mutator.mutate(file.text).write(to: folder.appending(path: "seed-broken-\(index).routes"), atomically: true, encoding: .utf8)
            }
            return 0
        } catch {
            FileHandle.standardError.write(Data("routegen-fuzz: error: \(error)\n".utf8))
            return 1
        }
    }

    private static func keep(_ text: String, at scratch: URL) {
        try? text.write(to: scratch, atomically: false, encoding: .utf8)
    }
}
