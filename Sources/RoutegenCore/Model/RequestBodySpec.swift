/// A route's `body ...` clause.
public struct RequestBodySpec: Hashable, Sendable {
    /// How the body is encoded.
    public enum Kind: Hashable, Sendable {
        /// `body Type`: JSON, `application/json`.
        case json(TypeReference)
        /// `body merge-patch Type`: JSON sent as `application/merge-patch+json` (RFC 7396).
        case mergePatch(TypeReference)
        /// `body form Type`: a flat Encodable sent as `application/x-www-form-urlencoded`.
        case form(TypeReference)
        /// `body multipart Type`: the model's fields as `multipart/form-data` parts (a `FilePart`
        /// field is a file, a scalar a text part, anything else a JSON part).
        case multipart(TypeReference)
        /// `body raw "media/type"`: bytes (`Data`) of that media type.
        case raw(mediaType: String)
    }

    /// How the body is encoded.
    public var kind: Kind
    /// Where the `body` keyword stands.
    public var location: SourceLocation
    /// Where the body's type or media type stands.
    public var typeLocation: SourceLocation

    /// Creates a body clause.
    public init(kind: Kind, location: SourceLocation, typeLocation: SourceLocation) {
        self.kind = kind
        self.location = location
        self.typeLocation = typeLocation
    }

    /// The Content-Type the body is sent with.
    public var contentType: String {
        switch kind {
        case .json: MediaType.json
        case .mergePatch: MediaType.mergePatch
        case .form: MediaType.form
        case .multipart: MediaType.multipart
        case .raw(let mediaType): mediaType
        }
    }

    /// The Swift type of the `body:` argument: the model type, or `Data` for a raw body.
    public var type: TypeReference {
        switch kind {
        case .json(let type), .mergePatch(let type), .form(let type), .multipart(let type): type
        case .raw: .named(EndpointKitVocabulary.dataType)
        }
    }

    /// The keyword that names the kind in route files and the route table:
    /// `json`, `merge-patch`, `form`, `multipart` or `raw`.
    public var kindName: String {
        switch kind {
        case .json: "json"
        case .mergePatch: "merge-patch"
        case .form: "form"
        case .multipart: "multipart"
        case .raw: "raw"
        }
    }
}
