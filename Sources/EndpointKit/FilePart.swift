import Foundation

/// A file in a `multipart/form-data` body: a model field of this type is sent as a file part,
/// with its bytes, file name and media type (`RequestBody.multipart(_:boundary:)`).
public struct FilePart: Sendable, Hashable, Codable {
    /// The file's bytes, sent as they are.
    public var data: Data
    /// The file name the part's `Content-Disposition` names; `"`, CR and LF are percent-encoded.
    public var filename: String
    /// The part's `Content-Type`, `application/octet-stream` unless given.
    public var contentType: String

    /// Creates a file part.
    public init(data: Data, filename: String, contentType: String = "application/octet-stream") {
        self.data = data
        self.filename = filename
        self.contentType = contentType
    }
}
