import EndpointKit

/// The body of `PATCH /books/{id}`, sent as JSON Merge Patch (RFC 7396).
///
/// Each field has three states, which an optional cannot express: `.unchanged` leaves the
/// key out, `.clear` sends `null`, `.set` sends the value. `BookPatch()` encodes to `{}`.
public struct BookPatch: Encodable, Equatable, Sendable {
    /// The new title, or `.unchanged`.
    public var title: PatchField<String>
    /// The new subtitle, `.clear` to remove it, or `.unchanged`.
    public var subtitle: PatchField<String>

    /// Creates a patch; every field defaults to `.unchanged`.
    public init(title: PatchField<String> = .unchanged, subtitle: PatchField<String> = .unchanged) {
        self.title = title
        self.subtitle = subtitle
    }

    private enum CodingKeys: String, CodingKey {
        case title
        case subtitle
    }

    /// Writes only the fields that change; synthesized Encodable cannot leave a key out.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(title, forKey: .title)
        try container.encode(subtitle, forKey: .subtitle)
    }
}
