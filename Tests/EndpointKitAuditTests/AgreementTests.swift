@testable import EndpointKitAudit
import RoutegenCore
@testable import RoutegenEmit
@testable import RoutegenLint
import Testing

/// The generator writes literals that EndpointKitAudit must match, and the audit's user check
/// must flag the names the linter flags: checked here, where both sides are in reach.
@Suite("EndpointKitAudit agrees with routegen")
struct AgreementTests {
    @Test func theAuditBaseURLIsTheOneTheExpectedURLsAreComputedFrom() {
        #expect(auditBaseURL.absoluteString == AuditTestsWireText.baseURL)
    }

    @Test func theUserIdentifierNamesAreTheLintRules() {
        #expect(userIdentifierWords == UserIdentifier.names)
    }

    @Test func theGeneratedFilesImportThisModule() {
        #expect(EndpointKitVocabulary.auditModule == "EndpointKitAudit")
    }
}
