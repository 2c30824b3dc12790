import RoutegenCore

/// Block and flow sequences and mappings.
extension YAMLParser {
    static func isEnd(_ tag: YAMLTokenTag, block: Bool) -> Bool {
        switch tag {
        case .key, .value, .blockEnd: block
        case .flowEntry, .flowSequenceEnd, .flowMappingEnd: !block
        default: false
        }
    }

    static func isEnd(_ kind: YAMLTokenKind, block: Bool) -> Bool {
        switch kind {
        case .key, .value, .blockEnd: block
        case .flowEntry, .flowSequenceEnd, .flowMappingEnd: !block
        default: false
        }
    }

    /// Appends an entry, reporting a string key the mapping already has (reading goes on).
    func append(_ entry: consuming DocumentEntry, to frame: inout Frame) {
        if let key = entry.key.string, let first = frame.keys.insert(key, at: entry.key.position, among: frame.entries) {
            diagnostics.emit(.error(
                "duplicate key '\(key)' in one mapping; the first is at \(first)",
                at: SourceLocation(file: path, line: entry.key.position.line, column: entry.key.position.column)
            ))
        }
        frame.entries.append(entry)
    }
}
