import Dispatch

/// Runs independent jobs on every core and returns their results in job order, so the output
/// never depends on which job finished first.
///
/// For the stages whose work splits into independent parts: emitting (each group's files depend
/// only on the model) and reading a large YAML document (its top-level entries read apart).
package enum ConcurrentJobs {
    /// `job(0)`, `job(1)`, ... `job(count - 1)`, computed concurrently, in index order.
    package static func map<Result: Sendable>(count: Int, _ job: @Sendable (Int) -> Result) -> [Result] {
        guard count > 1 else { return (0..<count).map(job) }
        let slots = Slots<Result>(count: count)
        defer { slots.free() }
        DispatchQueue.concurrentPerform(iterations: count) { index in
            slots.buffer[index] = job(index)
        }
        return slots.buffer.map { $0! }
    }

    /// `first()` and `second()` at once, on two cores. Neither closure need be `@Sendable`: the
    /// caller promises that they share nothing mutable, each touching only values and objects
    /// that it alone uses until both have returned (a sink of its own, not a shared one).
    package static func both<First, Second>(_ first: () -> First, _ second: () -> Second) -> (First, Second) {
        withoutActuallyEscaping(first) { first in
            withoutActuallyEscaping(second) { second in
                let pair = Pair(first: first, second: second)
                DispatchQueue.concurrentPerform(iterations: 2) { index in
                    if index == 0 { pair.firstResult = pair.first() } else { pair.secondResult = pair.second() }
                }
                return (pair.firstResult!, pair.secondResult!)
            }
        }
    }

    /// The two closures of `both` and their results: each result is written by its own job and
    /// read after both have ended.
    private final class Pair<First, Second>: @unchecked Sendable {
        let first: () -> First
        let second: () -> Second
        var firstResult: First?
        var secondResult: Second?

        init(first: @escaping () -> First, second: @escaping () -> Second) {
            self.first = first
            self.second = second
        }
    }

    /// One result slot per job. Each slot is written by exactly one job, and every job has ended
    /// when `concurrentPerform` returns, before any slot is read: no two threads touch one slot.
    private struct Slots<Result>: @unchecked Sendable {
        let buffer: UnsafeMutableBufferPointer<Result?>

        init(count: Int) {
            buffer = .allocate(capacity: count)
            buffer.initialize(repeating: nil)
        }

        func free() {
            _ = buffer.deinitialize()
            buffer.deallocate()
        }
    }
}
