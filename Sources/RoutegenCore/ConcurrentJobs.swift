import Dispatch

/// Runs independent jobs on every core and returns their results in job order, so the output
/// never depends on which job finished first.
///
/// For emitting, whose files are independent: each group's files depend only on the model.
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
