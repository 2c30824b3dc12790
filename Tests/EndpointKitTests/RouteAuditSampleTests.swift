import EndpointKit
import Testing

/// Lists, optionals and dictionaries of a type with an audit sample have one too, so a route
/// whose body is `[NewBook]` is audited end to end like one whose body is `NewBook`.
@Suite("Audit samples of collections")
struct RouteAuditSampleTests {
    struct Draft: RouteAuditSample, Equatable {
        var title: String
        static var auditSample: Draft { Draft(title: "t") }
    }

    @Test func collectionsOfASampledTypeAreSampled() {
        #expect([Draft].auditSample == [Draft(title: "t")])
        #expect(Draft?.auditSample == Draft(title: "t"))
        #expect([String: Draft].auditSample == ["key": Draft(title: "t")])
        #expect([[Draft]].auditSample == [[Draft(title: "t")]])
    }
}
