import RoutegenCore
import RoutegenLint
import Testing

@Suite("Rule ids are one shared enum")
struct LintRuleIDTests {
    @Test func everyRuleHasItsIDAndEveryIDItsRuleInOrder() {
        #expect(LintRules.all.map { $0.id } == LintRuleID.allCases.map(\.rawValue))
    }
}
