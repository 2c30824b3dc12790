import RoutegenCore

/// A small printer for Swift source that owns indentation and blank lines, so emitters
/// never type spaces by hand.
///
/// Indentation is four spaces per level. Blank lines are collapsed: never two in a row,
/// never right after an opening bracket, never at the start or right before a closing one.
public struct SwiftWriter: Sendable {
    /// The spaces one indentation level adds.
    public static let indentUnit = "    "

    private var lines: [String] = []
    private var depth = 0
    private var pendingBlank = false

    /// Creates an empty writer.
    public init() {}

    /// The text written so far, one trailing newline, no trailing blank line.
    public var output: String {
        lines.isEmpty ? "" : lines.joined(separator: "\n") + "\n"
    }

    /// The current indentation depth, in levels.
    public var indentationLevel: Int { depth }

    /// Writes one line at the current indentation; an empty string writes a blank line.
    public mutating func line(_ text: String) {
        guard !text.isEmpty else { return blank() }
        flushPendingBlank()
        lines.append(String(repeating: Self.indentUnit, count: depth) + text)
    }

    /// Writes several lines at the current indentation, in order.
    public mutating func lines(_ texts: [String]) {
        for text in texts { line(text) }
    }

    /// Asks for a blank line before the next line; collapsed with other blank requests and
    /// dropped at the start of the output, after `{` and before `}`.
    public mutating func blank() {
        pendingBlank = true
    }

    /// Writes a line at column 0 whatever the indentation, for directives like `#sourceLocation`.
    public mutating func unindentedLine(_ text: String) {
        flushPendingBlank()
        lines.append(text)
    }

    /// Writes `header {`, the body one level deeper, then `}`.
    public mutating func block(_ header: String, _ body: (inout SwiftWriter) -> Void) {
        wrapped(header + " {", closing: "}", body)
    }

    /// Writes `opening` as is, the body one level deeper, then `closing`: for `Endpoint(` ... `)`
    /// and other brackets that are not a brace block.
    public mutating func wrapped(_ opening: String, closing: String, _ body: (inout SwiftWriter) -> Void) {
        line(opening)
        pendingBlank = false
        depth += 1
        body(&self)
        depth -= 1
        pendingBlank = false
        line(closing)
    }

    /// Writes `///` lines; an empty string in `docLines` writes a bare `///`. Nothing for no lines.
    public mutating func docComment(_ docLines: [String]) {
        for text in docLines {
            line(text.isEmpty ? "///" : "/// " + text)
        }
    }

    /// Writes `// text` lines.
    public mutating func comment(_ commentLines: [String]) {
        for text in commentLines {
            line(text.isEmpty ? "//" : "// " + text)
        }
    }

    /// Writes `#sourceLocation(file: "file", line: N)` at column 0, so the compiler reports
    /// problems in the following lines at the route file's line.
    public mutating func sourceLocation(file: String, line lineNumber: Int) {
        unindentedLine("#sourceLocation(file: " + SwiftNaming.stringLiteral(file) + ", line: " + String(lineNumber) + ")")
    }

    /// Writes `#sourceLocation()` at column 0: back to the generated file's own lines.
    public mutating func endSourceLocation() {
        unindentedLine("#sourceLocation()")
    }

    /// Line endings after which a blank line would only add noise.
    private static let openers = ["{", "(", "["]

    private mutating func flushPendingBlank() {
        if pendingBlank, let last = lines.last, !last.isEmpty, !Self.openers.contains(where: last.hasSuffix) {
            lines.append("")
        }
        pendingBlank = false
    }

}

/// One file routegen writes: a path relative to the output folder and its full text.
public struct GeneratedFile: Hashable, Sendable {
    /// The path under the output folder, with `/` separators: `LibraryAPI/BooksEndpoints.swift`.
    public var relativePath: String
    /// The file's complete text, ending in a newline.
    public var contents: String

    /// Creates a generated file.
    public init(relativePath: String, contents: String) {
        self.relativePath = relativePath
        self.contents = contents
    }
}
