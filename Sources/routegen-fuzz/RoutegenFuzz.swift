import Foundation

#if FUZZING
/// libFuzzer's entry point; built only by scripts/fuzz.sh (`-DFUZZING`, `-sanitize=fuzzer`).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    FuzzPipeline.run(UnsafeRawBufferPointer(start: data, count: size))
    return 0
}
#else
/// Without libFuzzer the same target replays inputs: `routegen-fuzz crash-1234 other-input`
/// runs each file through the pipeline, the way a regression is reproduced.
/// `routegen-fuzz --random-specs DIR COUNT SEED` writes random valid route files and their
/// stub models for scripts/compile-random-specs.sh.
@main
struct RoutegenFuzzReplay {
    static func main() throws {
        let paths = CommandLine.arguments.dropFirst()
        guard !paths.isEmpty else {
            print("usage: routegen-fuzz <input file>...  (build with scripts/fuzz.sh to fuzz)")
            print("       routegen-fuzz --random-specs <folder> <count> <seed>")
            return
        }
        if paths.first == "--random-specs" {
            let arguments = Array(paths.dropFirst())
            guard arguments.count == 3, let count = Int(arguments[1]), let seed = UInt64(arguments[2]) else {
                print("usage: routegen-fuzz --random-specs <folder> <count> <seed>")
                exit(2)
            }
            exit(RandomSpecWriter.write(to: URL(fileURLWithPath: arguments[0]), count: count, seed: seed))
        }
        for path in paths {
            let data = try Data(contentsOf: URL(fileURLWithPath: path))
            data.withUnsafeBytes { FuzzPipeline.run($0) }
            print("ok: \(path)")
        }
    }
}
#endif
