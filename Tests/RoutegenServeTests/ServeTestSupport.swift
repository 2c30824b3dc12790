import Foundation
import RoutegenCore
import RoutegenServe
import Testing
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

enum ServeTestSupport {
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static func specModel(_ name: String) throws -> APIModel {
        let path = "Specs/" + name + ".routes"
        let text = try String(contentsOf: packageRoot.appendingPathComponent(path), encoding: .utf8)
        return try #require(loadAPI(source: text, path: path, diagnostics: DiagnosticCollector()))
    }

    static func model(_ source: String) throws -> APIModel {
        let collector = DiagnosticCollector()
        let model = loadAPI(source: source, path: "t.routes", diagnostics: collector)
        #expect(collector.diagnostics.filter { $0.severity == .error }.isEmpty, "\(collector.diagnostics)")
        return try #require(model)
    }

    /// A fresh empty folder under the temporary directory.
    static func temporaryFolder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("routegen-serve-" + UUID().uuidString)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}

/// A raw HTTP/1.1 client on one socket, to see keep-alive and exact bytes; every read times out.
final class RawClient {
    let descriptor: Int32
    private var buffer: [UInt8] = []

    struct Response {
        var status: Int
        var head: String
        var body: String
    }

    init(port: UInt16, timeoutSeconds: Int = 10) throws {
        #if canImport(Glibc)
        descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
        descriptor = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        var timeout = timeval(tv_sec: timeoutSeconds, tv_usec: 0)
        _ = setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else {
            close(descriptor)
            throw POSIXError(.ECONNREFUSED)
        }
    }

    deinit { close(descriptor) }

    func send(_ text: String) {
        let bytes = Array(text.utf8)
        #if canImport(Glibc)
        let flags = Int32(MSG_NOSIGNAL)
        #else
        let flags: Int32 = 0
        #endif
        _ = bytes.withUnsafeBytes { Foundation.send(descriptor, $0.baseAddress, $0.count, flags) }
    }

    /// Reads one response (Content-Length framed, no body with `headOnly`); nil when the server
    /// closed or the read timed out.
    func receive(headOnly: Bool = false) -> Response? {
        while true {
            if let end = find([13, 10, 13, 10]) {
                let head = String(decoding: buffer[..<end], as: UTF8.self)
                let declared = head.components(separatedBy: "\r\n").first { $0.lowercased().hasPrefix("content-length:") }
                    .flatMap { Int($0.dropFirst("content-length:".count).trimmingCharacters(in: .whitespaces)) } ?? 0
                let length = headOnly ? 0 : declared
                if buffer.count >= end + 4 + length {
                    let body = String(decoding: buffer[(end + 4)..<(end + 4 + length)], as: UTF8.self)
                    buffer.removeFirst(end + 4 + length)
                    let status = Int(head.split(separator: " ")[1]) ?? 0
                    return Response(status: status, head: head, body: body)
                }
            }
            var chunk = [UInt8](repeating: 0, count: 16 * 1024)
            let count = chunk.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
            guard count > 0 else { return nil }
            buffer.append(contentsOf: chunk[..<count])
        }
    }

    /// Sends `GET path` on the kept-alive connection and reads the answer.
    func get(_ path: String, headers: String = "") -> Response? {
        send("GET \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\n\(headers)\r\n")
        return receive()
    }

    private func find(_ pattern: [UInt8]) -> Int? {
        guard buffer.count >= pattern.count else { return nil }
        for start in 0...(buffer.count - pattern.count) where buffer[start..<(start + pattern.count)].elementsEqual(pattern) {
            return start
        }
        return nil
    }
}
