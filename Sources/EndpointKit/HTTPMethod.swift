/// An HTTP request method, and whether a request with it may carry a body.
///
/// A struct with static members rather than an enum, so an API with an unusual method can
/// still be described.
public struct HTTPMethod: Hashable, Sendable, CustomStringConvertible {
    /// The method token as sent on the request line, e.g. `GET`.
    public let rawValue: String
    /// Whether a request with this method may carry a body; `urlRequest` refuses a body otherwise.
    public let allowsBody: Bool

    /// Creates a method with an explicit body rule.
    public init(rawValue: String, allowsBody: Bool) {
        self.rawValue = rawValue
        self.allowsBody = allowsBody
    }

    /// Creates a method from its token: a known token keeps its own body rule, any other token may carry a body.
    public init(rawValue: String) {
        let known = [HTTPMethod.get, .head, .post, .put, .patch, .delete, .options]
        self = known.first { $0.rawValue == rawValue } ?? HTTPMethod(rawValue: rawValue, allowsBody: true)
    }

    /// `GET`: no body.
    public static let get = HTTPMethod(rawValue: "GET", allowsBody: false)
    /// `HEAD`: no body.
    public static let head = HTTPMethod(rawValue: "HEAD", allowsBody: false)
    /// `POST`: may carry a body.
    public static let post = HTTPMethod(rawValue: "POST", allowsBody: true)
    /// `PUT`: may carry a body.
    public static let put = HTTPMethod(rawValue: "PUT", allowsBody: true)
    /// `PATCH`: may carry a body.
    public static let patch = HTTPMethod(rawValue: "PATCH", allowsBody: true)
    /// `DELETE`: may carry a body, for the APIs that declare one (some proxies drop it, so an
    /// API should not need one; lint's `delete-body` says so).
    public static let delete = HTTPMethod(rawValue: "DELETE", allowsBody: true)
    /// `OPTIONS`: no body.
    public static let options = HTTPMethod(rawValue: "OPTIONS", allowsBody: false)

    /// The method token.
    public var description: String { rawValue }
}
