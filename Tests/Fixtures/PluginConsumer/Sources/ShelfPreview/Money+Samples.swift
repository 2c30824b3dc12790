public import EndpointKit
public import Shelf

// The app's own Money type in the route-audit tests: the value they send and compare, where the
// generated samples stop at a type the app declares.
nonisolated extension Money: RouteAuditSample {
    /// Twelve euros.
    public static var auditSample: Money { Money(amount: "12.00", currency: "EUR") }
}
