import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Runs a program to completion (or two at once) and reports its wall time, CPU time and peak memory.
///
/// Foundation's `Process` does not expose the child's resource usage, and
/// `getrusage(RUSAGE_CHILDREN)` only keeps the maximum over every child so far, so this
/// spawns with `posix_spawn` and reaps with `wait4`, which gives this child's `ru_maxrss`.
///
/// On Linux that figure is not the child's alone: `execve` folds the peak of the memory the
/// child was spawned with, which `posix_spawn` shares with the parent, into the child's
/// `ru_maxrss`. A benchmark that holds a 10,000-route model saw 141 MB for a run that peaked at
/// 93 MB. `peakMemory` therefore measures through a small fresh process (this executable in
/// its `--measure-peak-memory` mode) whose own footprint is below the measured program's.
struct ChildProcess {
    /// What one run measured.
    struct Result {
        var exitStatus: Int32
        var wallSeconds: Double
        /// The child's own user and system CPU time (from `wait4`).
        var cpuSeconds: Double
        var peakMemoryBytes: Int
    }

    /// `quiet` discards the program's standard output; `discardingErrors` its standard error
    /// too (an import's hundred warnings per run), where the exit status says enough.
    static func run(_ executable: String, _ arguments: [String], quiet: Bool = true, discardingErrors: Bool = false) throws -> Result {
        var redirections: [(descriptor: Int32, path: String)] = []
        if quiet { redirections.append((1, "/dev/null")) }
        if discardingErrors { redirections.append((2, "/dev/null")) }
        return try start(executable, arguments, redirections: redirections).reap()
    }

    /// Starts `executable` with its standard output and error in the file at `output`, and
    /// returns at once; `reap()` waits for it. Two started this way run at the same time.
    static func spawn(_ executable: String, _ arguments: [String], output: String) throws -> Running {
        try? FileManager.default.removeItem(atPath: output)
        return try start(executable, arguments, redirections: [(1, output), (2, output)])
    }

    /// A started program, not yet waited for.
    struct Running {
        let pid: pid_t
        let executable: String
        let startNanoseconds: UInt64

        /// Waits for the program and measures it.
        func reap() throws -> Result {
            var status: Int32 = 0
            var usage = rusage()
            while wait4(pid, &status, 0, &usage) < 0 {
                guard errno == EINTR else { throw BenchmarkError("could not wait for \(executable): errno \(errno)") }
            }
            let elapsed = Double(DispatchTime.now().uptimeNanoseconds - startNanoseconds) / 1e9
            let exitStatus = (status & 0x7F) == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
            #if canImport(Darwin)
            let peak = Int(usage.ru_maxrss)  // bytes on Darwin
            #else
            let peak = Int(usage.ru_maxrss) * 1024  // kilobytes on Linux
            #endif
            let cpu = Double(usage.ru_utime.tv_sec) + Double(usage.ru_utime.tv_usec) / 1e6 + Double(usage.ru_stime.tv_sec) + Double(usage.ru_stime.tv_usec) / 1e6
            return Result(exitStatus: exitStatus, wallSeconds: elapsed, cpuSeconds: cpu, peakMemoryBytes: peak)
        }
    }

    /// `posix_spawn` with each listed descriptor opened for writing on its file (the output
    /// and error of one program may share a file: both are appended).
    private static func start(_ executable: String, _ arguments: [String], redirections: [(descriptor: Int32, path: String)]) throws -> Running {
        var fileActions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&fileActions)
        defer { posix_spawn_file_actions_destroy(&fileActions) }
        for (descriptor, path) in redirections {
            posix_spawn_file_actions_addopen(&fileActions, descriptor, path, O_WRONLY | O_CREAT | O_APPEND, 0o644)
        }
        let argv: [UnsafeMutablePointer<CChar>?] = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        let startNanoseconds = DispatchTime.now().uptimeNanoseconds
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, executable, &fileActions, nil, argv, environ)
        guard spawned == 0 else { throw BenchmarkError("could not start \(executable): error \(spawned)") }
        return Running(pid: pid, executable: executable, startNanoseconds: startNanoseconds)
    }
}

extension ChildProcess {
    /// The argument that makes `routegen-bench` run one program and print its peak memory.
    static let measureFlag = "--measure-peak-memory"

    /// The peak memory of `executable` run with `arguments`, measured by a fresh copy of
    /// `benchExecutable` so none of this process's memory is counted.
    static func peakMemory(of executable: String, _ arguments: [String], benchExecutable: String) throws -> Int {
        let pipe = Pipe()
        let process = Process()
        process.executableURL = URL(fileURLWithPath: benchExecutable)
        process.arguments = [measureFlag, executable] + arguments
        process.standardOutput = pipe
        try process.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        let fields = output.split(separator: " ")
        guard process.terminationStatus == 0, fields.count == 2, fields[0] == "peak", let bytes = Int(fields[1].trimmingCharacters(in: .whitespacesAndNewlines)) else {
            throw BenchmarkError("could not measure the peak memory of \(executable): \(output)")
        }
        return bytes
    }

    /// The `--measure-peak-memory` mode: runs the program, prints `peak <bytes>`, exits 0 when
    /// the program did. Called before the benchmark allocates anything.
    /// GNU time, when installed: a measurer of about 2 MB, below the 18 MB of `routegen --version`.
    static let gnuTime = "/usr/bin/time"

    /// The peak memory of `executable` run with `arguments`, measured by `/usr/bin/time -f %M`:
    /// the fold of the spawner's memory into the child's `ru_maxrss` (see above) then brings in
    /// only `time`'s own 2 MB, so a figure under the 23 MB of a fresh `routegen-bench` is
    /// exact, as the baselines of the import rows need. nil when `/usr/bin/time` is missing.
    static func peakMemoryThroughTime(of executable: String, _ arguments: [String], workDirectory: URL) throws -> Int? {
        guard FileManager.default.isExecutableFile(atPath: gnuTime) else { return nil }
        let report = workDirectory.appending(path: "time-\(getpid()).txt")
        defer { try? FileManager.default.removeItem(at: report) }
        let result = try run(gnuTime, ["-f", "%M", "-o", report.path, executable] + arguments, discardingErrors: true)
        guard result.exitStatus == 0 else { throw BenchmarkError("\(executable) \(arguments.joined(separator: " ")) failed (status \(result.exitStatus))") }
        let text = (try? String(contentsOf: report, encoding: .utf8)) ?? ""
        guard let kilobytes = text.split(separator: "\n").last.flatMap({ Int($0.trimmingCharacters(in: .whitespaces)) }) else {
            throw BenchmarkError("could not read the peak memory that \(gnuTime) reported: '\(text)'")
        }
        return kilobytes * 1024
    }

    static func measureAndExit(_ arguments: [String]) -> Never {
        guard let executable = arguments.first else {
            FileHandle.standardError.write(Data("usage: routegen-bench \(measureFlag) PROGRAM [ARGUMENTS...]\n".utf8))
            exit(2)
        }
        do {
            let result = try run(executable, Array(arguments.dropFirst()))
            print("peak \(result.peakMemoryBytes)")
            exit(result.exitStatus == 0 ? 0 : 1)
        } catch {
            FileHandle.standardError.write(Data("routegen-bench: error: \(error)\n".utf8))
            exit(1)
        }
    }
}

/// A benchmark that could not be measured; the message says why.
struct BenchmarkError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
