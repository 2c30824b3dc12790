import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// How a `ConnectionListener` accepts and runs connections.
package struct ListenerOptions: Sendable {
    /// The accepting thread's name.
    package var acceptThreadName: String
    /// Each connection thread's name.
    package var connectionThreadName: String
    /// Each connection thread's stack size; nil: the platform's default.
    package var connectionStackSize: Int?
    /// How long a send may stall before it fails (`SO_SNDTIMEO`); nil: as long as it takes.
    package var sendTimeoutSeconds: Int?
    /// Whether accepting goes on when the process is out of descriptors (`EMFILE`, `ENFILE`)
    /// instead of ending.
    package var survivesDescriptorExhaustion: Bool

    package init(
        acceptThreadName: String,
        connectionThreadName: String,
        connectionStackSize: Int? = nil,
        sendTimeoutSeconds: Int? = nil,
        survivesDescriptorExhaustion: Bool = false
    ) {
        self.acceptThreadName = acceptThreadName
        self.connectionThreadName = connectionThreadName
        self.connectionStackSize = connectionStackSize
        self.sendTimeoutSeconds = sendTimeoutSeconds
        self.survivesDescriptorExhaustion = survivesDescriptorExhaustion
    }
}

/// A connection just accepted: its socket, and the stop signal every wait on it includes.
package struct AcceptedConnection: Sendable {
    /// The connected socket; the listener closes it once the connection's work returns.
    package let descriptor: Int32
    /// The read end of the stop pipe: readable from the moment `stop()` is called.
    package let stopSignal: Int32
}

/// A listening socket served by an accepting thread, each connection on a thread of its own.
/// `stop()` closes the listening socket and every connection and waits for their threads.
package final class ConnectionListener: Sendable {
    /// Decides about a connection on the accepting thread: the work to run on the connection's own
    /// thread, or nil to close it at once (after answering it, if it wants).
    package typealias Admit = @Sendable (AcceptedConnection) -> (@Sendable () -> Void)?

    private let listener: Int32
    private let stopReader: Int32
    private let stopWriter: Int32
    private let stopped = Locked(false)
    private let running = DispatchGroup()

    /// Starts accepting on `listener`, a listening socket it now owns (closed here if this throws).
    package init(listener: Int32, options: ListenerOptions, admit: @escaping Admit) throws(SocketCallError) {
        var stop: [Int32] = [0, 0]
        guard pipe(&stop) == 0 else {
            let code = errno
            _ = close(listener)
            throw SocketCallError(call: .pipe, code: code)
        }
        self.listener = listener
        self.stopReader = stop[0]
        self.stopWriter = stop[1]
        let running = self.running
        let stopSignal = stop[0]
        running.enter()
        let thread = Thread {
            Self.acceptLoop(listener: listener, stopSignal: stopSignal, options: options, admit: admit, running: running)
            running.leave()
        }
        thread.name = options.acceptThreadName
        thread.start()
    }

    deinit { stop() }

    /// Stops accepting, closes every connection, and returns once no thread of it is left. Idempotent.
    package func stop() {
        let alreadyStopped = stopped.withLock { stopped in
            defer { stopped = true }
            return stopped
        }
        guard !alreadyStopped else { return }
        // The pipe is never drained, so every poll that includes it wakes from now on.
        var byte: UInt8 = 1
        _ = write(stopWriter, &byte, 1)
        running.wait()
        _ = close(listener)
        _ = close(stopReader)
        _ = close(stopWriter)
    }

    private static func acceptLoop(listener: Int32, stopSignal: Int32, options: ListenerOptions, admit: Admit, running: DispatchGroup) {
        while WireSocket.wait(listener, orStopped: stopSignal, milliseconds: -1) == .readable {
            let client = accept(listener, nil, nil)
            guard client >= 0 else {
                if errno == EINTR || errno == EAGAIN || errno == ECONNABORTED { continue }
                if options.survivesDescriptorExhaustion && (errno == EMFILE || errno == ENFILE) { continue }
                return
            }
            WireSocket.configureConnection(client, sendTimeoutSeconds: options.sendTimeoutSeconds)
            guard let work = admit(AcceptedConnection(descriptor: client, stopSignal: stopSignal)) else {
                _ = close(client)
                continue
            }
            running.enter()
            let thread = Thread {
                work()
                _ = close(client)
                running.leave()
            }
            thread.name = options.connectionThreadName
            if let stackSize = options.connectionStackSize { thread.stackSize = stackSize }
            thread.start()
        }
    }
}
