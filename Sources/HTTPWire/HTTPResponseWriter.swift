/// How an `HTTPResponseWriter` frames an answer: the servers differ here on purpose.
package struct HTTPResponseFraming: Sendable {
    /// Whether a 1xx status goes without a body (and its `Content-Length`), as 204 and 304 always do.
    package var informationalHasNoBody: Bool
    /// Whether a `Content-Length` among the given headers stands instead of the one the writer adds.
    package var keepsGivenContentLength: Bool
    /// Whether a kept-alive answer says `Connection: keep-alive`; a closing one always says `close`.
    package var announcesKeepAlive: Bool

    package init(informationalHasNoBody: Bool, keepsGivenContentLength: Bool, announcesKeepAlive: Bool) {
        self.informationalHasNoBody = informationalHasNoBody
        self.keepsGivenContentLength = keepsGivenContentLength
        self.announcesKeepAlive = announcesKeepAlive
    }
}

/// Writes HTTP/1.1 responses as bytes for the wire.
package enum HTTPResponseWriter {
    /// The interim answer to `Expect: 100-continue`.
    package static let continueLine = Array("HTTP/1.1 100 Continue\r\n\r\n".utf8)

    /// Status line, headers, `Content-Length` and `Connection` as `framing` says, blank line, and
    /// the body unless the status has none or `method` is `HEAD`.
    package static func serialize(
        status: Int,
        headers: [(name: String, value: String)],
        body: some Collection<UInt8>,
        method: String,
        closing: Bool,
        framing: HTTPResponseFraming
    ) -> [UInt8] {
        let bodyless = status == 204 || status == 304 || (framing.informationalHasNoBody && (100..<200).contains(status))
        var head = statusLine(status)
        for header in headers { head += header.name + ": " + header.value + "\r\n" }
        let givenLength = framing.keepsGivenContentLength && headers.contains { $0.name.lowercased() == "content-length" }
        if !bodyless && !givenLength { head += "Content-Length: " + String(body.count) + "\r\n" }
        if closing {
            head += "Connection: close\r\n"
        } else if framing.announcesKeepAlive {
            head += "Connection: keep-alive\r\n"
        }
        head += "\r\n"
        var bytes = Array(head.utf8)
        if !bodyless && method != "HEAD" { bytes.append(contentsOf: body) }
        return bytes
    }

    /// `HTTP/1.1 404 Not Found\r\n`.
    package static func statusLine(_ status: Int) -> String {
        "HTTP/1.1 " + String(status) + " " + reasonPhrase(status) + "\r\n"
    }

    /// The reason phrase of `status`; `Status` for one not listed (clients do not read it).
    package static func reasonPhrase(_ status: Int) -> String {
        switch status {
        case 200: "OK"
        case 201: "Created"
        case 202: "Accepted"
        case 204: "No Content"
        case 301: "Moved Permanently"
        case 302: "Found"
        case 304: "Not Modified"
        case 400: "Bad Request"
        case 401: "Unauthorized"
        case 403: "Forbidden"
        case 404: "Not Found"
        case 408: "Request Timeout"
        case 409: "Conflict"
        case 411: "Length Required"
        case 413: "Content Too Large"
        case 422: "Unprocessable Content"
        case 431: "Request Header Fields Too Large"
        case 500: "Internal Server Error"
        case 502: "Bad Gateway"
        case 503: "Service Unavailable"
        default: "Status"
        }
    }
}
