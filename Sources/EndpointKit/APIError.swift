import Foundation

/// Why a request failed, with a message fit for a person. Details that help a developer go
/// to the log, privately, never into the message.
///
/// `==` compares what a person sees (the case, status, message and body texts), never `.api`'s
/// headers: a test may expect `.api(status: 404, message: "Request failed with 404.", body: nil)`
/// of a real server, whatever `Date` it sent.
public enum APIError: Error, Equatable, Sendable, LocalizedError {
    /// The request did not complete: timed out, offline, or the server could not be reached.
    case transport(message: String)
    /// The server answered with a status outside 200–299; `body` is its JSON error body when it
    /// sent one, `headers` the response's header fields (names as the server wrote them).
    case api(status: Int, message: String, body: APIErrorBody?, headers: [String: String] = [:])
    /// A successful response could not be read as the expected type (our bug, not the user's connection).
    case decoding(message: String)

    /// The message to show.
    public var message: String {
        switch self {
        case .transport(let message), .api(_, let message, _, _), .decoding(let message): message
        }
    }

    /// The status of an `.api` error; nil for the other cases.
    public var status: Int? {
        guard case .api(let status, _, _, _) = self else { return nil }
        return status
    }

    /// The value of the response's header field `name`, matched without regard to case; nil when
    /// this is not `.api` or the server sent no such field.
    public func header(_ name: String) -> String? {
        guard case .api(_, _, _, let headers) = self else { return nil }
        return headers.first { $0.key.caseInsensitiveCompare(name) == .orderedSame }?.value
    }

    /// How long the server asked the client to wait before trying again (`Retry-After`, RFC 9110
    /// §10.2.3, in seconds or as an HTTP date, a date in the past being zero); nil when it said nothing
    /// readable. Usually sent with 429 and 503.
    public var retryAfter: Duration? {
        header("Retry-After").flatMap { RetryAfter.duration(from: $0, now: Date()) }
    }

    /// Equal when the case, status, message and body texts are; `.api`'s headers are left out.
    public static func == (lhs: APIError, rhs: APIError) -> Bool {
        switch (lhs, rhs) {
        case (.transport(let left), .transport(let right)), (.decoding(let left), .decoding(let right)):
            left == right
        case (.api(let leftStatus, let leftMessage, let leftBody, _), .api(let rightStatus, let rightMessage, let rightBody, _)):
            leftStatus == rightStatus && leftMessage == rightMessage && leftBody == rightBody
        default:
            false
        }
    }

    /// The message to show, for `localizedDescription`.
    public var errorDescription: String? { message }

    /// The error body decoded as the API's own type, such as `error.body(as: ProblemDetails.self)`:
    /// nil when this is not `.api`, or its body was not JSON of that type.
    public func body<Body: Decodable>(as type: Body.Type) -> Body? {
        guard case .api(_, _, let body?, _) = self else { return nil }
        return body.decoded(as: type)
    }
}

/// A JSON error body as APIs commonly send it: `{"message": ...}`, `{"error": ...}`, or RFC 9457
/// problem details (`title`, `detail`). Any JSON object decodes; fields of another type are nil.
public struct APIErrorBody: Codable, Equatable, Sendable {
    /// `message`: the usual human-readable text.
    public var message: String?
    /// `error`: a short text or code.
    public var error: String?
    /// `title`: RFC 9457's summary of the problem type.
    public var title: String?
    /// `detail`: RFC 9457's explanation of this occurrence.
    public var detail: String?
    /// The body's bytes as the server sent them, for `decoded(as:)`; nil for a body made in code.
    /// Not encoded, and not compared by `==`: two bodies with the same texts are equal.
    public var bytes: Data?

    /// Creates an error body.
    public init(message: String? = nil, error: String? = nil, title: String? = nil, detail: String? = nil) {
        self.message = message
        self.error = error
        self.title = title
        self.detail = detail
    }

    /// Reads a JSON error body, keeping its bytes for `decoded(as:)`; nil when it is no JSON object.
    public init?(bytes: Data) {
        guard var body = try? JSONCoding.decoder.decode(APIErrorBody.self, from: bytes) else { return nil }
        body.bytes = bytes
        self = body
    }

    /// The body decoded as the API's own error type (`ProblemDetails`); nil without `bytes` or
    /// when they are not JSON of that type.
    public func decoded<Body: Decodable>(as type: Body.Type) -> Body? {
        guard let bytes else { return nil }
        return try? JSONCoding.decoder.decode(type, from: bytes)
    }

    /// The four texts, as `Encodable` writes them; `bytes` is not one of them.
    private enum CodingKeys: String, CodingKey {
        case message, error, title, detail
    }

    /// Equal when the four texts are; `bytes` is left out.
    public static func == (lhs: APIErrorBody, rhs: APIErrorBody) -> Bool {
        lhs.message == rhs.message && lhs.error == rhs.error && lhs.title == rhs.title && lhs.detail == rhs.detail
    }

    /// Decodes any JSON object, keeping the fields that are strings.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        message = try? container.decodeIfPresent(String.self, forKey: .message)
        error = try? container.decodeIfPresent(String.self, forKey: .error)
        title = try? container.decodeIfPresent(String.self, forKey: .title)
        detail = try? container.decodeIfPresent(String.self, forKey: .detail)
    }

    /// The most specific non-empty text: `message`, then `detail`, `error`, `title`.
    public var displayMessage: String? {
        [message, detail, error, title].compactMap { $0 }.first { !$0.isEmpty }
    }
}
