import Foundation
import RoutegenCore

/// `routegen lint --format json`: every diagnostic as an object, for scripts.
///
/// ```json
/// {"diagnostics":[{"column":3,"file":"Specs/Shop.routes","line":4,"message":"...","rule":"secret-in-query","severity":"warning"}],
///  "summary":{"errors":0,"warnings":1}}
/// ```
/// Keys are sorted; diagnostics keep the order given (the CLI sorts them by location).
public enum LintJSONReport {
    /// What `--baseline` did: the summary's `baseline` object.
    public struct BaselineSummary: Encodable, Hashable, Sendable {
        /// The baseline's path as given.
        public var file: String
        /// Findings it held back.
        public var suppressed: Int
        /// Its entries that matched nothing in the files and rules that ran.
        public var stale: Int

        /// Creates a summary.
        public init(file: String, suppressed: Int, stale: Int) {
            self.file = file
            self.suppressed = suppressed
            self.stale = stale
        }
    }

    /// The report as pretty-printed JSON with sorted keys and a final newline; with `baseline`,
    /// the summary says what the baseline suppressed.
    public static func render(_ diagnostics: [Diagnostic], baseline: BaselineSummary? = nil) -> String {
        let report = Report(
            diagnostics: diagnostics.map { diagnostic in
                Entry(
                    column: diagnostic.location?.column,
                    file: diagnostic.location?.file,
                    line: diagnostic.location?.line,
                    message: diagnostic.message,
                    note: diagnostic.note,
                    rule: diagnostic.ruleID,
                    severity: diagnostic.severity.rawValue
                )
            },
            summary: Summary(
                baseline: baseline,
                errors: diagnostics.count { $0.severity == .error },
                warnings: diagnostics.count { $0.severity == .warning }
            )
        )
        return ReportEncoding.encode(report)
    }

    private struct Report: Encodable {
        var diagnostics: [Entry]
        var summary: Summary
    }

    private struct Entry: Encodable {
        var column: Int?
        var file: String?
        var line: Int?
        var message: String
        var note: String?
        var rule: String?
        var severity: String
    }

    private struct Summary: Encodable {
        var baseline: BaselineSummary?
        var errors: Int
        var warnings: Int
    }
}

/// The one JSON encoding every report uses: sorted keys, unescaped slashes, two-space indent, final newline.
public enum ReportEncoding {
    /// `value` as the reports' JSON text.
    public static func encode(_ value: some Encodable) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        // Encoding plain structs of strings and integers cannot fail.
        let data = (try? encoder.encode(value)) ?? Data("{}".utf8)
        return String(decoding: data, as: UTF8.self) + "\n"
    }
}
