import EndpointKit

// Samples the generated route-audit tests build request bodies from (see docs/audit-tests.md).

extension NewBook: RouteAuditSample {
    /// A book with a title and an author, like the article's `POST /books`.
    public static var auditSample: NewBook {
        NewBook(title: "Children of Dune", authorID: ID("a-1"))
    }
}

extension BookPatch: RouteAuditSample {
    /// A patch that sets one field and clears another, so both non-absent states are encoded.
    public static var auditSample: BookPatch {
        BookPatch(title: .set("Dune Messiah"), subtitle: .clear)
    }
}
