import Foundation
import HTTPWire
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A loopback port that refuses every connection: the address of a backend that is not running.
///
/// The port is bound and never listened on, so a connection to it is refused, and no other socket
/// can be given it while it is held. A server started and stopped to free a port is not the same:
/// a test running beside it may be given that port and answer in its place.
///
/// ```swift
/// let closed = try ClosedPort()
/// defer { closed.release() }
/// let client = URLSessionHTTPClient(configuration: APIConfiguration(baseURL: closed.baseURL))
/// ```
public final class ClosedPort: Sendable {
    /// `http://<address>:<port>`.
    public let baseURL: URL
    /// The port held.
    public let port: UInt16

    private let descriptor: LockedState<Int32?>

    /// Holds `port` on `address` (dotted IPv4): an ephemeral port and `127.0.0.1` unless given.
    /// Throws ``LocalServerError`` when the port is taken.
    public init(address: String = "127.0.0.1", port: UInt16 = 0) throws {
        let bound: (descriptor: Int32, port: UInt16)
        do {
            bound = try WireSocket.bind(address: address, port: port, reuseAddress: false)
        } catch {
            throw LocalServerError(error, address: address)
        }
        self.port = bound.port
        self.baseURL = URL(string: "http://\(address):\(bound.port)")!
        self.descriptor = LockedState(bound.descriptor)
    }

    deinit {
        release()
    }

    /// Gives the port back; a later server may then be given it. Idempotent.
    public func release() {
        let held = descriptor.withLock { held in
            defer { held = nil }
            return held
        }
        if let held { _ = close(held) }
    }
}
