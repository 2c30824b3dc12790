import EndpointKit

/// Thrown while building an endpoint whose argument type has no `RouteAuditSample`.
public struct MissingAuditSample: Error, CustomStringConvertible {
    /// The type without a sample, as Swift prints it.
    public let typeName: String

    /// A gap for the type Swift prints as `typeName`.
    public init(typeName: String) {
        self.typeName = typeName
    }

    /// `no audit sample for NewBook; conform it to RouteAuditSample`: the known issue's message.
    public var description: String { "no audit sample for \(typeName); conform it to RouteAuditSample" }
}

/// The type's `RouteAuditSample` value, found at run time, because routegen cannot know
/// which models adopt it; throws `MissingAuditSample` when it has none.
public func auditSample<Value>(_ type: Value.Type) throws -> Value {
    guard let sampleType = type as? any RouteAuditSample.Type,
          let sample = sampleType.auditSample as? Value
    else { throw MissingAuditSample(typeName: String(describing: type)) }
    return sample
}
