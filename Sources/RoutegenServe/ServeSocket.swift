import Foundation
import HTTPWire
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

/// How serve opens its listening socket; the socket calls themselves are HTTPWire's.
enum ServeSocket {
    /// A listening IPv4 TCP socket on `host` (dotted IPv4 or `localhost`) and `port` (0: any free one).
    static func listen(host: String, port: UInt16) throws(ServeSocketError) -> (descriptor: Int32, port: UInt16) {
        do {
            return try WireSocket.listen(address: host == "localhost" ? "127.0.0.1" : host, port: port, backlog: 128)
        } catch {
            throw ServeSocketError(error, host: host, port: port)
        }
    }
}

extension ServeSocketError {
    /// Serve's wording of a failed socket call while starting on `host`:`port`.
    init(_ failure: SocketCallError, host: String, port: UInt16) {
        let operation = switch failure.call {
        case .parseAddress: "use host '\(host)' (an IPv4 address such as 127.0.0.1 or 0.0.0.0)"
        case .open: "open a socket"
        case .bind, .listen: "listen on \(host):\(port)"
        case .readAddress: "read the address of \(host):\(port)"
        case .pipe: "open a pipe"
        }
        self.init(operation: operation, code: failure.code)
    }
}
