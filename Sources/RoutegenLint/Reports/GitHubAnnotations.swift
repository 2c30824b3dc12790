import RoutegenCore

/// `--format github`: GitHub Actions workflow commands, which a workflow run turns into
/// annotations on the route file's lines in the pull request:
///
/// ```
/// ::warning file=Specs/Shop.routes,line=3,col=21,title=secret-in-query::query parameter 'password' ...
/// ```
/// Errors are `::error`, warnings `::warning`, notes `::notice`. Escaped as the runner expects:
/// in the message `%` → `%25`, CR → `%0D`, LF → `%0A`; in property values also `:` → `%3A` and `,` → `%2C`.
public enum GitHubAnnotations {
    /// One workflow command line, ending with a newline. Properties without a value are left out.
    public static func command(_ command: String, file: String?, line: Int?, column: Int?, title: String?, message: String) -> String {
        var properties: [String] = []
        if let file { properties.append("file=" + escapedProperty(file)) }
        if let line { properties.append("line=\(line)") }
        if let column { properties.append("col=\(column)") }
        if let title { properties.append("title=" + escapedProperty(title)) }
        let head = properties.isEmpty ? "::" + command : "::" + command + " " + properties.joined(separator: ",")
        return head + "::" + escapedMessage(message) + "\n"
    }

    /// Every diagnostic as a command, in the order given; the rule id is the title, a note
    /// follows the message on its own line.
    public static func render(_ diagnostics: [Diagnostic]) -> String {
        diagnostics.map { diagnostic in
            let message = diagnostic.note.map { diagnostic.message + "\nnote: " + $0 } ?? diagnostic.message
            return command(
                name(of: diagnostic.severity),
                file: diagnostic.location?.file,
                line: diagnostic.location?.line,
                column: diagnostic.location?.column,
                title: diagnostic.ruleID,
                message: message
            )
        }.joined()
    }

    /// `error`, `warning` or `notice`.
    static func name(of severity: Severity) -> String {
        switch severity {
        case .error: "error"
        case .warning: "warning"
        case .note: "notice"
        }
    }

    /// The message (data) escaping: `%`, CR, LF.
    public static func escapedMessage(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "%": result += "%25"
            case "\r": result += "%0D"
            case "\n": result += "%0A"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// The property-value escaping: the message's, plus `:` and `,`.
    public static func escapedProperty(_ text: String) -> String {
        var result = ""
        for scalar in escapedMessage(text).unicodeScalars {
            switch scalar {
            case ":": result += "%3A"
            case ",": result += "%2C"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
