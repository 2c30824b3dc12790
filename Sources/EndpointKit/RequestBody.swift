import Foundation

/// A request body: its bytes and its Content-Type, always together, so one cannot be set
/// without the other.
public enum RequestBody: Sendable {
    /// JSON from `JSONCoding.encoder`, sent as `application/json`.
    case json(any Encodable & Sendable)
    /// JSON Merge Patch (RFC 7396): JSON from `JSONCoding.encoder`, sent as
    /// `application/merge-patch+json`. Pair it with `PatchField` properties.
    case mergePatch(any Encodable & Sendable)
    /// A form from a flat `Encodable` (its CodingKeys are the field names, sorted by name),
    /// sent as `application/x-www-form-urlencoded` with the strict RFC 3986 set, so `+` is `%2B`.
    case form(any Encodable & Sendable)
    /// A form from items in the order given, strictly encoded like `.form`; a nil value gives `name=`.
    case formItems([URLQueryItem])
    /// Bytes of the given media type, sent as they are.
    case raw(Data, contentType: String)

    /// The Content-Type this body is sent with.
    public var contentType: String {
        switch self {
        case .json: "application/json"
        case .mergePatch: "application/merge-patch+json"
        case .form, .formItems: "application/x-www-form-urlencoded"
        case .raw(_, let contentType): contentType
        }
    }

    /// The bytes this body is sent as; throws `EndpointError.bodyEncodingFailed` when the value cannot be encoded.
    public func encoded() throws -> Data {
        do {
            switch self {
            case .json(let value), .mergePatch(let value):
                return try JSONCoding.encoder.encode(value)
            case .form(let value):
                let items = try FormEncoder.items(from: value)
                return Data(PercentEncoding.encodePairs(items, keepingNilValues: true).utf8)
            case .formItems(let items):
                return Data(PercentEncoding.encodePairs(items, keepingNilValues: true).utf8)
            case .raw(let data, _):
                return data
            }
        } catch let error as EndpointError {
            throw error
        } catch {
            throw EndpointError.bodyEncodingFailed(String(describing: error))
        }
    }
}
