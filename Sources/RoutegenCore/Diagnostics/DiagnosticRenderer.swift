/// Turns diagnostics into the text compilers print, so editors and CI annotate the route file:
///
/// ```
/// Specs/Library.routes:7:15: error: unknown flag 'depreciated'; use 'auth', 'public' or 'deprecated'
///   book GET /b -> Book depreciated
///                       ^
///                       deprecated
/// note: flags come after the response type
/// ```
///
/// The source line is printed as written (tabs kept, so the caret lines up in any tab width);
/// the caret sits under the diagnostic's column, counted in Unicode scalars. A line longer than
/// `SourceLines.widestLine` scalars (a minified JSON description is one line of megabytes) is
/// cut to the part around the column, with `...` where text was left out. A fix-it is printed
/// under the caret, a note on its own line.
public struct DiagnosticRenderer: Sendable {
    /// The route files' lines by path, as the diagnostics name them.
    private var sources: [String: SourceLines]

    /// Creates a renderer that knows no source text: it prints only the diagnostic lines.
    public init() {
        sources = [:]
    }

    /// Makes the text of `path` available, so its diagnostics get the source line and a caret.
    public mutating func addSource(_ text: String, path: String) {
        sources[path] = SourceLines(SourceText(text))
    }

    /// Makes an indexed text of `path` available, shared with the stages that read it.
    public mutating func addSource(_ text: SourceText, path: String) {
        sources[path] = SourceLines(text)
    }

    /// Makes the UTF-8 text of `path` available without indexing its scalars: a 3 MB
    /// description imported with warnings needs only its line starts, not 12 MB of scalars.
    public mutating func addSource(utf8 bytes: [UInt8], path: String) {
        sources[path] = SourceLines(utf8: bytes)
    }

    /// The diagnostic as printed text, ending with a newline.
    public func render(_ diagnostic: Diagnostic) -> String {
        var output = ""
        if let location = diagnostic.location {
            output += location.description + ": "
        }
        output += diagnostic.severity.rawValue + ": " + diagnostic.message + "\n"
        if let location = diagnostic.location,
           let (line, column) = sources[location.file]?.excerpt(line: location.line, column: location.column) {
            let indent = Self.caretIndent(line: line, column: column)
            output += line + "\n"
            output += indent + "^\n"
            if let fixIt = diagnostic.fixIt {
                output += indent + fixIt + "\n"
            }
        } else if let fixIt = diagnostic.fixIt {
            output += "fix-it: " + fixIt + "\n"
        }
        if let note = diagnostic.note {
            output += "note: " + note + "\n"
        }
        return output
    }

    /// Blank space as wide as the first `column - 1` scalars of `line`; tabs stay tabs.
    private static func caretIndent(line: String, column: Int) -> String {
        var indent = String.UnicodeScalarView()
        var remaining = max(column - 1, 0)
        for scalar in line.unicodeScalars {
            guard remaining > 0 else { break }
            indent.append(scalar == "\t" ? "\t" : " ")
            remaining -= 1
        }
        // A column just past the end of the line (a missing token) still gets its caret.
        while remaining > 0 {
            indent.append(" ")
            remaining -= 1
        }
        return String(indent)
    }
}

/// What the renderer keeps of a file for the whole run: its lines as UTF-8 bytes, a quarter of
/// the `SourceText` scalars they come from. A printer outlives the stages that read the file;
/// holding their `SourceText` kept 8 MB of a 2 MB file alive while the code was emitted.
private struct SourceLines: Sendable {
    private let bytes: [UInt8]
    private let lineRanges: [Range<Int>]
    /// Whether each line is ASCII only, where a column is a byte offset: a long line's excerpt
    /// is then found without walking the line (a minified description's warnings each did).
    private let isASCIILine: [Bool]

    init(_ text: SourceText) {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.scalars.count)
        var ranges: [Range<Int>] = []
        ranges.reserveCapacity(text.lineRanges.count)
        var ascii: [Bool] = []
        ascii.reserveCapacity(text.lineRanges.count)
        for range in text.lineRanges {
            let start = bytes.count
            var isASCII = true
            for scalar in text.scalars[range] {
                if scalar.isASCII {
                    bytes.append(UInt8(truncatingIfNeeded: scalar.value))
                } else {
                    isASCII = false
                    bytes.append(contentsOf: UTF8.encode(scalar)!)
                }
            }
            ranges.append(start..<bytes.count)
            ascii.append(isASCII)
        }
        self.bytes = bytes
        self.lineRanges = ranges
        self.isASCIILine = ascii
    }

    /// Lines the way `SourceText` finds them (a leading byte order mark dropped, LF or CRLF),
    /// from the bytes as read.
    init(utf8 text: [UInt8]) {
        let start = text.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        var ascii: [Bool] = []
        var ranges: [Range<Int>] = []
        var lineStart = start
        var isASCII = true
        for index in start..<text.count {
            let byte = text[index]
            if byte == UInt8(ascii: "\n") {
                let end = index > lineStart && text[index - 1] == UInt8(ascii: "\r") ? index - 1 : index
                ranges.append(lineStart..<end)
                ascii.append(isASCII)
                isASCII = true
                lineStart = index + 1
            } else if byte >= 0x80 {
                isASCII = false
            }
        }
        ranges.append(lineStart..<text.count)
        ascii.append(isASCII)
        self.lineRanges = ranges
        self.bytes = text
        self.isASCIILine = ascii
    }

    /// Lines of at most this many scalars are printed whole.
    static let widestLine = 200
    /// Of a longer line, the scalars printed before the column, and in all.
    static let excerptLead = 60
    static let excerptWidth = 120

    /// The 1-based line `number` as printed, and `column` within it; nil when out of range.
    func excerpt(line number: Int, column: Int) -> (text: String, column: Int)? {
        guard number >= 1, number <= lineRanges.count else { return nil }
        let range = lineRanges[number - 1]
        let isScalarStart = { (byte: UInt8) in byte & 0xC0 != 0x80 }
        let isASCII = isASCIILine[number - 1]
        if range.count <= Self.widestLine || (!isASCII && Self.scalarCount(bytes[range], atMost: Self.widestLine + 1) <= Self.widestLine) {
            return (String(decoding: bytes[range], as: UTF8.self), column)
        }
        let first = max(0, column - 1 - Self.excerptLead)
        var start = range.upperBound, end = range.upperBound
        if isASCII {
            start = min(range.lowerBound + first, range.upperBound)
            end = min(start + Self.excerptWidth, range.upperBound)
        } else {
            var scalar = 0
            for index in range where isScalarStart(bytes[index]) {
                if scalar == first { start = index }
                if scalar == first + Self.excerptWidth { end = index; break }
                scalar += 1
            }
        }
        let leftOut = start > range.lowerBound ? "..." : ""
        let text = leftOut + String(decoding: bytes[start..<end], as: UTF8.self) + (end < range.upperBound ? "..." : "")
        return (text, column - first + leftOut.count)
    }

    /// The scalars in `bytes`, counted up to `limit`.
    private static func scalarCount(_ bytes: ArraySlice<UInt8>, atMost limit: Int) -> Int {
        var count = 0
        for byte in bytes where byte & 0xC0 != 0x80 {
            count += 1
            if count == limit { break }
        }
        return count
    }
}
