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
/// the caret sits under the diagnostic's column, counted in Unicode scalars. A fix-it is
/// printed under the caret, a note on its own line.
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
           let line = sources[location.file]?.line(location.line) {
            let indent = Self.caretIndent(line: line, column: location.column)
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

    init(_ text: SourceText) {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.scalars.count)
        var ranges: [Range<Int>] = []
        ranges.reserveCapacity(text.lineRanges.count)
        for range in text.lineRanges {
            let start = bytes.count
            for scalar in text.scalars[range] {
                if scalar.isASCII {
                    bytes.append(UInt8(truncatingIfNeeded: scalar.value))
                } else {
                    bytes.append(contentsOf: UTF8.encode(scalar)!)
                }
            }
            ranges.append(start..<bytes.count)
        }
        self.bytes = bytes
        self.lineRanges = ranges
    }

    /// Lines the way `SourceText` finds them (a leading byte order mark dropped, LF or CRLF),
    /// from the bytes as read.
    init(utf8 text: [UInt8]) {
        let start = text.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        self.lineRanges = text.withUnsafeBufferPointer { text -> [Range<Int>] in
            var ranges: [Range<Int>] = []
            ranges.reserveCapacity(text.count / 32 + 1)
            var lineStart = start
            let ones: UInt64 = 0x0101_0101_0101_0101
            var index = start
            while index < text.count {
                // Eight bytes at a time while none of them is a line feed.
                if index + 8 <= text.count {
                    let word = UnsafeRawPointer(text.baseAddress! + index).loadUnaligned(as: UInt64.self) ^ (0x0A &* ones)
                    if (word &- ones) & ~word & (0x80 &* ones) == 0 {
                        index += 8
                        continue
                    }
                }
                if text[index] == UInt8(ascii: "\n") {
                    let end = index > lineStart && text[index - 1] == UInt8(ascii: "\r") ? index - 1 : index
                    ranges.append(lineStart..<end)
                    lineStart = index + 1
                }
                index += 1
            }
            ranges.append(lineStart..<text.count)
            return ranges
        }
        self.bytes = text
    }

    /// The 1-based line `number`; nil when out of range.
    func line(_ number: Int) -> String? {
        guard number >= 1, number <= lineRanges.count else { return nil }
        return String(decoding: bytes[lineRanges[number - 1]], as: UTF8.self)
    }
}
