import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Which socket call failed, so that each server can word the failure its own way.
package enum SocketCall: Sendable {
    /// The address was not a dotted IPv4 address (`inet_pton`).
    case parseAddress
    /// `socket`.
    case open
    /// `bind`.
    case bind
    /// `getsockname`.
    case readAddress
    /// `listen`.
    case listen
    /// `pipe`, for the stop signal.
    case pipe
}

/// A socket call failed: which one, and the `errno` it left.
package struct SocketCallError: Error, Sendable {
    /// The call that failed.
    package let call: SocketCall
    /// The `errno` it left (`EINVAL` for an address that does not parse).
    package let code: Int32

    package init(call: SocketCall, code: Int32) {
        self.call = call
        self.code = code
    }
}

/// The few BSD socket calls the servers make, spelled once for Glibc, Musl and Darwin.
package enum WireSocket {
    /// A TCP socket bound to `address` (dotted IPv4) on `port` (0: an ephemeral one), not listening.
    ///
    /// `reuseAddress` lets a restarted server bind while old connections linger; a socket that
    /// only holds its port goes without it, so that no other socket can bind the port beside it.
    package static func bind(address text: String, port: UInt16, reuseAddress: Bool) throws(SocketCallError) -> (descriptor: Int32, port: UInt16) {
        var internetAddress = in_addr()
        guard inet_pton(AF_INET, text, &internetAddress) == 1 else { throw SocketCallError(call: .parseAddress, code: EINVAL) }
        #if canImport(Glibc)
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
        let descriptor = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard descriptor >= 0 else { throw SocketCallError(call: .open, code: errno) }
        if reuseAddress {
            var reuse: Int32 = 1
            _ = setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &reuse, socklen_t(MemoryLayout<Int32>.size))
        }
        var address = sockaddr_in()
        #if canImport(Darwin)
        address.sin_len = UInt8(MemoryLayout<sockaddr_in>.size)
        #endif
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr = internetAddress
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bindSocket(descriptor, to: $0) }
        }
        guard bound == 0 else { throw closing(descriptor, after: .bind) }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let named = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        guard named == 0 else { throw closing(descriptor, after: .readAddress) }
        return (descriptor, UInt16(bigEndian: address.sin_port))
    }

    /// A listening TCP socket on `address` (dotted IPv4) and `port` (0: an ephemeral one), with
    /// `SO_REUSEADDR` and room for `backlog` connections not yet accepted.
    package static func listen(address: String, port: UInt16, backlog: Int32) throws(SocketCallError) -> (descriptor: Int32, port: UInt16) {
        let bound = try bind(address: address, port: port, reuseAddress: true)
        guard startListening(bound.descriptor, backlog: backlog) == 0 else { throw closing(bound.descriptor, after: .listen) }
        return bound
    }

    /// The error of `call`, with its `errno`, once `descriptor` is closed.
    private static func closing(_ descriptor: Int32, after call: SocketCall) -> SocketCallError {
        let code = errno
        _ = close(descriptor)
        return SocketCallError(call: call, code: code)
    }

    private static func bindSocket(_ descriptor: Int32, to address: UnsafePointer<sockaddr>) -> Int32 {
        let length = socklen_t(MemoryLayout<sockaddr_in>.size)
        #if canImport(Darwin)
        return Darwin.bind(descriptor, address, length)
        #elseif canImport(Musl)
        return Musl.bind(descriptor, address, length)
        #else
        return Glibc.bind(descriptor, address, length)
        #endif
    }

    private static func startListening(_ descriptor: Int32, backlog: Int32) -> Int32 {
        #if canImport(Darwin)
        Darwin.listen(descriptor, backlog)
        #elseif canImport(Musl)
        Musl.listen(descriptor, backlog)
        #else
        Glibc.listen(descriptor, backlog)
        #endif
    }

    /// Per-connection options: no SIGPIPE on Darwin (Linux passes MSG_NOSIGNAL to each send) and,
    /// with `sendTimeoutSeconds`, a send that cannot go on for that long (a client that stopped
    /// reading) fails instead of holding the thread.
    package static func configureConnection(_ descriptor: Int32, sendTimeoutSeconds: Int?) {
        if let sendTimeoutSeconds {
            var timeout = timeval(tv_sec: sendTimeoutSeconds, tv_usec: 0)
            _ = setsockopt(descriptor, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        }
        #if canImport(Darwin)
        var on: Int32 = 1
        _ = setsockopt(descriptor, SOL_SOCKET, SO_NOSIGPIPE, &on, socklen_t(MemoryLayout<Int32>.size))
        #endif
    }

    /// What `wait` saw.
    package enum Readiness: Sendable {
        /// The descriptor has bytes (or end of stream) to read.
        case readable
        /// Nothing within the time allowed.
        case timedOut
        /// The stop signal fired (the server is stopping) or polling failed.
        case stopping
    }

    /// Waits up to `milliseconds` (-1: forever) for `descriptor` to be readable, or for a byte on
    /// `stopSignal`, the read end of the server's stop pipe.
    package static func wait(_ descriptor: Int32, orStopped stopSignal: Int32, milliseconds: Int32) -> Readiness {
        while true {
            var descriptors = [
                pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0),
                pollfd(fd: stopSignal, events: Int16(POLLIN), revents: 0),
            ]
            let ready = poll(&descriptors, 2, milliseconds)
            if ready < 0 {
                if errno == EINTR { continue }
                return .stopping
            }
            if descriptors[1].revents != 0 { return .stopping }
            if descriptors[0].revents != 0 { return .readable }
            return .timedOut
        }
    }

    /// Reads what the socket has into `buffer`; false at end of stream or on an error.
    package static func receive(_ descriptor: Int32, into buffer: inout [UInt8]) -> Bool {
        var chunk = [UInt8](repeating: 0, count: 16 * 1024)
        while true {
            let count = chunk.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { return false }
            buffer.append(contentsOf: chunk[..<count])
            return true
        }
    }

    /// Writes all of `bytes`; false when the peer has gone.
    package static func sendAll(_ bytes: some ContiguousBytes, to descriptor: Int32) -> Bool {
        #if canImport(Darwin)
        let flags: Int32 = 0
        #else
        let flags = Int32(MSG_NOSIGNAL)
        #endif
        return bytes.withUnsafeBytes { raw -> Bool in
            var offset = 0
            while offset < raw.count {
                let sent = send(descriptor, raw.baseAddress! + offset, raw.count - offset, flags)
                if sent < 0 {
                    if errno == EINTR { continue }
                    return false
                }
                offset += sent
            }
            return true
        }
    }
}
