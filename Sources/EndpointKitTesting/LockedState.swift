import Foundation

/// A value that several threads and tasks share, reachable only through a lock.
///
/// `@unchecked Sendable` because NSLock is what makes it safe: `state` is private and every
/// read and write happens inside `withLock`. (`Synchronization.Mutex` would say this to the
/// compiler, but needs macOS 15 and the package supports macOS 13.)
final class LockedState<State: Sendable>: @unchecked Sendable {
    private var state: State
    private let lock = NSLock()

    init(_ state: State) {
        self.state = state
    }

    func withLock<Result>(_ body: (inout State) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&state)
    }
}
