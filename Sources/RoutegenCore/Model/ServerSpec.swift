/// A server the API is reached at, from a `server NAME URL` line and its variable lines.
///
/// The first server of a file is the API's default: what `routegen serve` stands in for and
/// what a client's base URL usually is. A route that names a server (`server uploads`) is sent
/// there instead of the base URL.
public struct ServerSpec: Hashable, Sendable {
    /// The server's name (`production`), a Swift identifier.
    public var name: String
    /// The URL as written, each variable in braces: `https://{region}.api.example.com/v1`.
    public var url: String
    /// The variables the URL uses, in the order written.
    public var variables: [ServerVariable]
    /// The `///` lines above the server line.
    public var documentation: [String]
    /// Where the name stands on the `server` line.
    public var location: SourceLocation

    /// Creates a server.
    public init(name: String, url: String, variables: [ServerVariable] = [], documentation: [String] = [], location: SourceLocation) {
        self.name = name
        self.url = url
        self.variables = variables
        self.documentation = documentation
        self.location = location
    }

    /// The URL with every variable at its default: what a client reaches when it says no more.
    public var defaultURL: String {
        ServerURLTemplate.filled(url) { name in variables.first { $0.name == name }?.defaultValue }
    }

    /// `production https://api.example.com/v1`: the name and URL, as `serve` and messages show them.
    public var displayText: String { name + " " + url }
}

/// A variable of a server's URL: `region = "us" in "us", "eu"`.
public struct ServerVariable: Hashable, Sendable {
    /// The name the URL writes in braces.
    public var name: String
    /// The value a client sends when it chooses none.
    public var defaultValue: String
    /// The values the server accepts, in order; empty when any text is accepted.
    public var allowedValues: [String]
    /// The `///` lines above the variable's line.
    public var documentation: [String]
    /// Where the name stands.
    public var location: SourceLocation

    /// Creates a variable.
    public init(name: String, defaultValue: String, allowedValues: [String] = [], documentation: [String] = [], location: SourceLocation) {
        self.name = name
        self.defaultValue = defaultValue
        self.allowedValues = allowedValues
        self.documentation = documentation
        self.location = location
    }
}

/// The `{name}` variables of a server URL, read the one way the resolver, the importer and the
/// emitters share.
public enum ServerURLTemplate {
    /// One piece of a URL: literal text, or a variable's name with the offset of its `{` in scalars.
    public enum Piece: Hashable, Sendable {
        /// Text between variables, as written.
        case literal(String)
        /// `{name}`: the variable's name, and where its `{` stands, in scalars from the URL's start.
        case variable(String, offset: Int)
    }

    /// The pieces of `url`, or nil when a `{` is not closed or a `}` not opened.
    public static func pieces(_ url: String) -> [Piece]? {
        var pieces: [Piece] = []
        var text = ""
        var variableStart: Int?
        for (offset, scalar) in url.unicodeScalars.enumerated() {
            switch scalar {
            case "{":
                guard variableStart == nil else { return nil }
                if !text.isEmpty { pieces.append(.literal(text)) }
                text = ""
                variableStart = offset
            case "}":
                guard let start = variableStart else { return nil }
                pieces.append(.variable(text, offset: start))
                text = ""
                variableStart = nil
            default:
                text.unicodeScalars.append(scalar)
            }
        }
        guard variableStart == nil else { return nil }
        if !text.isEmpty { pieces.append(.literal(text)) }
        return pieces
    }

    /// The names of the variables `url` uses, each once, in the order they first appear.
    public static func variableNames(_ url: String) -> [String] {
        var names: [String] = []
        for case .variable(let name, _) in pieces(url) ?? [] where !names.contains(name) { names.append(name) }
        return names
    }

    /// `url` with each variable replaced by `value(name)`, or left as written when that is nil.
    public static func filled(_ url: String, value: (String) -> String?) -> String {
        guard let pieces = pieces(url) else { return url }
        return pieces.map { piece in
            switch piece {
            case .literal(let text): text
            case .variable(let name, _): value(name) ?? "{" + name + "}"
            }
        }.joined()
    }

    /// Whether `url` is an absolute `http` or `https` URL with a host (and a port of digits, if
    /// any), no query, fragment or user name, in ASCII: what a client's base URL must be, and what
    /// Foundation's `URL(string:)` reads on every platform.
    public static func isAbsoluteHTTP(_ url: String) -> Bool {
        let lowered = url.lowercased()
        let rest: Substring
        if lowered.hasPrefix("https://") {
            rest = url.dropFirst(8)
        } else if lowered.hasPrefix("http://") {
            rest = url.dropFirst(7)
        } else {
            return false
        }
        let forbidden: Set<Unicode.Scalar> = [" ", "?", "#", "\"", "<", ">", "\\", "^", "`", "|", "{", "}", "@"]
        guard !url.unicodeScalars.contains(where: { forbidden.contains($0) || $0.value < 0x21 || $0.value > 0x7E }) else { return false }
        return isAuthority(rest.prefix { $0 != "/" })
    }

    /// `host`, `host:port` or `[v6]:port`: a host of letters, digits, `-`, `.`, `_` and `~`, a port of digits.
    private static func isAuthority(_ authority: Substring) -> Bool {
        var host = authority
        var port: Substring?
        if authority.hasPrefix("[") {
            guard let close = authority.firstIndex(of: "]") else { return false }
            let after = authority[authority.index(after: close)...]
            guard after.isEmpty || after.hasPrefix(":") else { return false }
            host = authority[...close]
            port = after.isEmpty ? nil : after.dropFirst()
        } else if let colon = authority.lastIndex(of: ":") {
            host = authority[..<colon]
            port = authority[authority.index(after: colon)...]
        }
        if let port, port.isEmpty || !port.allSatisfy({ ("0"..."9").contains($0) }) { return false }
        guard !host.isEmpty else { return false }
        if host.hasPrefix("[") { return true }
        return host.unicodeScalars.allSatisfy { scalar in
            ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar) || "-._~".unicodeScalars.contains(scalar)
        }
    }
}
