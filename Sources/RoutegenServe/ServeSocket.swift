import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A socket call failed while starting the server.
public struct ServeSocketError: Error, CustomStringConvertible {
    /// The system call that failed, with its argument: `bind 127.0.0.1:8080`.
    public let operation: String
    /// The `errno` it left.
    public let code: Int32

    /// `cannot bind 127.0.0.1:8080: Address already in use`.
    public var description: String {
        "cannot " + operation + ": " + String(cString: strerror(code))
    }
}

/// The few BSD socket calls the server makes, spelled once for Glibc and Darwin.
enum ServeSocket {
    /// A listening IPv4 TCP socket on `host` (dotted IPv4 or `localhost`) and `port` (0: any free one).
    static func listen(host: String, port: UInt16) throws(ServeSocketError) -> (descriptor: Int32, port: UInt16) {
        let numeric = host == "localhost" ? "127.0.0.1" : host
        var internetAddress = in_addr()
        guard inet_pton(AF_INET, numeric, &internetAddress) == 1 else {
            throw ServeSocketError(operation: "use host '\(host)' (an IPv4 address such as 127.0.0.1 or 0.0.0.0)", code: EINVAL)
        }
        #if canImport(Glibc)
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
        let descriptor = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard descriptor >= 0 else { throw ServeSocketError(operation: "open a socket", code: errno) }
        var reuse: Int32 = 1
        _ = setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &reuse, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        #if canImport(Darwin)
        address.sin_len = UInt8(MemoryLayout<sockaddr_in>.size)
        #endif
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr = internetAddress
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0, startListening(descriptor) == 0 else {
            let code = errno
            _ = close(descriptor)
            throw ServeSocketError(operation: "listen on \(host):\(port)", code: code)
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let named = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        guard named == 0 else {
            let code = errno
            _ = close(descriptor)
            throw ServeSocketError(operation: "read the address of \(host):\(port)", code: code)
        }
        return (descriptor, UInt16(bigEndian: address.sin_port))
    }

    private static func startListening(_ descriptor: Int32) -> Int32 {
        #if canImport(Darwin)
        Darwin.listen(descriptor, 128)
        #elseif canImport(Musl)
        Musl.listen(descriptor, 128)
        #else
        Glibc.listen(descriptor, 128)
        #endif
    }

    /// Per-connection options: a send that cannot go on for `sendTimeoutSeconds` (a client that
    /// stopped reading) fails instead of holding the thread; no SIGPIPE on Darwin (Linux passes
    /// MSG_NOSIGNAL to each send).
    static func configureConnection(_ descriptor: Int32, sendTimeoutSeconds: Int = 10) {
        var timeout = timeval(tv_sec: sendTimeoutSeconds, tv_usec: 0)
        _ = setsockopt(descriptor, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        #if canImport(Darwin)
        var on: Int32 = 1
        _ = setsockopt(descriptor, SOL_SOCKET, SO_NOSIGPIPE, &on, socklen_t(MemoryLayout<Int32>.size))
        #endif
    }

    /// What `wait` saw.
    enum Readiness {
        /// The descriptor has bytes (or end of stream) to read.
        case readable
        /// Nothing within the time allowed.
        case timedOut
        /// The wake pipe fired (the server is stopping) or polling failed.
        case stopping
    }

    /// Waits up to `milliseconds` (-1: forever) for `descriptor` to be readable.
    static func wait(_ descriptor: Int32, orWoken wakeReader: Int32, milliseconds: Int32) -> Readiness {
        while true {
            var descriptors = [
                pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0),
                pollfd(fd: wakeReader, events: Int16(POLLIN), revents: 0),
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
    static func receive(_ descriptor: Int32, into buffer: inout [UInt8]) -> Bool {
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
    static func sendAll(_ bytes: [UInt8], to descriptor: Int32) -> Bool {
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
