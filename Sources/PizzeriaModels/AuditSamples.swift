import EndpointKit

// Samples the generated route-audit tests build request bodies from (see docs/audit-tests.md).

extension OrderLine: RouteAuditSample {
    /// One margherita on a thin crust with extra basil.
    public static var auditSample: OrderLine {
        OrderLine(product: ID("margherita"), crust: ID("thin"), toppings: [ID("basil")], quantity: 1)
    }
}

extension NewAddress: RouteAuditSample {
    /// A complete address with driver instructions.
    public static var auditSample: NewAddress {
        NewAddress(street: "1 Via Roma", city: "Napoli", postalCode: "80100", instructions: "Ring twice")
    }
}

extension NewOrder: RouteAuditSample {
    /// One line delivered to a saved address.
    public static var auditSample: NewOrder {
        NewOrder(lines: [.auditSample], deliveryAddress: ID("addr-1"), notes: "No olives")
    }
}

extension GuestOrder: RouteAuditSample {
    /// One line for a guest, with the address inline.
    public static var auditSample: GuestOrder {
        GuestOrder(lines: [.auditSample], name: "Ada", phone: "+39 081 000 0000", address: .auditSample)
    }
}
