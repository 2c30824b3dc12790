import Dispatch

/// Runs independent emit jobs (one per group file) on every core and returns their results in
/// job order, so the output never depends on which job finished first.
///
/// Emitting is most of what `routegen generate` does, and each group's files depend only on the
/// model, so a build machine's cores cut a large API's generation time nearly by their number.
enum ConcurrentJobs {
    /// `job(0)`, `job(1)`, ... `job(count - 1)`, computed concurrently, in index order.
    static func map<Result: Sendable>(count: Int, _ job: @Sendable (Int) -> Result) -> [Result] {
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
