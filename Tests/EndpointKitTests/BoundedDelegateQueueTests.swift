@testable import EndpointKit
import Foundation
import Testing

/// `BoundedDelegateQueue`: the thread handing over work waits while `limit` operations are
/// queued, so a download's unwritten chunks stay bounded; the queue's own thread never waits.
@Suite struct BoundedDelegateQueueTests {
    /// Counts what ran and holds the queue's first operation until released.
    final class Gate: @unchecked Sendable {
        let lock = NSLock()
        let release = DispatchSemaphore(value: 0)
        var ran = 0
        var handedOver = 0
        func count(_ keyPath: ReferenceWritableKeyPath<Gate, Int>) { lock.withLock { self[keyPath: keyPath] += 1 } }
        func value(_ keyPath: KeyPath<Gate, Int>) -> Int { lock.withLock { self[keyPath: keyPath] } }
    }

    @Test func aProducerWaitsWhileTheLimitIsQueuedAndGoesOnAsTheQueueDrains() {
        let queue = BoundedDelegateQueue(limit: 3)
        let gate = Gate()
        let producer = Thread {
            for index in 0..<10 {
                queue.addOperation {
                    if index == 0 { gate.release.wait() }
                    gate.count(\.ran)
                }
                gate.count(\.handedOver)
            }
        }
        producer.start()
        // The first operation blocks the queue: three are queued, the fourth hand-over waits.
        let deadline = Date().addingTimeInterval(10)
        while gate.value(\.handedOver) < 3, Date() < deadline { Thread.sleep(forTimeInterval: 0.005) }
        Thread.sleep(forTimeInterval: 0.1)
        #expect(gate.value(\.handedOver) == 3)
        #expect(gate.value(\.ran) == 0)
        gate.release.signal()
        while gate.value(\.handedOver) < 10 { Thread.sleep(forTimeInterval: 0.005) }
        queue.waitUntilAllOperationsAreFinished()
        #expect(gate.value(\.ran) == 10)
    }

    @Test func theQueuesOwnThreadNeverWaitsForItself() {
        let queue = BoundedDelegateQueue(limit: 1)
        let gate = Gate()
        queue.addOperation {
            // Three more from inside, past the limit of one: they queue instead of deadlocking.
            for _ in 0..<3 { queue.addOperation { gate.count(\.ran) } }
            gate.count(\.ran)
        }
        queue.waitUntilAllOperationsAreFinished()
        #expect(gate.value(\.ran) == 4)
    }
}
