/// A header field an audited call must set.
public struct AuditHeader: Sendable, Equatable {
    /// The field name as the route declares it.
    public let name: String
    /// The exact value.
    public let value: String

    /// A field `name: value`.
    public init(name: String, value: String) {
        self.name = name
        self.value = value
    }
}
