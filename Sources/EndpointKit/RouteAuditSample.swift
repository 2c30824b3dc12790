/// A model that routegen's generated route-audit tests can build a request from.
///
/// The audit cannot construct users' body types (`NewBook`, `BookPatch`) on its own. A type
/// that adopts this protocol lets the audit build its routes end to end and check the real
/// request; a body type without it still has its method, path, access and Content-Type
/// audited from the route table, and shows as a named known issue in the test output.
/// The sample is only encoded by the tests, never sent.
public protocol RouteAuditSample {
    /// A representative value of the type.
    static var auditSample: Self { get }
}

extension Array: RouteAuditSample where Element: RouteAuditSample {
    /// A list of one element's sample: a body `[NewBook]` is audited like `NewBook`.
    public static var auditSample: [Element] { [Element.auditSample] }
}

extension Optional: RouteAuditSample where Wrapped: RouteAuditSample {
    /// The wrapped type's sample: an optional body is audited as sent.
    public static var auditSample: Wrapped? { Wrapped.auditSample }
}

extension Dictionary: RouteAuditSample where Key == String, Value: RouteAuditSample {
    /// One entry, `"key"`, holding the value's sample.
    public static var auditSample: [String: Value] { ["key": Value.auditSample] }
}
