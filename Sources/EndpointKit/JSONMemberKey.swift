/// The key of any member of a JSON object: what a generated model with an `additional` field
/// reads and writes the members no other field names with.
public struct JSONMemberKey: CodingKey, Hashable, Sendable {
    /// The member's name.
    public var stringValue: String

    /// Creates the key of the member named `stringValue`.
    public init(_ stringValue: String) {
        self.stringValue = stringValue
    }

    /// Creates the key of the member named `stringValue`.
    public init(stringValue: String) {
        self.stringValue = stringValue
    }

    /// Nil: JSON object keys are names, not positions.
    public var intValue: Int? { nil }

    /// Nil: JSON object keys are names, not positions.
    public init?(intValue: Int) {
        nil
    }
}
