import RoutegenCore

/// A small printer for Swift source that owns indentation and blank lines, so emitters
/// never type spaces by hand.
///
/// Indentation is four spaces per level. Blank lines are collapsed: never two in a row,
/// never right after an opening bracket, never at the start or right before a closing one.
public struct SwiftWriter: Sendable {
    /// The spaces one indentation level adds.
    public static let indentUnit = "    "

    /// Everything written so far, as UTF-8; every line, blank ones included, ends with a newline.
    /// One growing buffer rather than an array of lines joined at the end: emitting is mostly
    /// appending, and a string per line doubled the allocations of a large API's generation.
    /// Bytes rather than a `String`: appending a line to a string cost a few hundred instructions
    /// of bookkeeping (uniqueness, capacity, its ASCII and NFC flags), to an array a copy.
    private var bytes: [UInt8] = []
    private var depth = 0
    private var pendingBlank = false
    /// Whether a requested blank line may follow the last line written: false at the start,
    /// after a blank line and after a line ending in an opening bracket.
    private var blankMayFollow = false
    /// The last `#sourceLocation` file and its string literal: every route of a file names the same one.
    private var sourceFileLiteral: (file: String, literal: String)?

    /// Creates an empty writer.
    public init() {}

    /// The text written so far, one trailing newline, no trailing blank line.
    ///
    /// A copy of exactly its size: the buffer grew by doubling, and a large API keeps every
    /// file in memory until all are written, so up to half of each buffer would be dead weight.
    public var output: String {
        String(decoding: bytes, as: UTF8.self)
    }

    /// `output` as UTF-8, a copy of exactly its size, without the check a `String` makes that
    /// the bytes are UTF-8: every byte came from a `String` or is ASCII. The emitters' files are
    /// these bytes (3 % of a generate's instructions went to checking them).
    public var outputUTF8: [UInt8] {
        Array(bytes[...])
    }

    /// The current indentation depth, in levels.
    public var indentationLevel: Int { depth }

    /// Writes one line at the current indentation; an empty string writes a blank line.
    public mutating func line(_ text: String) {
        guard !text.isEmpty else { return blank() }
        flushPendingBlank()
        appendIndentation()
        append(line: text)
    }

    /// Writes one line of `pieces` one after another, as `line(pieces.joined())` does, without
    /// building the joined string: for the lines written most, each of several parts.
    public mutating func line(joining pieces: String...) {
        guard pieces.contains(where: { !$0.isEmpty }) else { return blank() }
        flushPendingBlank()
        appendIndentation()
        let start = bytes.count
        for piece in pieces { bytes.appendUTF8(piece) }
        endLine(since: start)
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
        append(line: text)
    }

    /// Writes `header {`, the body one level deeper, then `}`.
    public mutating func block(_ header: String, _ body: (inout SwiftWriter) -> Void) {
        wrapped(header + " {", closing: "}", body)
    }

    /// Writes `switch subject {`, the cases at the same depth (Swift's style), then `}`; a case's
    /// own lines are written one level deeper by the body (`"    return x"`, or a nested writer call).
    public mutating func switchBlock(_ subject: String, _ body: (inout SwiftWriter) -> Void) {
        line("switch " + subject + " {")
        pendingBlank = false
        body(&self)
        pendingBlank = false
        line("}")
    }

    /// Writes the body one level deeper, with no bracket: a `case`'s statements below it.
    public mutating func indented(_ body: (inout SwiftWriter) -> Void) {
        depth += 1
        body(&self)
        depth -= 1
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
        let literal: String
        if let cached = sourceFileLiteral, cached.file == file {
            literal = cached.literal
        } else {
            literal = SwiftNaming.stringLiteral(file)
            sourceFileLiteral = (file, literal)
        }
        // Every route writes two of these: the pieces go into the buffer without a joined string.
        flushPendingBlank()
        let start = bytes.count
        bytes.appendUTF8("#sourceLocation(file: ")
        bytes.appendUTF8(literal)
        bytes.appendUTF8(", line: ")
        bytes.appendUTF8(String(lineNumber))
        bytes.append(UInt8(ascii: ")"))
        endLine(since: start)
    }

    /// Writes `#sourceLocation()` at column 0: back to the generated file's own lines.
    public mutating func endSourceLocation() {
        unindentedLine("#sourceLocation()")
    }

    private mutating func appendIndentation() {
        bytes.append(contentsOf: repeatElement(UInt8(ascii: " "), count: depth * Self.indentUnit.utf8.count))
    }

    /// Appends a non-empty line and its newline, and notes whether a blank line may follow it.
    private mutating func append(line: String) {
        let start = bytes.count
        bytes.appendUTF8(line)
        endLine(since: start)
    }

    /// Ends the line appended from `start` on with a newline, and notes whether a blank line may
    /// follow it: not after an opening bracket (or nothing), where it would only add noise.
    private mutating func endLine(since start: Int) {
        switch bytes.count > start ? bytes.last : nil {
        case nil, UInt8(ascii: "{"), UInt8(ascii: "("), UInt8(ascii: "["): blankMayFollow = false
        default: blankMayFollow = true
        }
        bytes.append(UInt8(ascii: "\n"))
    }

    private mutating func flushPendingBlank() {
        if pendingBlank && blankMayFollow {
            bytes.append(UInt8(ascii: "\n"))
            blankMayFollow = false
        }
        pendingBlank = false
    }
}

/// One file routegen writes: a path relative to the output folder and its full text.
///
/// Kept as the UTF-8 bytes that go to the disk: a generate compares them with the file there
/// and writes them, and never needs them as a `String`. Two files are equal when their bytes are.
public struct GeneratedFile: Hashable, Sendable {
    /// The path under the output folder, with `/` separators: `LibraryAPI/BooksEndpoints.swift`.
    public var relativePath: String
    /// The file's complete text as UTF-8, ending in a newline.
    public var utf8: [UInt8]

    /// The file's complete text, ending in a newline.
    public var contents: String {
        get { String(decoding: utf8, as: UTF8.self) }
        set { utf8 = Array(newValue.utf8) }
    }

    /// Creates a generated file from its text.
    public init(relativePath: String, contents: String) {
        self.relativePath = relativePath
        self.utf8 = Array(contents.utf8)
    }

    /// Creates a generated file from the UTF-8 of its text (a writer's `outputUTF8`).
    public init(relativePath: String, utf8: [UInt8]) {
        self.relativePath = relativePath
        self.utf8 = utf8
    }
}

extension GeneratedFile: CustomStringConvertible {
    /// The path and the text, as a failed test shows them (not a list of byte values).
    public var description: String {
        "GeneratedFile(relativePath: " + String(reflecting: relativePath) + ", contents: " + String(reflecting: contents) + ")"
    }
}
