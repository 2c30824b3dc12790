import RoutegenCore

/// What EndpointKit puts on the wire, computed at generation time, so the emitted audit tests
/// compare the real `URLRequest` with a literal string instead of re-deriving it at run time.
///
/// These rules mirror `Endpoint.urlRequest(baseURL:)`; if the two ever disagree, the audit
/// tests fail, which is the point: the generated expectation is an independent statement of
/// what the URL must be.
enum AuditTestsWireText {
    /// The base URL the audit builds every request against; its path prefix checks that
    /// endpoints keep the base URL's own path.
    static let baseURL = "https://audit.routegen.test/v1"

    /// Strict RFC 3986 encoding: every UTF-8 byte outside `A-Z a-z 0-9 - . _ ~` becomes `%XX`.
    static func percentEncoded(_ text: String) -> String {
        // Most path and query text is already unreserved: it is its own encoding.
        if !text.containsUTF8Byte(where: { !isUnreserved($0) }) { return text }
        var encoded: [UInt8] = []
        encoded.reserveCapacity(text.utf8.count * 3)
        appendPercentEncoded(text, to: &encoded)
        return String(decoding: encoded, as: UTF8.self)
    }

    /// Appends the UTF-8 bytes of `percentEncoded(text)` to `output`.
    private static func appendPercentEncoded(_ text: String, to output: inout [UInt8]) {
        var text = text
        text.withUTF8 { bytes in
            for byte in bytes {
                if isUnreserved(byte) {
                    output.append(byte)
                } else {
                    output.append(UInt8(ascii: "%"))
                    output.append(hexDigits[Int(byte >> 4)])
                    output.append(hexDigits[Int(byte & 0x0F)])
                }
            }
        }
    }

    /// The upper-case hex digits `percentEncoded` writes, by value.
    private static let hexDigits = Array("0123456789ABCDEF".utf8)

    /// A literal path part as sent: a `/` inside it separates segments; in each, RFC 3986's path
    /// characters (unreserved, `:`, `@`, `!$&'()*+,;=`) stay as written and every other byte is encoded.
    static func encodedLiteral(_ literal: String) -> [String] {
        literal.split(separator: "/").map { segment in
            var encoded: [UInt8] = []
            for byte in segment.utf8 {
                if isUnreserved(byte) || "!$&'()*+,;=:@".utf8.contains(byte) {
                    encoded.append(byte)
                } else {
                    encoded.append(UInt8(ascii: "%"))
                    encoded.append(hexDigits[Int(byte >> 4)])
                    encoded.append(hexDigits[Int(byte & 0x0F)])
                }
            }
            return String(decoding: encoded, as: UTF8.self)
        }
    }

    /// The full URL for a path (each element already encoded as one segment), its trailing
    /// slash, and query pairs (sorted by name in byte order, stable for repeated names, as
    /// EndpointKit sends them); a route without segments is the base URL itself. `server` is the
    /// route's own server URL, which EndpointKit builds on instead of the base URL.
    static func url(server: String? = nil, encodedSegments: [String], trailingSlash: Bool = false, query: [(name: String, value: String)]) -> String {
        // Bytes rather than a string: a URL is a dozen appends, and each append to a string costs
        // a few hundred instructions of bookkeeping.
        var url: [UInt8] = []
        url.reserveCapacity(128)
        var base = Substring(server ?? baseURL)
        // EndpointKit ignores a base's trailing `/` when it appends segments.
        while !encodedSegments.isEmpty, base.hasSuffix("/") { base = base.dropLast() }
        url.appendUTF8(String(base))
        for segment in encodedSegments {
            url.append(UInt8(ascii: "/"))
            url.appendUTF8(segment)
        }
        if trailingSlash && !encodedSegments.isEmpty { url.append(UInt8(ascii: "/")) }
        // Stable: pairs with one name keep their order, as EndpointKit sends repeated keys.
        let order = query.count < 2 ? Array(query.indices) : query.indices.sorted { left, right in
            let leftName = query[left].name, rightName = query[right].name
            return leftName == rightName ? left < right : leftName.utf8.lexicographicallyPrecedes(rightName.utf8)
        }
        for (position, index) in order.enumerated() {
            url.append(UInt8(ascii: position == 0 ? "?" : "&"))
            appendPercentEncoded(query[index].name, to: &url)
            url.append(UInt8(ascii: "="))
            appendPercentEncoded(query[index].value, to: &url)
        }
        return String(decoding: url, as: UTF8.self)
    }

    private static func isUnreserved(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
             UInt8(ascii: "0")...UInt8(ascii: "9"),
             UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"):
            true
        default:
            false
        }
    }
}
