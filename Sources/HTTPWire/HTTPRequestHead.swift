import Foundation

/// An HTTP/1.1 request line and its header fields, as sent.
package struct HTTPRequestHead: Sendable {
    /// The method token: `GET`.
    package var method: String
    /// The request target as sent: `/books?q=dune`.
    package var target: String
    /// The protocol version: `HTTP/1.1`.
    package var version: String
    /// The header fields in the order sent, values without surrounding whitespace.
    package var headers: [(name: String, value: String)]

    /// The first value of header `name`, compared without regard to ASCII case.
    package func header(_ name: String) -> String? {
        headers.first { Self.sameASCIILetters($0.name, name) }?.value
    }

    /// Parses the head's text (without its closing blank line); nil when it is not a request head.
    /// The target must be origin-form (`/…`), or `*` when `acceptsAsteriskTarget`.
    package static func parse(_ head: String, acceptsAsteriskTarget: Bool) -> HTTPRequestHead? {
        let lines = head.components(separatedBy: "\r\n")
        let requestLine = lines[0].split(separator: " ", omittingEmptySubsequences: false)
        guard requestLine.count == 3, !requestLine[0].isEmpty,
              requestLine[1].hasPrefix("/") || (acceptsAsteriskTarget && requestLine[1] == "*"),
              requestLine[2].hasPrefix("HTTP/1.")
        else { return nil }
        var headers: [(name: String, value: String)] = []
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { return nil }
            let name = String(line[..<colon])
            guard !name.isEmpty, !name.contains(" ") else { return nil }
            headers.append((name, line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)))
        }
        return HTTPRequestHead(method: String(requestLine[0]), target: String(requestLine[1]), version: String(requestLine[2]), headers: headers)
    }

    private static func sameASCIILetters(_ left: String, _ right: String) -> Bool {
        left.utf8.elementsEqual(right.utf8) { asciiLowercase($0) == asciiLowercase($1) }
    }

    private static func asciiLowercase(_ byte: UInt8) -> UInt8 {
        (65...90).contains(byte) ? byte + 32 : byte
    }
}
