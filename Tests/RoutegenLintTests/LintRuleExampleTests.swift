import RoutegenCore
import RoutegenLint
import Testing

/// Swift Testing has a `SourceLocation` too; in these tests it always means the route file's.
typealias SourceLocation = RoutegenCore.SourceLocation

/// Every rule's examples are its specification: each triggering example produces findings
/// exactly where its `↓` markers are, each non-triggering example produces none.
@Suite struct LintRuleExampleTests {
    @Test(arguments: LintRules.all.map { $0.id })
    func ruleFindsExactlyWhatItsExamplesMark(ruleID: String) throws {
        let rule = try #require(LintRules.rule(withID: ruleID))
        for example in rule.triggeringExamples {
            let marked = MarkedExample(example, path: "\(ruleID).routes")
            let model = try #require(parseWithoutErrors(marked.source, path: marked.path), "example does not parse:\n\(example)")
            let found = rule.init().check(model, context: LintContext(source: marked.source)).map(\.location)
            #expect(found.sorted() == marked.markers, "triggering example of '\(ruleID)':\n\(example)")
            #expect(!marked.markers.isEmpty, "triggering example of '\(ruleID)' has no marker:\n\(example)")
        }
        let first = try #require(rule.triggeringExamples.first)
        let marked = MarkedExample(first, path: "\(ruleID).routes")
        let model = try #require(parseWithoutErrors(marked.source, path: marked.path))
        let messages = rule.init().check(model, context: LintContext(source: marked.source)).map(\.message)
        #expect(messages.first == rule.exampleMessage, "first triggering example of '\(ruleID)' is worded otherwise")
        for example in rule.nonTriggeringExamples {
            let model = try #require(parseWithoutErrors(example, path: "\(ruleID).routes"), "example does not parse:\n\(example)")
            let found = rule.init().check(model, context: LintContext(source: example))
            #expect(found.isEmpty, "non-triggering example of '\(ruleID)' found \(found.map(\.message)):\n\(example)")
        }
    }

    /// Advice on something the server decides never reads as a route-file-only change.
    @Test(arguments: LintRules.all.filter { $0.fixScope == .server }.map { $0.id })
    func serverDecidedRuleSaysTheServerDecides(ruleID: String) throws {
        let rule = try #require(LintRules.rule(withID: ruleID))
        #expect(rule.exampleMessage.contains("the server decides"), "\(rule.exampleMessage)")
    }

    @Test func rulesBelongToTheSetsTheIssueNames() {
        let recommended = LintRules.all.filter { $0.ruleSet == .recommended }.map { $0.id }
        let style = LintRules.all.filter { $0.ruleSet == .style }.map { $0.id }
        #expect(recommended == [
            "user-id-in-authenticated-path", "secret-in-query", "unauthenticated-write", "ambiguous-path",
            "patch-without-merge-patch", "public-user-data", "authorization-header-parameter", "credential-in-query",
            "delete-body", "patch-lists-id", "floating-point-money", "unreachable-union-variant",
        ])
        #expect(style == [
            "trailing-slash", "path-style", "empty-response-on-get", "inconsistent-id-type", "deprecated-without-docs", "missing-docs",
            "untyped-id-field", "unused-type", "type-name-style", "wire-name-style",
        ])
    }

    @Test func everyRuleHasAUniqueIDAndBothKindsOfExamples() {
        let ids = LintRules.all.map { $0.id }
        #expect(Set(ids).count == ids.count)
        for rule in LintRules.all {
            #expect(!rule.triggeringExamples.isEmpty, "\(rule.id)")
            #expect(!rule.nonTriggeringExamples.isEmpty, "\(rule.id)")
            #expect(!rule.summary.isEmpty && !rule.rationale.isEmpty, "\(rule.id)")
        }
    }

    @Test func theRulesTheIssueNamesExistWithExactlyTheirIDs() {
        let required = [
            "user-id-in-authenticated-path", "secret-in-query", "unauthenticated-write", "ambiguous-path",
            "patch-without-merge-patch", "trailing-slash", "path-style", "empty-response-on-get",
        ]
        #expect(Array(LintRules.all.map { $0.id }.prefix(required.count)) == required)
    }
}

/// A route file with `↓` markers: the text without them, and where each one stood.
struct MarkedExample {
    /// The path findings are reported against.
    let path: String
    /// The text without markers.
    let source: String
    /// The location of the character after each marker, in text order.
    let markers: [SourceLocation]

    init(_ text: String, path: String) {
        self.path = path
        var source = String.UnicodeScalarView()
        var markers: [SourceLocation] = []
        var line = 1, column = 1
        for scalar in text.unicodeScalars {
            if scalar == "↓" {
                markers.append(SourceLocation(file: path, line: line, column: column))
                continue
            }
            source.append(scalar)
            if scalar == "\n" {
                line += 1
                column = 1
            } else {
                column += 1
            }
        }
        self.source = String(source)
        self.markers = markers
    }
}

/// The model of `source`, or nil when it has errors (which are then printed into the test log).
func parseWithoutErrors(_ source: String, path: String = "Test.routes") -> APIModel? {
    let collector = DiagnosticCollector()
    let model = loadAPI(source: source, path: path, diagnostics: collector)
    for diagnostic in collector.diagnostics where diagnostic.severity == .error {
        print("\(diagnostic.location?.description ?? path): error: \(diagnostic.message)")
    }
    return collector.hasErrors ? nil : model
}
