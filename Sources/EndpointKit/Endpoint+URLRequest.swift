import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension Endpoint {
    /// Builds the request: the one place that knows the rules.
    ///
    /// - Path: each literal is split at `/`; each piece and each `.value` is one segment. A
    ///   `.value` is percent-encoded outside the RFC 3986 unreserved set (`b/7` → `b%2F7`, `x y`
    ///   → `x%20y`); a literal keeps RFC 3986's path characters as written (`levels:append`);
    ///   a `.delimited` segment encodes each value so and keeps its prefix and separator.
    ///   Empty values, `.` and `..` throw `EndpointError.invalidSegment`. Segments are appended
    ///   to the base URL's path (a trailing `/` on the base is ignored), followed by one `/`
    ///   when `hasTrailingSlash` is set and there is a segment; the base URL's query and
    ///   fragment are replaced. An endpoint with its own `server` builds on that URL instead
    ///   of `baseURL`, and its `link` must have that server's origin.
    /// - Query: items with a nil value are left out; the rest are sorted by name (byte order,
    ///   stable for repeated names) and strictly encoded (`c++ & rust` → `c%2B%2B%20%26%20rust`).
    /// - Headers: `Accept` from `accept`; a body sets its bytes and `Content-Type` together and
    ///   throws `EndpointError.bodyNotAllowed` on a method that allows none; `headers` are applied
    ///   last, in name order, so they may override both. A header name that is empty or not an
    ///   RFC 9110 token (a colon, a space, CR, LF), or a value containing CR, LF or NUL, throws
    ///   `EndpointError.invalidHeader`.
    public func urlRequest(baseURL: URL) throws -> URLRequest {
        var request = URLRequest(url: try url(baseURL: baseURL))
        request.httpMethod = method.rawValue

        if let accept {
            try Self.checkHeader(name: "Accept", value: accept)
            request.setValue(accept, forHTTPHeaderField: "Accept")
        }
        if let body {
            guard method.allowsBody else { throw EndpointError.bodyNotAllowed(method.rawValue) }
            try Self.checkHeader(name: "Content-Type", value: body.contentType)
            request.httpBody = try body.encoded()
            request.setValue(body.contentType, forHTTPHeaderField: "Content-Type")
        }
        for name in headers.keys.sorted(by: { $0.utf8.lexicographicallyPrecedes($1.utf8) }) {
            let value = headers[name] ?? ""
            try Self.checkHeader(name: name, value: value)
            request.setValue(value, forHTTPHeaderField: name)
        }
        return request
    }

    /// The full URL: base, encoded path segments, sorted strict query; or the `link`, when it
    /// has the base URL's origin.
    private func url(baseURL given: URL) throws -> URL {
        let baseURL = server ?? given
        if let link { return try Self.resolve(link: link, against: baseURL) }
        var segments: [String] = []
        for segment in path {
            switch segment {
            case .literal(let text):
                for piece in text.split(separator: "/").map(String.init) {
                    try Self.checkSegment(piece)
                    segments.append(PercentEncoding.encodeLiteralSegment(piece))
                }
            case .value(let value):
                try Self.checkSegment(value)
                segments.append(PercentEncoding.encode(value))
            case .delimited(let values, let prefix, let separator):
                let segment = prefix + values.map(PercentEncoding.encode).joined(separator: separator)
                try Self.checkSegment(segment)
                segments.append(segment)
            }
        }

        guard var components = URLComponents(url: baseURL, resolvingAgainstBaseURL: true),
              components.scheme != nil, components.host != nil
        else { throw EndpointError.invalidURL(baseURL.absoluteString) }

        if !segments.isEmpty {
            var basePath = components.percentEncodedPath
            while basePath.hasSuffix("/") { basePath.removeLast() }
            components.percentEncodedPath = basePath + "/" + segments.joined(separator: "/") + (hasTrailingSlash ? "/" : "")
        }

        let sentItems = query.filter { $0.value != nil }.enumerated()
            .sorted { left, right in
                left.element.name == right.element.name
                    ? left.offset < right.offset
                    : left.element.name.utf8.lexicographicallyPrecedes(right.element.name.utf8)
            }
            .map(\.element)
        components.percentEncodedQuery = sentItems.isEmpty
            ? nil
            : PercentEncoding.encodePairs(sentItems, keepingNilValues: false)
        components.fragment = nil

        guard let url = components.url else { throw EndpointError.invalidURL(baseURL.absoluteString) }
        return url
    }

    /// `link` resolved against `baseURL`, when its origin (scheme, host, port) is the base URL's:
    /// the same rule `CredentialRedirectGuard` applies to redirects.
    private static func resolve(link: String, against baseURL: URL) throws -> URL {
        guard let resolved = URL(string: link, relativeTo: baseURL)?.absoluteURL, resolved.host != nil else {
            throw PaginationError.invalidLink(link)
        }
        guard CredentialRedirectGuard.origin(of: resolved) == CredentialRedirectGuard.origin(of: baseURL) else {
            throw PaginationError.linkToAnotherOrigin(host: resolved.host ?? link)
        }
        return resolved
    }

    private static func checkSegment(_ segment: String) throws {
        guard !segment.isEmpty, segment != ".", segment != ".." else {
            throw EndpointError.invalidSegment(segment)
        }
    }

    private static func checkHeader(name: String, value: String) throws {
        let breaksLine: (Unicode.Scalar) -> Bool = { $0 == "\r" || $0 == "\n" || $0 == "\0" }
        guard !name.isEmpty,
              name.unicodeScalars.allSatisfy(isTokenCharacter),
              !value.unicodeScalars.contains(where: breaksLine)
        else { throw EndpointError.invalidHeader(name) }
    }

    /// RFC 9110 `tchar`: a header name made of anything else (a colon, a space, a line break)
    /// would be read by the server as a different header than the one written.
    private static func isTokenCharacter(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case "A"..."Z", "a"..."z", "0"..."9",
             "!", "#", "$", "%", "&", "'", "*", "+", "-", ".", "^", "_", "`", "|", "~":
            true
        default:
            false
        }
    }
}
