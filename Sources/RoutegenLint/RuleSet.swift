import Foundation

/// The set a lint rule belongs to. `routegen lint` runs `recommended` unless the configuration's
/// `ruleSets` or `--rule-sets` choose otherwise.
public enum RuleSet: String, Hashable, Sendable, CaseIterable {
    /// Findings that are wrong on the wire or a security risk, in any API, designed or imported.
    case recommended
    /// Naming, shape and documentation advice for APIs one designs.
    case style

    /// The sets that run when nothing chooses: `recommended`.
    public static let defaults: [RuleSet] = [.recommended]

    /// Parses `recommended,style`: set names separated by commas, each once, in `allCases` order.
    /// Returns the first unknown name instead when there is one.
    public static func parseList(_ text: String) -> Result<[RuleSet], UnknownRuleSet> {
        var chosen: [RuleSet] = []
        for word in text.split(separator: ",", omittingEmptySubsequences: false) {
            let name = word.trimmingCharacters(in: .whitespaces)
            guard let set = RuleSet(rawValue: name) else { return .failure(UnknownRuleSet(name: name)) }
            if !chosen.contains(set) { chosen.append(set) }
        }
        return .success(allCases.filter(chosen.contains))
    }

    /// A name that is not a rule set.
    public struct UnknownRuleSet: Error, Hashable, Sendable {
        /// The name as written.
        public var name: String
    }

    /// `recommended or style`, for messages.
    static var spelledChoices: String {
        allCases.map(\.rawValue).joined(separator: " or ")
    }
}

/// Who has to act on a finding, which decides how its message may advise.
public enum FixScope: String, Hashable, Sendable, CaseIterable {
    /// Fixing it changes only the route file: it records what the server already does, and the
    /// requests the generated client sends stay as they are, or become what the server requires.
    case routeFile = "route file"
    /// It is about something the server decides (a path's spelling, a parameter's wire name or
    /// place, a media type). Following the advice sends different bytes, so the message says the
    /// server must change too, and never suggests changing only the route file.
    case server

    /// The sentence docs/lint-rules.md prints for the rule.
    var documentation: String {
        switch self {
        case .routeFile:
            "Fixing it changes only the route file; the requests stay what the server expects."
        case .server:
            "The server decides what this rule looks at: following the advice sends different bytes, so the server must change too. For an API you do not own, keep the server's spelling and suppress the finding (or record it in a baseline)."
        }
    }
}
