/// A route file's text as every stage reads it: its Unicode scalars (a leading byte order mark
/// dropped) and where each line starts and ends, found in one scan.
///
/// The one line index of the generator: the lexer tokenizes its lines, the renderer prints a
/// diagnostic's line from it, and lint rules read spelling the model normalizes away. Built once
/// per file by whoever reads the file, and shared. A line ends at LF or CRLF, its break excluded,
/// and columns count scalars, as `SourceLocation` does.
public struct SourceText: Sendable {
    /// The text's scalars, without a leading byte order mark.
    public let scalars: [Unicode.Scalar]
    /// Each line's scalars, its line break excluded. A text that ends with a line break has an
    /// empty last line, as editors show it; an empty text has one empty line.
    public let lineRanges: [Range<Int>]

    /// Indexes `text`.
    public init(_ text: String) {
        var scalars = Self.asciiScalars(text) ?? Array(text.unicodeScalars)
        if scalars.first == "\u{FEFF}" { scalars.removeFirst() }
        var ranges: [Range<Int>] = []
        ranges.reserveCapacity(scalars.count / 32 + 1)
        var start = 0
        for index in scalars.indices where scalars[index] == "\n" {
            let end = index > start && scalars[index - 1] == "\r" ? index - 1 : index
            ranges.append(start..<end)
            start = index + 1
        }
        ranges.append(start..<scalars.count)
        self.scalars = scalars
        self.lineRanges = ranges
    }

    /// How many lines hold text: every line but an empty last one.
    public var contentLineCount: Int {
        lineRanges.last?.isEmpty == true ? lineRanges.count - 1 : lineRanges.count
    }

    /// The scalars of the 1-based line `number`; empty when out of range.
    public func scalars(ofLine number: Int) -> ArraySlice<Unicode.Scalar> {
        guard number >= 1, number <= lineRanges.count else { return [] }
        return scalars[lineRanges[number - 1]]
    }

    /// The 1-based line `number` as a string; nil when out of range.
    public func line(_ number: Int) -> String? {
        guard number >= 1, number <= lineRanges.count else { return nil }
        return Self.string(scalars[lineRanges[number - 1]])
    }

    /// The scalars of an ASCII text, one per byte without decoding; nil when it is not ASCII.
    private static func asciiScalars(_ text: String) -> [Unicode.Scalar]? {
        let scalars = text.utf8.withContiguousStorageIfAvailable { bytes -> [Unicode.Scalar]? in
            var isASCII = true
            let scalars = [Unicode.Scalar](unsafeUninitializedCapacity: bytes.count) { buffer, count in
                for byte in bytes {
                    guard byte < 0x80 else {
                        isASCII = false
                        break
                    }
                    buffer[count] = Unicode.Scalar(byte)
                    count += 1
                }
            }
            return isASCII ? scalars : nil
        }
        return scalars ?? nil
    }

    /// The text of `slice`, its UTF-8 bytes written straight into the string's storage (inline,
    /// with no allocation, up to 15 bytes): much faster than appending scalars to a String, and
    /// most tokens are short, for which a scratch array of bytes cost more than the rest.
    public static func string(_ slice: ArraySlice<Unicode.Scalar>) -> String {
        var byteCount = 0
        for scalar in slice { byteCount += UTF8.width(scalar) }
        return String(unsafeUninitializedCapacity: byteCount) { buffer in
            var index = 0
            for scalar in slice {
                if scalar.isASCII {
                    buffer[index] = UInt8(truncatingIfNeeded: scalar.value)
                    index += 1
                } else {
                    for unit in UTF8.encode(scalar)! {
                        buffer[index] = unit
                        index += 1
                    }
                }
            }
            return index
        }
    }
}
