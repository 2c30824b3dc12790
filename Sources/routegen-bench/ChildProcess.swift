import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Runs a program to completion and reports its wall time and its own peak memory.
///
/// Foundation's `Process` does not expose the child's resource usage, and
/// `getrusage(RUSAGE_CHILDREN)` only keeps the maximum over every child so far, so this
/// spawns with `posix_spawn` and reaps with `wait4`, which gives this child's `ru_maxrss`.
struct ChildProcess {
    /// What one run measured.
    struct Result {
        var exitStatus: Int32
        var wallSeconds: Double
        var peakMemoryBytes: Int
    }

    static func run(_ executable: String, _ arguments: [String], quiet: Bool = true) throws -> Result {
        var fileActions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&fileActions)
        defer { posix_spawn_file_actions_destroy(&fileActions) }
        if quiet {
            posix_spawn_file_actions_addopen(&fileActions, 1, "/dev/null", O_WRONLY, 0)
        }

        let argv: [UnsafeMutablePointer<CChar>?] = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }

        let start = DispatchTime.now().uptimeNanoseconds
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, executable, &fileActions, nil, argv, environ)
        guard spawned == 0 else { throw BenchmarkError("could not start \(executable): error \(spawned)") }

        var status: Int32 = 0
        var usage = rusage()
        while wait4(pid, &status, 0, &usage) < 0 {
            guard errno == EINTR else { throw BenchmarkError("could not wait for \(executable): errno \(errno)") }
        }
        let elapsed = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        let exitStatus = (status & 0x7F) == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
        #if canImport(Darwin)
        let peak = Int(usage.ru_maxrss)  // bytes on Darwin
        #else
        let peak = Int(usage.ru_maxrss) * 1024  // kilobytes on Linux
        #endif
        return Result(exitStatus: exitStatus, wallSeconds: elapsed, peakMemoryBytes: peak)
    }
}

/// A benchmark that could not be measured; the message says why.
struct BenchmarkError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
