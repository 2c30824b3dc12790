extension Array where Element == UInt8 {
    /// Appends the UTF-8 bytes of `text` in one copy. `append(contentsOf: text.utf8)` goes through
    /// the string's UTF-8 iterator a byte at a time, about ten instructions a byte, and the
    /// emitters append every byte of every generated file this way.
    public mutating func appendUTF8(_ text: String) {
        var text = text
        text.withUTF8 { append(contentsOf: $0) }
    }
}

extension String {
    /// Whether a UTF-8 byte of the string satisfies `predicate`, scanning its contiguous bytes
    /// rather than its UTF-8 view (a few instructions a byte instead of a dozen).
    public func containsUTF8Byte(where predicate: (UInt8) -> Bool) -> Bool {
        var text = self
        return text.withUTF8 { $0.contains(where: predicate) }
    }
}
