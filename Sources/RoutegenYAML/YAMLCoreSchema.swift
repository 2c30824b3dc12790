import RoutegenCore

/// YAML 1.2's core schema: what a plain (unquoted, untagged) scalar means.
/// `null`, `~` and the empty scalar are null; `true`/`false` in three spellings are booleans;
/// decimal, `0o` octal and `0x` hexadecimal integers and decimal floats with `.inf` and `.nan`
/// are numbers (kept as written); everything else is a string.
enum YAMLCoreSchema {
    /// The value of the plain scalar `text`.
    static func resolve(_ text: String) -> DocumentNode.Value {
        // A number or string is the text itself, not a copy decoded from its bytes.
        let original = text
        var text = text
        return text.withUTF8 { bytes -> DocumentNode.Value in
            guard let first = bytes.first else { return .null }
            switch first {
            case UInt8(ascii: "n"), UInt8(ascii: "N"), UInt8(ascii: "~"):
                if matches(bytes, "null", "Null", "NULL") || (bytes.count == 1 && first == UInt8(ascii: "~")) { return .null }
            case UInt8(ascii: "t"), UInt8(ascii: "T"):
                if matches(bytes, "true", "True", "TRUE") { return .bool(true) }
            case UInt8(ascii: "f"), UInt8(ascii: "F"):
                if matches(bytes, "false", "False", "FALSE") { return .bool(false) }
            case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "."):
                if isNumber(bytes) { return .number(original) }
            default:
                break
            }
            return .string(original)
        }
    }

    private static func matches(_ bytes: UnsafeBufferPointer<UInt8>, _ spellings: StaticString...) -> Bool {
        for spelling in spellings where spelling.utf8CodeUnitCount == bytes.count {
            if memcmp(bytes.baseAddress!, spelling.utf8Start, bytes.count) == 0 { return true }
        }
        return false
    }

    private static func memcmp(_ left: UnsafePointer<UInt8>, _ right: UnsafePointer<UInt8>, _ count: Int) -> Int {
        for index in 0..<count where left[index] != right[index] { return 1 }
        return 0
    }

    /// Whether `text` is an integer of the core schema (`12`, `-3`, `0o17`, `0x1F`).
    static func isInteger(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { bytes in
            var index = 0
            if index < bytes.count, bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+") { index += 1 }
            return integerEnd(bytes, from: index) == bytes.count && bytes.count > index
        }
    }

    private static func isDigit(_ byte: UInt8) -> Bool { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) }

    /// Where a decimal integer from `index` ends; `index` itself when there is none.
    private static func digitsEnd(_ bytes: UnsafeBufferPointer<UInt8>, from index: Int) -> Int {
        var end = index
        while end < bytes.count, isDigit(bytes[end]) { end += 1 }
        return end
    }

    /// The end of an unsigned integer at `index`, octal and hexadecimal included.
    private static func integerEnd(_ bytes: UnsafeBufferPointer<UInt8>, from index: Int) -> Int {
        if index + 2 < bytes.count + 1, index + 1 < bytes.count, bytes[index] == UInt8(ascii: "0") {
            if bytes[index + 1] == UInt8(ascii: "o") {
                var end = index + 2
                while end < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "7")).contains(bytes[end]) { end += 1 }
                return end > index + 2 ? end : index
            }
            if bytes[index + 1] == UInt8(ascii: "x") {
                var end = index + 2
                while end < bytes.count, isDigit(bytes[end]) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(bytes[end]) || (UInt8(ascii: "A")...UInt8(ascii: "F")).contains(bytes[end]) { end += 1 }
                return end > index + 2 ? end : index
            }
        }
        return digitsEnd(bytes, from: index)
    }

    private static func isNumber(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let count = bytes.count
        // .nan and .inf (signed) first.
        if bytes[0] == UInt8(ascii: ".") {
            if matches(bytes, ".nan", ".NaN", ".NAN", ".inf", ".Inf", ".INF") { return true }
        }
        var index = 0
        if bytes[0] == UInt8(ascii: "-") || bytes[0] == UInt8(ascii: "+") {
            index = 1
            if count == 5, bytes[1] == UInt8(ascii: ".") {
                let rest = UnsafeBufferPointer(rebasing: bytes[1...])
                if matches(rest, ".inf", ".Inf", ".INF") { return true }
            }
        }
        guard index < count else { return false }
        // Unsigned octal and hexadecimal integers.
        if index == 0, bytes[0] == UInt8(ascii: "0"), count > 2, bytes[1] == UInt8(ascii: "o") || bytes[1] == UInt8(ascii: "x") {
            return integerEnd(bytes, from: 0) == count
        }
        // [0-9]+ (. [0-9]*)? | . [0-9]+, then an optional exponent.
        let integerEnd = digitsEnd(bytes, from: index)
        var end = integerEnd
        var fractionDigits = 0
        if end < count, bytes[end] == UInt8(ascii: ".") {
            let fractionEnd = digitsEnd(bytes, from: end + 1)
            fractionDigits = fractionEnd - end - 1
            end = fractionEnd
        }
        guard integerEnd > index || fractionDigits > 0 else { return false }
        if end < count, bytes[end] == UInt8(ascii: "e") || bytes[end] == UInt8(ascii: "E") {
            end += 1
            if end < count, bytes[end] == UInt8(ascii: "-") || bytes[end] == UInt8(ascii: "+") { end += 1 }
            let exponentEnd = digitsEnd(bytes, from: end)
            guard exponentEnd > end else { return false }
            end = exponentEnd
        }
        return end == count
    }
}
