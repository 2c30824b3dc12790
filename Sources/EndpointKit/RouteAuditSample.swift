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
