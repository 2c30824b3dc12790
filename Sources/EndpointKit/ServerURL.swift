import Foundation

/// A server URL with `{name}` variables, as an API description writes one
/// (`https://{region}.api.example.com/v1`): what a generated `<Api>Servers` function fills in.
public enum ServerURL {
    /// `template` with each `{name}` replaced by `values[name]` as written (a name without a value
    /// stays in braces). Throws `EndpointError.invalidURL` when the result is not an absolute
    /// http or https URL with a host, or carries a query, a fragment or a user name: a value that
    /// would move the requests elsewhere than the server's own place is refused, not sent.
    public static func url(_ template: String, values: [String: String]) throws -> URL {
        var text = ""
        var rest = Substring(template)
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
            text += rest[..<open]
            let name = String(rest[rest.index(after: open)..<close])
            text += values[name] ?? "{" + name + "}"
            rest = rest[rest.index(after: close)...]
        }
        text += rest
        // Only what RFC 3986 lets a URL hold: a brace left unfilled, a space or a non-ASCII
        // letter would otherwise be read differently by each platform's `URL(string:)`.
        let allowed = "-._~:/?#[]@!$&'()*+,;=%"
        guard text.unicodeScalars.allSatisfy({ $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || allowed.unicodeScalars.contains($0)) }),
              let url = URL(string: text), let components = URLComponents(url: url, resolvingAgainstBaseURL: false),
              let scheme = components.scheme?.lowercased(), scheme == "http" || scheme == "https",
              let host = components.host, !host.isEmpty,
              components.query == nil, components.fragment == nil, components.user == nil, components.password == nil
        else { throw EndpointError.invalidURL(text) }
        return url
    }
}
