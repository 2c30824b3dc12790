import Foundation

#if FUZZING
/// Whether this run fuzzes the document readers (`ROUTEGEN_FUZZ_TARGET=yaml`, set by
/// `FUZZ_TARGET=yaml scripts/fuzz.sh`) rather than the route file pipeline.
let fuzzesDocumentReaders = ProcessInfo.processInfo.environment["ROUTEGEN_FUZZ_TARGET"] == "yaml"

/// libFuzzer's entry point; built only by scripts/fuzz.sh (`-DFUZZING`, `-sanitize=fuzzer`).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = UnsafeRawBufferPointer(start: data, count: size)
    if fuzzesDocumentReaders {
        FuzzYAML.run(bytes)
    } else {
        FuzzPipeline.run(bytes)
    }
    return 0
}
#else
/// Without libFuzzer the same target replays inputs: `routegen-fuzz crash-1234 other-input`
/// runs each file through the pipeline, the way a regression is reproduced.
/// `routegen-fuzz --random-specs DIR COUNT SEED [--known-bugs]` writes random valid route files
/// and their stub models for scripts/compile-random-specs.sh; `routegen-fuzz --write-known-bugs
/// DIR` writes the smallest route file of each known generator bug (`KnownGeneratorBugs`).
/// `routegen-fuzz --random-pipeline COUNT SEED SCRATCH` runs random valid and broken files
/// through the pipeline (`RandomPipelineRun`); `--fuzz-seeds DIR COUNT SEED` writes such files
/// as libFuzzer seeds (scripts/fuzz.sh does both). `routegen-fuzz --yaml FILE...` replays
/// inputs through the document readers (`FuzzYAML`), the YAML fuzz target's regressions.
@main
struct RoutegenFuzzReplay {
    static func main() throws {
        let paths = CommandLine.arguments.dropFirst()
        guard !paths.isEmpty else {
            print("usage: routegen-fuzz <input file>...  (build with scripts/fuzz.sh to fuzz)")
            print("       routegen-fuzz --random-specs <folder> <count> <seed> [--known-bugs]")
            print("       routegen-fuzz --write-known-bugs <folder>")
            print("       routegen-fuzz --random-pipeline <count> <seed> <scratch file>")
            print("       routegen-fuzz --fuzz-seeds <folder> <count> <seed>")
            print("       routegen-fuzz --yaml <input file>...")
            return
        }
        let arguments = Array(paths.dropFirst())
        if paths.first == "--random-pipeline" {
            guard arguments.count == 3, let count = Int(arguments[0]), let seed = UInt64(arguments[1]) else {
                print("usage: routegen-fuzz --random-pipeline <count> <seed> <scratch file>")
                exit(2)
            }
            exit(RandomPipelineRun.run(count: count, seed: seed, scratch: URL(fileURLWithPath: arguments[2])))
        }
        if paths.first == "--fuzz-seeds" {
            guard arguments.count == 3, let count = Int(arguments[1]), let seed = UInt64(arguments[2]) else {
                print("usage: routegen-fuzz --fuzz-seeds <folder> <count> <seed>")
                exit(2)
            }
            exit(RandomPipelineRun.writeSeeds(to: URL(fileURLWithPath: arguments[0]), count: count, seed: seed))
        }
        if paths.first == "--write-known-bugs", arguments.count == 1 {
            exit(RandomSpecWriter.writeKnownBugs(to: URL(fileURLWithPath: arguments[0])))
        }
        if paths.first == "--random-specs" {
            let knownBugs = arguments.last == "--known-bugs"
            let specArguments = knownBugs ? Array(arguments.dropLast()) : arguments
            guard specArguments.count == 3, let count = Int(specArguments[1]), let seed = UInt64(specArguments[2]) else {
                print("usage: routegen-fuzz --random-specs <folder> <count> <seed> [--known-bugs]")
                exit(2)
            }
            exit(RandomSpecWriter.write(to: URL(fileURLWithPath: specArguments[0]), count: count, seed: seed, knownBugs: knownBugs))
        }
        if paths.first == "--yaml" {
            for path in arguments {
                let data = try Data(contentsOf: URL(fileURLWithPath: path))
                data.withUnsafeBytes { FuzzYAML.run($0) }
                print("ok: \(path)")
            }
            return
        }
        for path in paths {
            let data = try Data(contentsOf: URL(fileURLWithPath: path))
            data.withUnsafeBytes { _ = FuzzPipeline.run($0) }
            print("ok: \(path)")
        }
    }
}
#endif
