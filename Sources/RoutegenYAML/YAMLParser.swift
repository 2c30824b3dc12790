import RoutegenCore

/// Builds the `DocumentNode` trees of a YAML stream from the scanner's tokens, by recursive
/// descent over libyaml's grammar. Recursion follows nesting, and nesting is refused past
/// `limits.maximumDepth` before the next level is entered, so the stack stays bounded.
struct YAMLParser {
    var scanner: YAMLScanner
    let path: String
    let limits: DocumentLimits
    let diagnostics: DiagnosticSink
    var anchors: [String: (node: DocumentNode, nodes: Int)] = [:]
    var tagHandles: [String: String] = [:]
    var depth = 0
    /// Nodes built so far, aliases counted as the nodes they stand for.
    var nodesBuilt = 0
    /// Nodes added by expanding aliases.
    private(set) var aliasExpansion = 0

    /// A parser of the scanner's tokens; `depth` is how deep the text sits in its document (a
    /// piece read apart counts the levels above it against `limits.maximumDepth`).
    init(scanner: YAMLScanner, path: String, limits: DocumentLimits, diagnostics: DiagnosticSink, depth: Int = 0) {
        self.scanner = scanner
        self.path = path
        self.limits = limits
        self.diagnostics = diagnostics
        self.depth = depth
    }

    static let coreTagPrefix = "tag:yaml.org,2002:"

    // MARK: Tokens

    mutating func peek() throws(YAMLSyntaxError) -> YAMLToken {
        try scanner.peekToken()
    }

    /// The next token's kind without its text (no copy of its strings); its marks are the
    /// scanner's `peekedStart` and `peekedEnd`.
    mutating func peekTag() throws(YAMLSyntaxError) -> YAMLTokenTag {
        try scanner.peekTokenTag()
    }

    mutating func take() {
        scanner.takeToken()
    }

    func error(_ message: String, at token: YAMLToken) -> YAMLSyntaxError {
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

    mutating func enter(at start: YAMLMark) throws(YAMLSyntaxError) {
        depth += 1
        if depth > limits.maximumDepth {
            throw YAMLSyntaxError(message: "the document nests deeper than \(limits.maximumDepth) levels", position: start.position)
        }
    }

    /// A node's anchor and tag, kept until its content is complete.
    struct Properties {
        var start: DocumentPosition
        var anchor: String?
        var tag: (String, YAMLToken)?
        var nodesBefore: Int
    }

    /// A collection being read: what it holds so far and what it waits for next.
    struct Frame {
        enum Kind { case blockSequence, indentlessSequence, blockMapping, flowSequence, flowMapping }
        enum Phase {
            /// Waiting for the next entry's indicator (or the end).
            case entry
            /// The child being read is a sequence element.
            case element
            /// The child being read is a key.
            case key
            /// The child being read is the value of `key`.
            case value(DocumentNode)
        }

        var kind: Kind
        var properties: Properties
        var phase = Phase.entry
        var elements: [DocumentNode] = []
        var entries: [DocumentEntry] = []
        var keys = DuplicateKeyFinder()
        /// In a flow sequence, where the single-pair mapping being read starts.
        var pairStart = DocumentPosition.none
    }

    /// What a collection needs after a step.
    enum Step {
        /// A child node, read in block or flow context.
        case child(block: Bool, indentlessSequence: Bool)
        /// Nothing: it is complete.
        case closed(DocumentNode.Value)
    }

    /// A whole node, its collections read with a stack of frames rather than by recursion, so
    /// nesting costs heap, not stack; it is bounded by `limits.maximumDepth` anyway.
    mutating func node(block: Bool, indentlessSequence: Bool) throws(YAMLSyntaxError) -> DocumentNode {
        var stack: [Frame] = []
        var context = (block: block, indentlessSequence: indentlessSequence)
        while true {
            var completed = try beginNode(block: context.block, indentlessSequence: context.indentlessSequence, stack: &stack)
            while true {
                guard !stack.isEmpty else {
                    // beginNode only returns nil after pushing a frame.
                    return completed!
                }
                let step = try advance(&stack[stack.count - 1], child: completed)
                switch step {
                case .child(let childBlock, let childIndentless):
                    context = (childBlock, childIndentless)
                case .closed(let value):
                    let frame = stack.removeLast()
                    depth -= 1
                    completed = try finish(DocumentNode(value, at: frame.properties.start), frame.properties)
                    continue
                }
                break
            }
        }
    }

    /// Starts a node: an alias or a scalar is returned complete; a collection is pushed as a
    /// frame and nil returned.
    mutating func beginNode(block: Bool, indentlessSequence: Bool, stack: inout [Frame]) throws(YAMLSyntaxError) -> DocumentNode? {
        // Decided on the token's tag; only a token whose text is used is copied or moved out.
        var tag = try peekTag()
        if tag == .alias {
            let token = try peek()
            if case .alias(let name) = token.kind {
                take()
                return try alias(name, at: token)
            }
        }
        var properties = Properties(start: scanner.peekedStart.position, anchor: nil, tag: nil, nodesBefore: 0)
        var propertiesEnd = scanner.peekedEnd
        while tag == .anchor || tag == .tag {
            let token = try peek()
            if case .anchor(let name) = token.kind {
                guard properties.anchor == nil else { throw error("a node has one anchor, not two", at: token) }
                properties.anchor = name
            } else if case .tag(let handle, let suffix) = token.kind {
                guard properties.tag == nil else { throw error("a node has one tag, not two", at: token) }
                properties.tag = (try resolveTag(handle: handle, suffix: suffix, at: token), token)
            }
            propertiesEnd = token.end
            take()
            tag = try peekTag()
        }
        properties.nodesBefore = nodesBuilt
        let kind: Frame.Kind
        switch tag {
        case .blockEntry where indentlessSequence:
            kind = .indentlessSequence
        case .scalar:
            let token = scanner.takeTokenMovingOut()
            guard case .scalar(let text, let style) = token.kind else {
                throw error("expected a node, found \(token.kind.description)", at: token)
            }
            nodesBuilt += 1
            let value = try scalar(text, style: style, tag: properties.tag, at: token)
            properties.tag = nil
            return try finish(DocumentNode(value, at: properties.start), properties)
        case .flowSequenceStart:
            kind = .flowSequence
        case .flowMappingStart:
            kind = .flowMapping
        case .blockSequenceStart where block:
            kind = .blockSequence
        case .blockMappingStart where block:
            kind = .blockMapping
        default:
            guard properties.anchor != nil || properties.tag != nil else {
                let token = try peek()
                throw error("expected a node, found \(token.kind.description)", at: token)
            }
            // Properties and no content: an empty scalar.
            nodesBuilt += 1
            let empty = YAMLToken(kind: .scalar("", .plain), start: propertiesEnd, end: propertiesEnd)
            let value = try scalar("", style: .plain, tag: properties.tag, at: empty)
            properties.tag = nil
            return try finish(DocumentNode(value, at: properties.start), properties)
        }
        try enter(at: scanner.peekedStart)
        if kind != .indentlessSequence { take() }
        nodesBuilt += 1
        stack.append(Frame(kind: kind, properties: properties))
        return nil
    }

    /// A complete node with its properties applied: a collection tag checked, the anchor recorded.
    mutating func finish(_ node: DocumentNode, _ properties: Properties) throws(YAMLSyntaxError) -> DocumentNode {
        if let (tagName, tagToken) = properties.tag {
            try check(node, hasCollectionTag: tagName, at: tagToken)
        }
        if let anchor = properties.anchor {
            anchors[anchor] = (node, nodesBuilt - properties.nodesBefore)
        }
        return node
    }

    mutating func empty(at position: DocumentPosition) -> DocumentNode {
        nodesBuilt += 1
        return DocumentNode(.null, at: position)
    }

    /// Takes the completed child, then reads the collection's indicators up to its next
    /// child or its end.
    mutating func advance(_ frame: inout Frame, child: DocumentNode?) throws(YAMLSyntaxError) -> Step {
        switch frame.kind {
        case .blockSequence, .indentlessSequence: try advanceBlockSequence(&frame, child: child)
        case .blockMapping: try advanceBlockMapping(&frame, child: child)
        case .flowSequence: try advanceFlowSequence(&frame, child: child)
        case .flowMapping: try advanceFlowMapping(&frame, child: child)
        }
    }

    mutating func advanceBlockSequence(_ frame: inout Frame, child: DocumentNode?) throws(YAMLSyntaxError) -> Step {
        if let child { frame.elements.append(child) }
        let indentless = frame.kind == .indentlessSequence
        while true {
            switch try peekTag() {
            case .blockEntry:
                let entryEnd = scanner.peekedEnd
                take()
                switch try peekTag() {
                case .blockEntry, .blockEnd:
                    frame.elements.append(empty(at: entryEnd.position))
                case .key where indentless, .value where indentless:
                    frame.elements.append(empty(at: entryEnd.position))
                default:
                    return .child(block: true, indentlessSequence: false)
                }
            case .blockEnd where !indentless:
                take()
                return .closed(.sequence(take(&frame.elements)))
            default:
                if indentless { return .closed(.sequence(take(&frame.elements))) }
                let token = try peek()
                throw error("expected '-' in the block sequence that starts at \(frame.properties.start), found \(token.kind.description)", at: token)
            }
        }
    }

    mutating func advanceBlockMapping(_ frame: inout Frame, child: DocumentNode?) throws(YAMLSyntaxError) -> Step {
        var key: DocumentNode?
        if let child {
            switch frame.phase {
            case .value(let pending): append(DocumentEntry(key: pending, value: child), to: &frame)
            default: key = child
            }
        }
        while true {
            if key == nil {
                switch try peekTag() {
                case .key:
                    let keyEnd = scanner.peekedEnd
                    take()
                    let next = try peekTag()
                    if Self.isEnd(next, block: true) {
                        key = empty(at: keyEnd.position)
                    } else {
                        frame.phase = .key
                        return .child(block: true, indentlessSequence: true)
                    }
                case .value:
                    key = empty(at: scanner.peekedStart.position)
                case .blockEnd:
                    take()
                    return .closed(.mapping(take(&frame.entries)))
                default:
                    let token = try peek()
                    throw error("expected a key in the block mapping that starts at \(frame.properties.start), found \(token.kind.description)", at: token)
                }
            }
            guard let currentKey = key else { continue }
            key = nil
            guard try peekTag() == .value else {
                append(DocumentEntry(key: currentKey, value: empty(at: currentKey.position)), to: &frame)
                continue
            }
            let valueEnd = scanner.peekedEnd
            take()
            let after = try peekTag()
            if Self.isEnd(after, block: true) {
                append(DocumentEntry(key: currentKey, value: empty(at: valueEnd.position)), to: &frame)
                continue
            }
            frame.phase = .value(currentKey)
            return .child(block: true, indentlessSequence: true)
        }
    }

    mutating func advanceFlowSequence(_ frame: inout Frame, child: DocumentNode?) throws(YAMLSyntaxError) -> Step {
        var pairKey: DocumentNode?
        if let child {
            switch frame.phase {
            case .element: frame.elements.append(child)
            case .key: pairKey = child
            case .value(let key):
                nodesBuilt += 1
                frame.elements.append(DocumentNode(.mapping([DocumentEntry(key: key, value: child)]), at: frame.pairStart))
            case .entry: break
            }
        }
        while true {
            if let key = pairKey {
                pairKey = nil
                let token = try peek()
                guard case .value = token.kind else {
                    nodesBuilt += 1
                    frame.elements.append(DocumentNode(.mapping([DocumentEntry(key: key, value: empty(at: key.position))]), at: frame.pairStart))
                    continue
                }
                take()
                let next = try peek()
                if Self.isEnd(next.kind, block: false) {
                    nodesBuilt += 1
                    frame.elements.append(DocumentNode(.mapping([DocumentEntry(key: key, value: empty(at: token.end.position))]), at: frame.pairStart))
                    continue
                }
                frame.phase = .value(key)
                return .child(block: false, indentlessSequence: false)
            }
            var token = try peek()
            if case .flowSequenceEnd = token.kind {
                take()
                return .closed(.sequence(take(&frame.elements)))
            }
            if !frame.elements.isEmpty {
                guard case .flowEntry = token.kind else {
                    throw error("expected ',' or ']' in the flow sequence that starts at \(frame.properties.start), found \(token.kind.description)", at: token)
                }
                take()
                token = try peek()
                if case .flowSequenceEnd = token.kind {
                    take()
                    return .closed(.sequence(take(&frame.elements)))
                }
            }
            switch token.kind {
            case .key:
                take()
                frame.pairStart = token.start.position
                let next = try peek()
                if case .value = next.kind {
                    pairKey = empty(at: next.start.position)
                } else if Self.isEnd(next.kind, block: false) {
                    pairKey = empty(at: token.end.position)
                } else {
                    frame.phase = .key
                    return .child(block: false, indentlessSequence: false)
                }
            case .value:
                frame.pairStart = token.start.position
                pairKey = empty(at: token.start.position)
            case .flowEntry:
                throw error("expected a node in the flow sequence that starts at \(frame.properties.start), found ','", at: token)
            default:
                frame.phase = .element
                return .child(block: false, indentlessSequence: false)
            }
        }
    }

    mutating func advanceFlowMapping(_ frame: inout Frame, child: DocumentNode?) throws(YAMLSyntaxError) -> Step {
        var key: DocumentNode?
        if let child {
            switch frame.phase {
            case .value(let pending): append(DocumentEntry(key: pending, value: child), to: &frame)
            default: key = child
            }
        }
        while true {
            if let currentKey = key {
                key = nil
                let token = try peek()
                guard case .value = token.kind else {
                    append(DocumentEntry(key: currentKey, value: empty(at: currentKey.position)), to: &frame)
                    continue
                }
                take()
                let next = try peek()
                if Self.isEnd(next.kind, block: false) {
                    append(DocumentEntry(key: currentKey, value: empty(at: token.end.position)), to: &frame)
                    continue
                }
                frame.phase = .value(currentKey)
                return .child(block: false, indentlessSequence: false)
            }
            var token = try peek()
            if case .flowMappingEnd = token.kind {
                take()
                return .closed(.mapping(take(&frame.entries)))
            }
            if !frame.entries.isEmpty {
                guard case .flowEntry = token.kind else {
                    throw error("expected ',' or '}' in the flow mapping that starts at \(frame.properties.start), found \(token.kind.description)", at: token)
                }
                take()
                token = try peek()
                if case .flowMappingEnd = token.kind {
                    take()
                    return .closed(.mapping(take(&frame.entries)))
                }
            }
            switch token.kind {
            case .key:
                take()
                let next = try peek()
                if case .value = next.kind {
                    key = empty(at: next.start.position)
                } else if Self.isEnd(next.kind, block: false) {
                    key = empty(at: token.end.position)
                } else {
                    frame.phase = .key
                    return .child(block: false, indentlessSequence: false)
                }
            case .value:
                key = empty(at: token.start.position)
            case .flowEntry:
                throw error("expected a key in the flow mapping that starts at \(frame.properties.start), found ','", at: token)
            default:
                frame.phase = .key
                return .child(block: false, indentlessSequence: false)
            }
        }
    }

    /// The array, moved out of the frame that is closing.
    func take<Element>(_ array: inout [Element]) -> [Element] {
        var moved: [Element] = []
        swap(&moved, &array)
        return moved
    }

    mutating func alias(_ name: String, at token: YAMLToken) throws(YAMLSyntaxError) -> DocumentNode {
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

    func resolveTag(handle: String, suffix: String, at token: YAMLToken) throws(YAMLSyntaxError) -> String {
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

    func check(_ node: DocumentNode, hasCollectionTag tag: String, at token: YAMLToken) throws(YAMLSyntaxError) {
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

    func scalar(_ text: String, style: YAMLScalarStyle, tag: (String, YAMLToken)?, at token: YAMLToken) throws(YAMLSyntaxError) -> DocumentNode.Value {
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
}
