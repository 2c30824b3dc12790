import RoutegenCore

/// Builds the `DocumentNode` trees of a YAML stream from the scanner's tokens, by recursive
/// descent over libyaml's grammar. Recursion follows nesting, and nesting is refused past
/// `limits.maximumDepth` before the next level is entered, so the stack stays bounded.
struct YAMLParser {
    var scanner: YAMLScanner
    let path: String
    let limits: DocumentLimits
    let diagnostics: DiagnosticSink
    private var anchors: [String: (node: DocumentNode, nodes: Int)] = [:]
    private var tagHandles: [String: String] = [:]
    private var depth = 0
    /// Nodes built so far, aliases counted as the nodes they stand for.
    private var nodesBuilt = 0
    /// Nodes added by expanding aliases.
    private var aliasExpansion = 0

    init(scanner: YAMLScanner, path: String, limits: DocumentLimits, diagnostics: DiagnosticSink) {
        self.scanner = scanner
        self.path = path
        self.limits = limits
        self.diagnostics = diagnostics
    }

    private static let coreTagPrefix = "tag:yaml.org,2002:"

    // MARK: Tokens

    private mutating func peek() throws(YAMLSyntaxError) -> YAMLToken {
        try scanner.peekToken()
    }

    private mutating func take() {
        scanner.takeToken()
    }

    private func error(_ message: String, at token: YAMLToken) -> YAMLSyntaxError {
        YAMLSyntaxError(message: message, position: token.start.position)
    }

    // MARK: The stream

    /// Every document of the stream; `stopAfter` documents at most (the reader of one
    /// document stops at the second to say there is more than one).
    mutating func stream(stopAfter limit: Int = Int.max) throws(YAMLSyntaxError) -> [(node: DocumentNode, start: DocumentPosition)] {
        var documents: [(node: DocumentNode, start: DocumentPosition)] = []
        _ = try peek()
        take() // the stream start
        var mayBeBare = true
        while true {
            var token = try peek()
            while case .documentEnd = token.kind {
                take()
                mayBeBare = true
                token = try peek()
            }
            if case .streamEnd = token.kind { break }
            if documents.count >= limit {
                documents.append((DocumentNode(.null, at: token.start.position), token.start.position))
                break
            }
            anchors.removeAll(keepingCapacity: true)
            tagHandles.removeAll(keepingCapacity: true)
            var explicitStart = false
            var sawDirective = false
            var sawVersion = false
            let documentStart = token.start.position
            directives: while true {
                switch token.kind {
                case .versionDirective(let major, let minor):
                    guard !sawVersion else { throw error("a document has one %YAML directive, not two", at: token) }
                    guard major == 1 else { throw error("YAML \(major).\(minor) is not read; this reader reads YAML 1.x", at: token) }
                    sawVersion = true
                    sawDirective = true
                case .tagDirective(let handle, let prefix):
                    guard tagHandles[handle] == nil else { throw error("the tag handle '\(handle)' is declared twice", at: token) }
                    tagHandles[handle] = prefix
                    sawDirective = true
                case .reservedDirective:
                    sawDirective = true
                default:
                    break directives
                }
                if !mayBeBare {
                    throw error("a directive after a document needs '...' to end that document first", at: token)
                }
                take()
                token = try peek()
            }
            if case .documentStart = token.kind {
                explicitStart = true
                take()
            } else if sawDirective {
                throw error("expected '---' after the directives, found \(token.kind.description)", at: token)
            } else if !mayBeBare {
                throw error("expected '---' or the end of the stream after the document, found \(token.kind.description)", at: token)
            }
            let node: DocumentNode
            let next = try peek()
            switch next.kind {
            case .documentStart, .documentEnd, .streamEnd, .versionDirective, .tagDirective, .reservedDirective:
                guard explicitStart else { throw error("expected a node, found \(next.kind.description)", at: next) }
                node = DocumentNode(.null, at: next.start.position)
            default:
                node = try self.node(block: true, indentlessSequence: false)
            }
            documents.append((node, documentStart))
            let after = try peek()
            switch after.kind {
            case .documentStart, .documentEnd, .streamEnd:
                break
            default:
                throw error("expected the end of the document, found \(after.kind.description)", at: after)
            }
            mayBeBare = false
        }
        return documents
    }

    // MARK: Nodes

    private mutating func enter(_ token: YAMLToken) throws(YAMLSyntaxError) {
        depth += 1
        if depth > limits.maximumDepth {
            throw error("the document nests deeper than \(limits.maximumDepth) levels", at: token)
        }
    }

    private mutating func node(block: Bool, indentlessSequence: Bool) throws(YAMLSyntaxError) -> DocumentNode {
        var token = try peek()
        if case .alias(let name) = token.kind {
            take()
            return try alias(name, at: token)
        }
        let start = token.start.position
        var anchor: String?
        var tag: (String, YAMLToken)?
        var propertiesEnd = token.end
        while true {
            if case .anchor(let name) = token.kind {
                guard anchor == nil else { throw error("a node has one anchor, not two", at: token) }
                anchor = name
            } else if case .tag(let handle, let suffix) = token.kind {
                guard tag == nil else { throw error("a node has one tag, not two", at: token) }
                tag = (try resolveTag(handle: handle, suffix: suffix, at: token), token)
            } else {
                break
            }
            propertiesEnd = token.end
            take()
            token = try peek()
        }
        let nodesBefore = nodesBuilt
        var result: DocumentNode
        switch token.kind {
        case .blockEntry where indentlessSequence:
            result = try self.indentlessSequence(at: start)
        case .scalar(let text, let style):
            take()
            nodesBuilt += 1
            result = DocumentNode(try scalar(text, style: style, tag: tag, at: token), at: start)
            tag = nil
        case .flowSequenceStart:
            result = try flowSequence(at: start)
        case .flowMappingStart:
            result = try flowMapping(at: start)
        case .blockSequenceStart where block:
            result = try blockSequence(at: start)
        case .blockMappingStart where block:
            result = try blockMapping(at: start)
        default:
            guard anchor != nil || tag != nil else {
                throw error("expected a node, found \(token.kind.description)", at: token)
            }
            // Properties and no content: an empty scalar.
            nodesBuilt += 1
            let empty = YAMLToken(kind: .scalar("", .plain), start: propertiesEnd, end: propertiesEnd)
            result = DocumentNode(try scalar("", style: .plain, tag: tag, at: empty), at: start)
            tag = nil
        }
        if let (tagName, tagToken) = tag {
            try check(result, hasCollectionTag: tagName, at: tagToken)
        }
        if let anchor {
            anchors[anchor] = (result, nodesBuilt - nodesBefore)
        }
        return result
    }

    private mutating func alias(_ name: String, at token: YAMLToken) throws(YAMLSyntaxError) -> DocumentNode {
        guard let (anchored, nodes) = anchors[name] else {
            throw error("the alias '*\(name)' names no anchor before it", at: token)
        }
        aliasExpansion += nodes
        nodesBuilt += nodes
        if aliasExpansion > limits.maximumAliasExpansion {
            throw error("aliases expand to more than \(limits.maximumAliasExpansion) nodes (is this a \"billion laughs\" document?)", at: token)
        }
        var copy = anchored
        copy.position = token.start.position
        return copy
    }

    private func resolveTag(handle: String, suffix: String, at token: YAMLToken) throws(YAMLSyntaxError) -> String {
        switch handle {
        case "":
            return suffix
        case "!":
            return (tagHandles["!"] ?? "!") + suffix
        case "!!":
            return (tagHandles["!!"] ?? Self.coreTagPrefix) + suffix
        default:
            guard let prefix = tagHandles[handle] else {
                throw error("the tag handle '\(handle)' is not declared by a %TAG directive", at: token)
            }
            return prefix + suffix
        }
    }

    private func check(_ node: DocumentNode, hasCollectionTag tag: String, at token: YAMLToken) throws(YAMLSyntaxError) {
        switch tag {
        case Self.coreTagPrefix + "seq":
            guard node.sequence != nil else { throw error("'!!seq' tags \(node.kindDescription), not a sequence", at: token) }
        case Self.coreTagPrefix + "map":
            guard node.entries != nil else { throw error("'!!map' tags \(node.kindDescription), not a mapping", at: token) }
        case Self.coreTagPrefix + "str", Self.coreTagPrefix + "int", Self.coreTagPrefix + "float", Self.coreTagPrefix + "bool", Self.coreTagPrefix + "null":
            throw error("'!!\(tag.dropFirst(Self.coreTagPrefix.count))' tags \(node.kindDescription), not a scalar", at: token)
        default:
            break
        }
    }

    private func scalar(_ text: String, style: YAMLScalarStyle, tag: (String, YAMLToken)?, at token: YAMLToken) throws(YAMLSyntaxError) -> DocumentNode.Value {
        guard let (tagName, tagToken) = tag else {
            return style == .plain ? YAMLCoreSchema.resolve(text) : .string(text)
        }
        let resolved = YAMLCoreSchema.resolve(text)
        switch tagName {
        case Self.coreTagPrefix + "str", "!":
            return .string(text)
        case Self.coreTagPrefix + "int":
            guard case .number = resolved, YAMLCoreSchema.isInteger(text) else { throw error("'!!int' tags '\(text)', which is no integer", at: tagToken) }
            return resolved
        case Self.coreTagPrefix + "float":
            guard case .number = resolved else { throw error("'!!float' tags '\(text)', which is no number", at: tagToken) }
            return resolved
        case Self.coreTagPrefix + "bool":
            guard case .bool = resolved else { throw error("'!!bool' tags '\(text)', which is not true or false", at: tagToken) }
            return resolved
        case Self.coreTagPrefix + "null":
            guard case .null = resolved else { throw error("'!!null' tags '\(text)', which is not null", at: tagToken) }
            return .null
        case Self.coreTagPrefix + "seq", Self.coreTagPrefix + "map":
            throw error("'!!\(tagName.dropFirst(Self.coreTagPrefix.count))' tags a scalar", at: tagToken)
        default:
            // A custom tag: the value is read as if untagged.
            return style == .plain ? resolved : .string(text)
        }
    }

    // MARK: Collections

    private static func isEnd(_ kind: YAMLTokenKind, block: Bool) -> Bool {
        switch kind {
        case .key, .value, .blockEnd: block
        case .flowEntry, .flowSequenceEnd, .flowMappingEnd: !block
        default: false
        }
    }

    private mutating func blockSequence(at start: DocumentPosition) throws(YAMLSyntaxError) -> DocumentNode {
        let opening = try peek()
        try enter(opening)
        take()
        nodesBuilt += 1
        var elements: [DocumentNode] = []
        while true {
            let token = try peek()
            switch token.kind {
            case .blockEntry:
                take()
                let next = try peek()
                switch next.kind {
                case .blockEntry, .blockEnd:
                    nodesBuilt += 1
                    elements.append(DocumentNode(.null, at: token.end.position))
                default:
                    elements.append(try node(block: true, indentlessSequence: false))
                }
            case .blockEnd:
                take()
                depth -= 1
                return DocumentNode(.sequence(elements), at: start)
            default:
                throw error("expected '-' in the block sequence that starts at \(start), found \(token.kind.description)", at: token)
            }
        }
    }

    private mutating func indentlessSequence(at start: DocumentPosition) throws(YAMLSyntaxError) -> DocumentNode {
        try enter(try peek())
        nodesBuilt += 1
        var elements: [DocumentNode] = []
        while true {
            let token = try peek()
            guard case .blockEntry = token.kind else { break }
            take()
            let next = try peek()
            switch next.kind {
            case .blockEntry, .key, .value, .blockEnd:
                nodesBuilt += 1
                elements.append(DocumentNode(.null, at: token.end.position))
            default:
                elements.append(try node(block: true, indentlessSequence: false))
            }
        }
        depth -= 1
        return DocumentNode(.sequence(elements), at: start)
    }

    private mutating func blockMapping(at start: DocumentPosition) throws(YAMLSyntaxError) -> DocumentNode {
        let opening = try peek()
        try enter(opening)
        take()
        nodesBuilt += 1
        var entries: [DocumentEntry] = []
        var keys = DuplicateKeyFinder()
        while true {
            let token = try peek()
            let key: DocumentNode
            switch token.kind {
            case .key:
                take()
                let next = try peek()
                if Self.isEnd(next.kind, block: true) {
                    nodesBuilt += 1
                    key = DocumentNode(.null, at: token.end.position)
                } else {
                    key = try node(block: true, indentlessSequence: true)
                }
            case .value:
                nodesBuilt += 1
                key = DocumentNode(.null, at: token.start.position)
            case .blockEnd:
                take()
                depth -= 1
                return DocumentNode(.mapping(entries), at: start)
            default:
                throw error("expected a key in the block mapping that starts at \(start), found \(token.kind.description)", at: token)
            }
            let value: DocumentNode
            let next = try peek()
            if case .value = next.kind {
                take()
                let after = try peek()
                if Self.isEnd(after.kind, block: true) {
                    nodesBuilt += 1
                    value = DocumentNode(.null, at: next.end.position)
                } else {
                    value = try node(block: true, indentlessSequence: true)
                }
            } else {
                nodesBuilt += 1
                value = DocumentNode(.null, at: key.position)
            }
            append(DocumentEntry(key: key, value: value), to: &entries, keys: &keys)
        }
    }

    private mutating func flowSequence(at start: DocumentPosition) throws(YAMLSyntaxError) -> DocumentNode {
        let opening = try peek()
        try enter(opening)
        take()
        nodesBuilt += 1
        var elements: [DocumentNode] = []
        while true {
            var token = try peek()
            if case .flowSequenceEnd = token.kind { break }
            if !elements.isEmpty {
                guard case .flowEntry = token.kind else {
                    throw error("expected ',' or ']' in the flow sequence that starts at \(start), found \(token.kind.description)", at: token)
                }
                take()
                token = try peek()
                if case .flowSequenceEnd = token.kind { break }
            }
            switch token.kind {
            case .key:
                take()
                let pairStart = token.start.position
                let next = try peek()
                let key: DocumentNode
                if case .value = next.kind {
                    nodesBuilt += 1
                    key = DocumentNode(.null, at: next.start.position)
                } else if Self.isEnd(next.kind, block: false) {
                    nodesBuilt += 1
                    key = DocumentNode(.null, at: token.end.position)
                } else {
                    key = try node(block: false, indentlessSequence: false)
                }
                let value = try flowValue(after: key)
                nodesBuilt += 1
                elements.append(DocumentNode(.mapping([DocumentEntry(key: key, value: value)]), at: pairStart))
            case .value:
                nodesBuilt += 2
                let key = DocumentNode(.null, at: token.start.position)
                let value = try flowValue(after: key)
                elements.append(DocumentNode(.mapping([DocumentEntry(key: key, value: value)]), at: token.start.position))
            case .flowEntry:
                throw error("expected a node in the flow sequence that starts at \(start), found ','", at: token)
            default:
                elements.append(try node(block: false, indentlessSequence: false))
            }
        }
        take()
        depth -= 1
        return DocumentNode(.sequence(elements), at: start)
    }

    /// The value after a flow key: the node after `:`, or null when there is no `:` or nothing after it.
    private mutating func flowValue(after key: DocumentNode) throws(YAMLSyntaxError) -> DocumentNode {
        let token = try peek()
        guard case .value = token.kind else {
            nodesBuilt += 1
            return DocumentNode(.null, at: key.position)
        }
        take()
        let next = try peek()
        if Self.isEnd(next.kind, block: false) {
            nodesBuilt += 1
            return DocumentNode(.null, at: token.end.position)
        }
        return try node(block: false, indentlessSequence: false)
    }

    private mutating func flowMapping(at start: DocumentPosition) throws(YAMLSyntaxError) -> DocumentNode {
        let opening = try peek()
        try enter(opening)
        take()
        nodesBuilt += 1
        var entries: [DocumentEntry] = []
        var keys = DuplicateKeyFinder()
        while true {
            var token = try peek()
            if case .flowMappingEnd = token.kind { break }
            if !entries.isEmpty {
                guard case .flowEntry = token.kind else {
                    throw error("expected ',' or '}' in the flow mapping that starts at \(start), found \(token.kind.description)", at: token)
                }
                take()
                token = try peek()
                if case .flowMappingEnd = token.kind { break }
            }
            let key: DocumentNode
            switch token.kind {
            case .key:
                take()
                let next = try peek()
                if case .value = next.kind {
                    nodesBuilt += 1
                    key = DocumentNode(.null, at: next.start.position)
                } else if Self.isEnd(next.kind, block: false) {
                    nodesBuilt += 1
                    key = DocumentNode(.null, at: token.end.position)
                } else {
                    key = try node(block: false, indentlessSequence: false)
                }
            case .value:
                nodesBuilt += 1
                key = DocumentNode(.null, at: token.start.position)
            case .flowEntry:
                throw error("expected a key in the flow mapping that starts at \(start), found ','", at: token)
            default:
                key = try node(block: false, indentlessSequence: false)
            }
            let value = try flowValue(after: key)
            append(DocumentEntry(key: key, value: value), to: &entries, keys: &keys)
        }
        take()
        depth -= 1
        return DocumentNode(.mapping(entries), at: start)
    }

    /// Appends an entry, reporting a string key the mapping already has (reading goes on).
    private func append(_ entry: DocumentEntry, to entries: inout [DocumentEntry], keys: inout DuplicateKeyFinder) {
        if let key = entry.key.string, let first = keys.insert(key, at: entry.key.position, among: entries) {
            diagnostics.emit(.error(
                "duplicate key '\(key)' in one mapping; the first is at \(first)",
                at: SourceLocation(file: path, line: entry.key.position.line, column: entry.key.position.column)
            ))
        }
        entries.append(entry)
    }
}
