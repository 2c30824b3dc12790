/// One header field as it appears on the wire.
public struct HTTPHeader: Hashable, Sendable {
    /// The field name, as sent.
    public var name: String
    /// The field value, without surrounding whitespace.
    public var value: String

    /// Creates a header field.
    public init(name: String, value: String) {
        self.name = name
        self.value = value
    }
}
