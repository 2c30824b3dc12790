import RoutegenCore

/// The findings a team has accepted: `routegen lint --write-baseline FILE` writes them,
/// `routegen lint --baseline FILE` reports only findings that are not in it.
///
/// A finding is matched by route file, rule, route and what it is about (its `LintFingerprint`),
/// never by line or column, so edits elsewhere in the file do not revive it. The file is JSON with
/// one finding per line, sorted, so it reviews and merges like code:
///
/// ```json
/// {
///   "version": 1,
///   "findings": [
///     {"file": "Specs/Shop.routes", "route": "Session.login", "rule": "secret-in-query", "about": "password"}
///   ]
/// }
/// ```
/// `file` is relative to the baseline's folder. A finding that occurs twice is listed twice.
public struct LintBaseline: Hashable, Sendable {
    /// The format version written, and the newest one read.
    public static let formatVersion = 1

    /// One accepted finding.
    public struct Entry: Hashable, Sendable {
        /// The route file, relative to the baseline's folder, with `/` separators.
        public var file: String
        /// Rule, route and subject.
        public var fingerprint: LintFingerprint

        /// Creates an entry.
        public init(file: String, fingerprint: LintFingerprint) {
            self.file = file
            self.fingerprint = fingerprint
        }

        /// File, then route (file-wide findings first), then rule, then subject, by Unicode scalars.
        static func precedes(_ lhs: Entry, _ rhs: Entry) -> Bool {
            let left = [lhs.file, lhs.fingerprint.route ?? "", lhs.fingerprint.rule, lhs.fingerprint.subject]
            let right = [rhs.file, rhs.fingerprint.route ?? "", rhs.fingerprint.rule, rhs.fingerprint.subject]
            for (l, r) in zip(left, right) where l != r {
                return TextOrder.precedes(l, r)
            }
            return false
        }
    }

    /// The entries, sorted.
    public private(set) var entries: [Entry]

    /// A baseline of `entries`, in any order.
    public init(entries: [Entry]) {
        self.entries = entries.sorted(by: Entry.precedes)
    }

    /// The file's text: the same entries always give the same bytes.
    public func render() -> String {
        var text = "{\n  \"version\": \(Self.formatVersion),\n  \"findings\": ["
        if entries.isEmpty { return text + "]\n}\n" }
        text += "\n"
        for (index, entry) in entries.enumerated() {
            var fields = ["\"file\": " + JSONText.quoted(entry.file)]
            if let route = entry.fingerprint.route { fields.append("\"route\": " + JSONText.quoted(route)) }
            fields.append("\"rule\": " + JSONText.quoted(entry.fingerprint.rule))
            fields.append("\"about\": " + JSONText.quoted(entry.fingerprint.subject))
            text += "    {" + fields.joined(separator: ", ") + "}" + (index == entries.count - 1 ? "\n" : ",\n")
        }
        return text + "  ]\n}\n"
    }

    /// Reads a baseline's text with the located JSON reader. Problems go to `diagnostics` at
    /// their line and column in `path`: text that is not JSON (where the reading stops), a
    /// repeated key, a missing, malformed or newer `version`, and malformed entries are errors (the
    /// result is then nil); an unknown key or rule is a warning, and the entries naming an unknown
    /// rule are left out.
    public static func parse(_ text: String, path: String, diagnostics: DiagnosticSink) -> LintBaseline? {
        let rewrite = "rewrite it with 'routegen lint --write-baseline \(path)'"
        let read = UserJSONFile.read(text, path: path, hint: "rewrite the baseline with 'routegen lint --write-baseline \(path)'", diagnostics: diagnostics)
        guard let root = read.root else { return nil }
        let start = root.position.location(in: path)
        guard let members = root.entries else {
            diagnostics.emit(.error("baseline '\(path)' must hold a JSON object with 'version' and 'findings'; \(rewrite)", at: start))
            return nil
        }
        for member in members where member.key.string != "version" && member.key.string != "findings" {
            let key = member.key.string ?? ""
            diagnostics.emit(.warning("unknown key '\(key)' in baseline '\(path)'; only 'version' and 'findings' are read", at: member.key.position.location(in: path)))
        }
        guard checkVersion(of: root, path: path, rewrite: rewrite, diagnostics: diagnostics) else { return nil }
        let findingsEntry = root.entry("findings")
        guard let findings = findingsEntry?.value.sequence else {
            diagnostics.emit(.error(
                "baseline '\(path)' must have 'findings', a list of objects with 'file', 'route', 'rule' and 'about'; \(rewrite)",
                at: findingsEntry?.key.position.location(in: path) ?? start
            ))
            return nil
        }
        guard let entries = parseFindings(findings, path: path, diagnostics: diagnostics) else { return nil }
        return read.hasErrors ? nil : LintBaseline(entries: entries)
    }

    /// Whether `root`'s `version` is one this routegen reads; an error at its place when not.
    private static func checkVersion(of root: DocumentNode, path: String, rewrite: String, diagnostics: DiagnosticSink) -> Bool {
        guard let versionEntry = root.entry("version") else {
            diagnostics.emit(.error("baseline '\(path)' has no 'version'; \(rewrite)", at: root.position.location(in: path)))
            return false
        }
        let location = versionEntry.key.position.location(in: path)
        guard let number = versionEntry.value.number.flatMap(Double.init), let version = Int(exactly: number), version >= 1 else {
            diagnostics.emit(.error("'version' in baseline '\(path)' must be a whole number from 1; \(rewrite)", at: location))
            return false
        }
        guard version <= formatVersion else {
            diagnostics.emit(.error(
                "baseline '\(path)' has format version \(version), newer than this routegen reads (\(formatVersion)); update routegen, or \(rewrite)",
                at: location
            ))
            return false
        }
        return true
    }

    /// The entries of `findings`, those naming an unknown rule left out with a warning at the
    /// first such name; nil after an error at a malformed entry.
    private static func parseFindings(_ findings: [DocumentNode], path: String, diagnostics: DiagnosticSink) -> [Entry]? {
        var entries: [Entry] = []
        var unknownRules: [(rule: String, location: SourceLocation?, count: Int)] = []
        var hasErrors = false
        for (index, finding) in findings.enumerated() {
            guard let file = finding["file"]?.string, let ruleNode = finding["rule"], let rule = ruleNode.string,
                  let subject = finding["about"]?.string, finding["route"] == nil || finding["route"]?.string != nil else {
                diagnostics.emit(.error(
                    "finding \(index + 1) in baseline '\(path)' must be an object with string 'file', 'rule' and 'about' and an optional string 'route'",
                    at: finding.position.location(in: path)
                ))
                hasErrors = true
                continue
            }
            guard LintRules.rule(withID: rule) != nil else {
                if let known = unknownRules.firstIndex(where: { $0.rule == rule }) {
                    unknownRules[known].count += 1
                } else {
                    unknownRules.append((rule, ruleNode.position.location(in: path), 1))
                }
                continue
            }
            entries.append(Entry(file: file, fingerprint: LintFingerprint(rule: rule, route: finding["route"]?.string, subject: subject)))
        }
        for unknown in unknownRules.sorted(by: { TextOrder.precedes($0.rule, $1.rule) }) {
            var message = "unknown lint rule '\(unknown.rule)' in baseline '\(path)'"
            if let suggestion = LintRules.suggestion(for: unknown.rule) { message += "; did you mean '\(suggestion)'?" }
            message += unknown.count == 1 ? "; its finding is ignored" : "; its \(unknown.count) findings are ignored"
            diagnostics.emit(.warning(message, at: unknown.location))
        }
        return hasErrors ? nil : entries
    }
}

/// Matches one run's findings against a baseline: each entry suppresses one finding.
public struct LintBaselineMatcher: Sendable {
    private var remaining: [LintBaseline.Entry: Int] = [:]
    private let baseline: LintBaseline
    /// How many findings the baseline has suppressed so far.
    public private(set) var suppressedCount = 0

    /// A matcher with every entry of `baseline` unused.
    public init(_ baseline: LintBaseline) {
        self.baseline = baseline
        for entry in baseline.entries { remaining[entry, default: 0] += 1 }
    }

    /// Whether the baseline accepts the finding `fingerprint` in `file`; uses up one entry when it does.
    public mutating func suppresses(file: String, fingerprint: LintFingerprint) -> Bool {
        let entry = LintBaseline.Entry(file: file, fingerprint: fingerprint)
        guard let count = remaining[entry], count > 0 else { return false }
        remaining[entry] = count - 1
        suppressedCount += 1
        return true
    }

    /// The entries that matched no finding, in baseline order, among those `wasChecked` says were
    /// looked for (their file was linted and their rule ran); entries of other files do not count.
    public func unusedEntries(wasChecked: (LintBaseline.Entry) -> Bool) -> [LintBaseline.Entry] {
        var left = remaining
        var unused: [LintBaseline.Entry] = []
        // Entries are sorted, so the unused copies of one entry are its last ones.
        for entry in baseline.entries.reversed() {
            guard let count = left[entry], count > 0 else { continue }
            left[entry] = count - 1
            if wasChecked(entry) { unused.append(entry) }
        }
        return unused.reversed()
    }
}
