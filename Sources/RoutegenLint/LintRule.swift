import RoutegenCore

/// A lint rule: one opinion about an API, with the examples that specify it.
///
/// Examples are route-file texts; in a triggering example a `↓` marks where each finding
/// must point (line and column). `LintRuleExampleTests` walks every rule's examples, so an
/// example that drifts from the rule's behaviour fails the build.
public protocol LintRule: Sendable {
    /// The stable id used in configuration, suppression comments and reports (`secret-in-query`).
    static var id: String { get }
    /// The severity the rule has when its set runs and no configuration says otherwise.
    static var defaultSeverity: RuleSeverity { get }
    /// The set it belongs to: `recommended` (wrong on the wire or a security risk) or `style`.
    static var ruleSet: RuleSet { get }
    /// Whether following its advice changes only the route file or also the server.
    static var fixScope: FixScope { get }
    /// The exact message of the first finding of the first triggering example, so the wording
    /// (and, for `.server` rules, that it says the server must change) is specified and tested.
    static var exampleMessage: String { get }
    /// One line saying what the rule finds.
    static var summary: String { get }
    /// Why a reviewer cares: the paragraph shown as help in SARIF and in docs/lint-rules.md.
    static var rationale: String { get }
    /// Route files that must produce findings exactly at each `↓`.
    static var triggeringExamples: [String] { get }
    /// Route files that must produce no finding.
    static var nonTriggeringExamples: [String] { get }

    /// Creates the rule; rules hold no state.
    init()

    /// The findings of this rule in `model`, in file order.
    func check(_ model: APIModel, context: LintContext) -> [LintFinding]
}

/// What a rule reports: the engine turns it into a `Diagnostic` with the configured severity.
public struct LintFinding: Hashable, Sendable {
    /// A short, lower-case message that quotes the name and says what to do.
    public var message: String
    /// Where the finding points.
    public var location: SourceLocation
    /// The route the finding is about, as `group.name`; its `# routegen:disable` comment applies.
    public var routeKey: RouteKey?
    /// The declared type the finding is about (`Book`); its `# routegen:disable` comment applies.
    public var typeName: String?
    /// What on the route the finding is about (a parameter's name, a path segment, the method),
    /// or which type and member (`Book.id`, `Book` for the type itself), never a line or column:
    /// with the rule and the route it identifies the finding in a baseline, so edits elsewhere in
    /// the file do not revive it.
    public var subject: String
    /// Extra explanation printed as a note.
    public var note: String?

    /// Creates a finding about `subject` of `route` (nil for findings about the file as a whole).
    public init(message: String, location: SourceLocation, route: Route?, about subject: String, note: String? = nil) {
        self.message = message
        self.location = location
        self.routeKey = route.map(RouteKey.init)
        self.subject = subject
        self.note = note
    }

    /// Creates a finding about the declared `type`, or about its `member` (a field's wire name,
    /// an enum's value, a union's tag); the subject is `Type.member`, or `Type` alone.
    public init(message: String, location: SourceLocation, type: TypeDeclaration, member: String? = nil, note: String? = nil) {
        self.message = message
        self.location = location
        self.typeName = type.name
        self.subject = member.map { type.name + "." + $0 } ?? type.name
        self.note = note
    }
}

/// What a rule may read besides the model: the text it was resolved from, so rules can look at
/// spelling the model normalizes away.
public struct LintContext: Sendable {
    /// The route file's text, as the lexer read it.
    public var text: SourceText

    /// Creates a context from the route file's text.
    public init(source: String) {
        text = SourceText(source)
    }

    /// Creates a context from a text already indexed.
    public init(text: SourceText) {
        self.text = text
    }

    /// The scalars of the 1-based line `number`; empty when out of range.
    public func scalars(ofLine number: Int) -> [Unicode.Scalar] {
        Array(text.scalars(ofLine: number))
    }
}
