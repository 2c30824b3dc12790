/// Double-quoted strings of route files: `\"`, `\\`, `\n`, `\t`, `\r` and `\0` escapes.
package enum StringLiteral {
    /// The text between the quotes of a string token, escapes resolved.
    static func unescape(_ token: SyntaxToken) -> Result<String, DiagnosticError> {
        var result = String.UnicodeScalarView()
        var scalars = Array(token.text.unicodeScalars.dropFirst().dropLast())[...]
        var column = token.location.column + 1
        while let scalar = scalars.popFirst() {
            defer { column += 1 }
            guard scalar == "\\" else {
                result.append(scalar)
                continue
            }
            let escaped = scalars.popFirst()
            column += 1
            switch escaped {
            case "\"": result.append("\"")
            case "\\": result.append("\\")
            case "n": result.append("\n")
            case "t": result.append("\t")
            case "r": result.append("\r")
            case "0": result.append("\0")
            default:
                let location = SourceLocation(file: token.location.file, line: token.location.line, column: column - 1)
                let written = escaped.map { "\\" + String($0) } ?? "\\"
                return .failure(DiagnosticError(.error("unknown escape '\(written)' in string; use \\\", \\\\, \\n or \\t", at: location)))
            }
        }
        return .success(String(result))
    }

    /// `text` as a string literal that `unescape` reads back as `text`.
    package static func quoted(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\t": result += "\\t"
            case "\r": result += "\\r"
            case "\0": result += "\\0"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }
}
