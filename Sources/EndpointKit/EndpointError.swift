/// Why `Endpoint.urlRequest(baseURL:)` refused to build a request. These are programming
/// errors in an endpoint or its arguments, found before anything is sent.
public enum EndpointError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A path segment is empty, `.` or `..` (the offending text).
    case invalidSegment(String)
    /// A body was given to a method that allows none (the method).
    case bodyNotAllowed(String)
    /// A header name is empty or not an RFC 9110 token, or a value contains CR, LF or NUL (the header's name).
    case invalidHeader(String)
    /// The body could not be encoded (what the encoder said).
    case bodyEncodingFailed(String)
    /// The base URL and path do not form a URL (the base URL).
    case invalidURL(String)

    /// A sentence saying what is wrong and what to do.
    public var description: String {
        switch self {
        case .invalidSegment(let segment):
            "path segment '\(segment)' is empty or a dot segment; pass a real value"
        case .bodyNotAllowed(let method):
            "a \(method) request cannot carry a body; remove the body or use POST, PUT or PATCH"
        case .invalidHeader(let name):
            "header '\(name)' has a name that is not a token or a line break in its value; use letters, digits and '-' in the name and remove CR, LF and NUL from the value"
        case .bodyEncodingFailed(let reason):
            "the request body could not be encoded: \(reason)"
        case .invalidURL(let baseURL):
            "base URL '\(baseURL)' cannot take a path; use an absolute http(s) URL"
        }
    }
}
