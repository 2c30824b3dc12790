import Foundation

/// A value that several threads share, reachable only through a lock.
///
/// `@unchecked Sendable` because NSLock is what makes it safe: `value` is private and every read
/// and write happens inside `withLock`. (`Synchronization.Mutex` would say this to the compiler,
/// but needs macOS 15 and the package supports macOS 13.)
package final class Locked<Value: Sendable>: @unchecked Sendable {
    private var value: Value
    private let lock = NSLock()

    package init(_ value: Value) {
        self.value = value
    }

    package func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
