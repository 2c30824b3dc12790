import Dispatch

/// Runs independent jobs on every core and returns their results in job order, so the output
/// never depends on which job finished first.
///
/// For the stages whose work splits into independent parts: emitting (each group's files depend
/// only on the model), reading a large YAML document (its top-level entries read apart), parsing
/// a large route file (in halves) and resolving one (the types, the route-type check and chunks
/// of routes). A job that starts jobs of its own (`each` inside `map`) finds the cores taken and
/// runs them one after another: give a stage's side work to its pool instead (the import's
/// formatting is one of the resolver's jobs).
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

    /// `first()` and `second()` at once, on two cores; see `each(count:_:)` for the promise.
    package static func both<First, Second>(_ first: () -> First, _ second: () -> Second) -> (First, Second) {
        var firstResult: First?
        var secondResult: Second?
        _ = each(count: 2) { index in
            if index == 0 { firstResult = first() } else { secondResult = second() }
        }
        return (firstResult!, secondResult!)
    }

    /// `map(count:_:)` for jobs that are not `@Sendable`: the caller promises that no two jobs
    /// share anything mutable. Each touches only values and objects that it alone uses until all
    /// have returned (a sink or a result variable of its own, not a shared one).
    package static func each<Result>(count: Int, _ job: (Int) -> Result) -> [Result] {
        withoutActuallyEscaping(job) { job in
            let unchecked = UncheckedJob(run: job)
            return map(count: count) { index in UncheckedResult(value: unchecked.run(index)) }.map(\.value)
        }
    }

    /// A job and its result carried across threads under `each`'s promise.
    private struct UncheckedJob<Result>: @unchecked Sendable {
        let run: (Int) -> Result
    }

    private struct UncheckedResult<Result>: @unchecked Sendable {
        let value: Result
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
