/// Where a node of a read document starts: its 1-based line and column, columns counting
/// Unicode scalars as `SourceLocation` does. A node built in memory (for export) has `.none`.
public struct DocumentPosition: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The 1-based line; 0 for a node that was not read from text.
    public var line: Int
    /// The 1-based column in Unicode scalars; 0 for a node that was not read from text.
    public var column: Int

    /// Creates a position.
    public init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    /// The position of a node built in memory rather than read.
    public static let none = DocumentPosition(line: 0, column: 0)

    /// `line:column`.
    public var description: String { String(line) + ":" + String(column) }

    /// The location of this position in the file at `path`; nil for `.none`.
    public func location(in path: String) -> SourceLocation? {
        line == 0 ? nil : SourceLocation(file: path, line: line, column: column)
    }

    public static func < (lhs: DocumentPosition, rhs: DocumentPosition) -> Bool {
        (lhs.line, lhs.column) < (rhs.line, rhs.column)
    }
}

/// One node of a JSON or YAML document after reading: what the OpenAPI bridge, the lint
/// configuration and baseline, and serve's fixtures and request bodies work on, so both formats
/// give the same tree and every diagnostic can name a line and a column.
///
/// Scalars are resolved by the format's rules (JSON's, YAML 1.2's core schema): a quoted `"1"`
/// is a string, a plain `1` a number. Numbers keep the text they were written with, so
/// `1.0` and `1`, or a 20-digit integer, are not changed by reading.
public struct DocumentNode: Hashable, Sendable {
    /// What a node holds.
    public enum Value: Hashable, Sendable {
        /// `null` (YAML also `~` and an empty value).
        case null
        /// `true` or `false`.
        case bool(Bool)
        /// A number, as written (`42`, `-1.5e3`; YAML also `0x1F`, `0o17`, `.inf`, `.nan`).
        case number(String)
        /// A string.
        case string(String)
        /// A sequence (a JSON array).
        case sequence([DocumentNode])
        /// A mapping (a JSON object), its entries in the order written.
        case mapping([DocumentEntry])
    }

    /// What the node holds.
    public var value: Value
    /// Where the node starts in the text it was read from.
    public var position: DocumentPosition

    /// Creates a node.
    public init(_ value: Value, at position: DocumentPosition = .none) {
        self.value = value
        self.position = position
    }

    /// The string, when the node is one.
    public var string: String? {
        if case .string(let text) = value { return text }
        return nil
    }

    /// The boolean, when the node is one.
    public var bool: Bool? {
        if case .bool(let flag) = value { return flag }
        return nil
    }

    /// The number's text, when the node is one.
    public var number: String? {
        if case .number(let text) = value { return text }
        return nil
    }

    /// The elements, when the node is a sequence.
    public var sequence: [DocumentNode]? {
        if case .sequence(let elements) = value { return elements }
        return nil
    }

    /// The entries, when the node is a mapping.
    public var entries: [DocumentEntry]? {
        if case .mapping(let entries) = value { return entries }
        return nil
    }

    /// Whether the node is `null`.
    public var isNull: Bool { value == .null }

    /// The value of the first entry whose key is the string `key`; nil when the node is no
    /// mapping or has no such key. Linear: for the few keys of an object, not for big maps.
    public subscript(key: String) -> DocumentNode? {
        guard case .mapping(let entries) = value else { return nil }
        // The key compared where it is, not copied out as an optional string first.
        for entry in entries {
            if case .string(let text) = entry.key.value, text == key { return entry.value }
        }
        return nil
    }

    /// The first entry whose key is the string `key`, for a caller that points a diagnostic at
    /// the key; nil when the node is no mapping or has no such key.
    public func entry(_ key: String) -> DocumentEntry? {
        entries?.first { $0.key.string == key }
    }

    /// The kind for a diagnostic, with its article: `a string`, `a mapping`, `null`.
    public var kindDescription: String {
        switch value {
        case .null: "null"
        case .bool: "a boolean"
        case .number: "a number"
        case .string: "a string"
        case .sequence: "a sequence"
        case .mapping: "a mapping"
        }
    }
}

/// One key and value of a mapping, each with its own position.
public struct DocumentEntry: Hashable, Sendable {
    /// The key: a string in JSON; in YAML any node, though OpenAPI keys are strings.
    public var key: DocumentNode
    /// The value.
    public var value: DocumentNode

    /// Creates an entry.
    public init(key: DocumentNode, value: DocumentNode) {
        self.key = key
        self.value = value
    }

    /// An entry with a string key, for trees built in memory.
    public init(_ key: String, _ value: DocumentNode) {
        self.key = DocumentNode(.string(key))
        self.value = value
    }
}
