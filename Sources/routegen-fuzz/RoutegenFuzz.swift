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
@main
struct RoutegenFuzzReplay {
    static func main() throws {
        let paths = CommandLine.arguments.dropFirst()
        guard !paths.isEmpty else {
            print("usage: routegen-fuzz <input file>...  (build with scripts/fuzz.sh to fuzz)")
            return
        }
        for path in paths {
            let data = try Data(contentsOf: URL(fileURLWithPath: path))
            data.withUnsafeBytes { FuzzPipeline.run($0) }
            print("ok: \(path)")
        }
    }
}
#endif
