import Foundation
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

    /// Reads a baseline's text. Problems go to `diagnostics` with the file's `path`, at their line
    /// and column: text that is not JSON, a missing, malformed or newer `version`, and malformed
    /// entries are errors (the result is then nil); an unknown key or rule is a warning, and the
    /// entries naming an unknown rule are left out.
    public static func parse(_ text: String, path: String, diagnostics: DiagnosticSink) -> LintBaseline? {
        let locator = JSONTextLocator(text: text, path: path)
        let rewrite = "rewrite it with 'routegen lint --write-baseline \(path)'"
        guard let object = try? JSONSerialization.jsonObject(with: Data(text.utf8)) else {
            diagnostics.emit(.error("baseline '\(path)' is not valid JSON; \(rewrite)", at: locator.start))
            return nil
        }
        guard let root = object as? [String: Any] else {
            diagnostics.emit(.error("baseline '\(path)' must hold a JSON object with 'version' and 'findings'; \(rewrite)", at: locator.start))
            return nil
        }
        for key in root.keys.sorted(by: TextOrder.precedes) where key != "version" && key != "findings" {
            diagnostics.emit(.warning("unknown key '\(key)' in baseline '\(path)'; only 'version' and 'findings' are read", at: locator.location(ofKey: key)))
        }
        guard let versionValue = root["version"] else {
            diagnostics.emit(.error("baseline '\(path)' has no 'version'; \(rewrite)", at: locator.start))
            return nil
        }
        guard let number = versionValue as? NSNumber,
              let version = Int(exactly: number.doubleValue), version >= 1 else {
            diagnostics.emit(.error("'version' in baseline '\(path)' must be a whole number from 1; \(rewrite)", at: locator.location(ofKey: "version")))
            return nil
        }
        guard version <= formatVersion else {
            diagnostics.emit(.error(
                "baseline '\(path)' has format version \(version), newer than this routegen reads (\(formatVersion)); update routegen, or \(rewrite)",
                at: locator.location(ofKey: "version")
            ))
            return nil
        }
        guard let findings = root["findings"] as? [Any] else {
            let location = root["findings"] == nil ? locator.start : locator.location(ofKey: "findings")
            diagnostics.emit(.error("baseline '\(path)' must have 'findings', a list of objects with 'file', 'route', 'rule' and 'about'; \(rewrite)", at: location))
            return nil
        }
        var entries: [Entry] = []
        var unknownRules: [String: Int] = [:]
        var hasErrors = false
        for (index, value) in findings.enumerated() {
            guard let fields = value as? [String: Any],
                  let file = fields["file"] as? String, let rule = fields["rule"] as? String, let subject = fields["about"] as? String,
                  fields["route"] == nil || fields["route"] is String else {
                diagnostics.emit(.error(
                    "finding \(index + 1) in baseline '\(path)' must be an object with string 'file', 'rule' and 'about' and an optional string 'route'",
                    at: locator.location(ofObject: index + 1, afterKey: "findings")
                ))
                hasErrors = true
                continue
            }
            guard LintRules.rule(withID: rule) != nil else {
                unknownRules[rule, default: 0] += 1
                continue
            }
            entries.append(Entry(file: file, fingerprint: LintFingerprint(rule: rule, route: fields["route"] as? String, subject: subject)))
        }
        for rule in unknownRules.keys.sorted(by: TextOrder.precedes) {
            let count = unknownRules[rule] ?? 0
            var message = "unknown lint rule '\(rule)' in baseline '\(path)'"
            if let suggestion = LintRules.suggestion(for: rule) { message += "; did you mean '\(suggestion)'?" }
            message += count == 1 ? "; its finding is ignored" : "; its \(count) findings are ignored"
            diagnostics.emit(.warning(message, at: locator.location(ofKey: rule)))
        }
        return hasErrors ? nil : LintBaseline(entries: entries)
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
