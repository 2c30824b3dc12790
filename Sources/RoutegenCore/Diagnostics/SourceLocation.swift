/// A position in a route file: the path as the user gave it, and a 1-based line and column.
///
/// Columns count Unicode scalars from the start of the line, so a caret printed under
/// the line lands on the character the diagnostic is about.
public struct SourceLocation: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The path of the route file, exactly as given on the command line or by the plugin.
    public var file: String
    /// The 1-based line number.
    public var line: Int
    /// The 1-based column number.
    public var column: Int

    /// Creates a location.
    public init(file: String, line: Int, column: Int) {
        self.file = file
        self.line = line
        self.column = column
    }

    /// `path:line:column`, the form compilers, editors and CI tools understand.
    public var description: String { "\(file):\(line):\(column)" }

    public static func < (lhs: SourceLocation, rhs: SourceLocation) -> Bool {
        (lhs.file, lhs.line, lhs.column) < (rhs.file, rhs.line, rhs.column)
    }
}
