import RoutegenCore

/// A place in the bytes being scanned: the offset, and the 1-based line and 0-based column
/// (in Unicode scalars) it stands at.
struct YAMLMark {
    var offset: Int
    var line: Int
    var column: Int

    /// The position a diagnostic or node names (1-based column).
    var position: DocumentPosition { DocumentPosition(line: line, column: column + 1) }
}

/// A syntax error: what, and where reading stopped.
struct YAMLSyntaxError: Error {
    var message: String
    var position: DocumentPosition
}

/// How a scalar was written; only plain scalars are resolved by the core schema.
enum YAMLScalarStyle {
    case plain, singleQuoted, doubleQuoted, literal, folded
}

/// The tokens of YAML's block and flow structure, as libyaml names them: indentation becomes
/// explicit `blockSequenceStart`/`blockMappingStart` … `blockEnd` pairs, and an implicit key
/// gets its `key` token inserted once the `:` after it is seen.
enum YAMLTokenKind {
    case streamStart, streamEnd
    case versionDirective(major: Int, minor: Int)
    case tagDirective(handle: String, prefix: String)
    case reservedDirective
    case documentStart, documentEnd
    case blockSequenceStart, blockMappingStart, blockEnd
    case flowSequenceStart, flowSequenceEnd, flowMappingStart, flowMappingEnd
    case blockEntry, flowEntry, key, value
    case alias(String), anchor(String)
    case tag(handle: String, suffix: String)
    case scalar(String, YAMLScalarStyle)

    /// The token for a diagnostic: `'-'`, `a scalar`, `the end of the stream`.
    var description: String {
        switch self {
        case .streamStart: "the start of the stream"
        case .streamEnd: "the end of the stream"
        case .versionDirective, .tagDirective, .reservedDirective: "a directive"
        case .documentStart: "'---'"
        case .documentEnd: "'...'"
        case .blockSequenceStart: "a block sequence"
        case .blockMappingStart: "a block mapping"
        case .blockEnd: "the end of a block collection"
        case .flowSequenceStart: "'['"
        case .flowSequenceEnd: "']'"
        case .flowMappingStart: "'{'"
        case .flowMappingEnd: "'}'"
        case .blockEntry: "'-'"
        case .flowEntry: "','"
        case .key: "'?'"
        case .value: "':'"
        case .alias: "an alias"
        case .anchor: "an anchor"
        case .tag: "a tag"
        case .scalar: "a scalar"
        }
    }
}

/// A token kind without its text: what the parser mostly switches on. Trivial to copy, where a
/// copy of a token whose kind holds a string costs a value-witness call and a retain.
enum YAMLTokenTag {
    case streamStart, streamEnd, directive, documentStart, documentEnd
    case blockSequenceStart, blockMappingStart, blockEnd
    case flowSequenceStart, flowSequenceEnd, flowMappingStart, flowMappingEnd
    case blockEntry, flowEntry, key, value, alias, anchor, tag, scalar
}

extension YAMLTokenKind {
    /// The kind without its text.
    var tag: YAMLTokenTag {
        switch self {
        case .streamStart: .streamStart
        case .streamEnd: .streamEnd
        case .versionDirective, .tagDirective, .reservedDirective: .directive
        case .documentStart: .documentStart
        case .documentEnd: .documentEnd
        case .blockSequenceStart: .blockSequenceStart
        case .blockMappingStart: .blockMappingStart
        case .blockEnd: .blockEnd
        case .flowSequenceStart: .flowSequenceStart
        case .flowSequenceEnd: .flowSequenceEnd
        case .flowMappingStart: .flowMappingStart
        case .flowMappingEnd: .flowMappingEnd
        case .blockEntry: .blockEntry
        case .flowEntry: .flowEntry
        case .key: .key
        case .value: .value
        case .alias: .alias
        case .anchor: .anchor
        case .tag: .tag
        case .scalar: .scalar
        }
    }
}

/// One token and where it starts and ends.
struct YAMLToken {
    var kind: YAMLTokenKind
    var start: YAMLMark
    var end: YAMLMark
}

/// Where an implicit key may have started: YAML only knows a scalar or collection was a key
/// when it meets the `:` after it, on the same line and within 1024 characters.
private struct SimpleKey {
    var possible = false
    var required = false
    var tokenNumber = 0
    var mark = YAMLMark(offset: 0, line: 1, column: 0)
    /// Whether a tab separates the key from what is before it on its line.
    var tabBefore = false
}

// Byte classes, named as the YAML spec names them.
private let space: UInt8 = 0x20, tab: UInt8 = 0x09, lineFeed: UInt8 = 0x0A, carriageReturn: UInt8 = 0x0D

@inline(__always) private func isBlank(_ byte: UInt8) -> Bool { byte == space || byte == tab }
@inline(__always) private func isBreak(_ byte: UInt8) -> Bool { byte == lineFeed || byte == carriageReturn }
/// Blank, line break or the end (0, which the reader refuses inside a document).
@inline(__always) private func isBlankOrEnd(_ byte: UInt8) -> Bool { byte <= space && (byte == space || byte == tab || byte == lineFeed || byte == carriageReturn || byte == 0) }
@inline(__always) private func isBreakOrEnd(_ byte: UInt8) -> Bool { byte == lineFeed || byte == carriageReturn || byte == 0 }
@inline(__always) private func isFlowIndicator(_ byte: UInt8) -> Bool {
    byte == UInt8(ascii: ",") || byte == UInt8(ascii: "[") || byte == UInt8(ascii: "]") || byte == UInt8(ascii: "{") || byte == UInt8(ascii: "}")
}

/// YAML's scanner, after libyaml's: one pass over the bytes producing tokens on demand, with
/// the indentation stack and the possible implicit keys it needs. Never recurses.
struct YAMLScanner {
    let bytes: UnsafeBufferPointer<UInt8>
    private(set) var mark = YAMLMark(offset: 0, line: 1, column: 0)
    /// Tokens scanned and not yet taken; `head` is the first not taken.
    var tokens: [YAMLToken] = []
    var head = 0
    /// How many tokens the parser has taken in all.
    private(set) var tokensParsed = 0
    private var streamStartProduced = false
    private(set) var streamEndProduced = false
    private var flowLevel = 0
    private var indent = -1
    private var indents: [Int] = []
    private var simpleKeyAllowed = false
    private var simpleKeys: [SimpleKey] = []
    /// The offset right after a quoted scalar or flow collection in flow context, where `:`
    /// is a value indicator even without a space after it (`{"a":1}`).
    private var adjacentValueTokens = -1
    /// Whether a tab separates the token being fetched from what is before it on its line.
    private var tabInSeparation = false
    /// Tokens produced so far, taken or not.
    private var producedTokens: Int { tokensParsed + tokens.count - head }
    /// Reused buffers for scalars that are not one slice of the input.
    private var text: [UInt8] = []
    private var whitespace: [UInt8] = []
    private var leadingBreak: [UInt8] = []
    private var trailingBreaks: [UInt8] = []

    /// A scanner of `bytes`, whose first line is line `firstLine` of the document (a piece of a
    /// document read apart starts further down).
    init(bytes: UnsafeBufferPointer<UInt8>, firstLine: Int = 1) {
        self.bytes = bytes
        mark.line = firstLine
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF {
            mark.offset = 3
        }
        tokens.reserveCapacity(64)
    }

    // MARK: Reading bytes

    @inline(__always) private func peek(_ ahead: Int = 0) -> UInt8 {
        let index = mark.offset + ahead
        return index < bytes.count ? bytes[index] : 0
    }

    private var atEnd: Bool { mark.offset >= bytes.count }

    /// Whether the rest of the line, from the mark, reads as block structure: a mapping key
    /// (`name:` at its end or before a blank) or a sequence entry (`- `). A quoted scalar's line
    /// indented less than its block must be content YAML 1.2 does not allow; one that reads as
    /// structure says the quote was left open, while any other (a PEM certificate pasted at
    /// column 1 inside `"..."`) is taken as content, as libyaml does.
    private func lineLooksLikeStructure() -> Bool {
        var offset = mark.offset
        if offset < bytes.count, bytes[offset] == UInt8(ascii: "-"), offset + 1 >= bytes.count || isBlankOrEnd(bytes[offset + 1]) || isBreak(bytes[offset + 1]) {
            return true
        }
        while offset < bytes.count, !isBreak(bytes[offset]) {
            if bytes[offset] == UInt8(ascii: ":"), offset + 1 >= bytes.count || isBlank(bytes[offset + 1]) || isBreak(bytes[offset + 1]) {
                return true
            }
            offset += 1
        }
        return false
    }

    @inline(__always) private mutating func skip() {
        if bytes[mark.offset] & 0xC0 != 0x80 { mark.column += 1 }
        mark.offset += 1
    }

    /// Skips one UTF-8 character whole.
    @inline(__always) private mutating func skipCharacter() {
        mark.offset += 1
        while mark.offset < bytes.count, bytes[mark.offset] & 0xC0 == 0x80 { mark.offset += 1 }
        mark.column += 1
    }

    /// Skips a line break (LF, CR or CR LF).
    @inline(__always) private mutating func skipLineBreak() {
        if peek() == carriageReturn, peek(1) == lineFeed {
            mark.offset += 2
        } else {
            mark.offset += 1
        }
        mark.line += 1
        mark.column = 0
    }

    /// Appends the character at the mark to `buffer` and skips it.
    @inline(__always) private mutating func read(into buffer: inout [UInt8]) {
        let start = mark.offset
        skipCharacter()
        buffer.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<min(mark.offset, bytes.count)]))
    }

    private func error(_ message: String, at mark: YAMLMark? = nil) -> YAMLSyntaxError {
        YAMLSyntaxError(message: message, position: (mark ?? self.mark).position)
    }

    private func describeNext() -> String {
        guard !atEnd else { return "the end of the stream" }
        let byte = peek()
        if byte == tab { return "a tab" }
        if isBreak(byte) { return "a line break" }
        if byte >= 0x21, byte < 0x7F { return "'" + String(UnicodeScalar(byte)) + "'" }
        var end = mark.offset + 1
        while end < bytes.count, bytes[end] & 0xC0 == 0x80 { end += 1 }
        return "'" + String(decoding: UnsafeBufferPointer(rebasing: bytes[mark.offset..<end]), as: UTF8.self) + "'"
    }

    private func isDocumentIndicator() -> Bool {
        guard mark.column == 0 else { return false }
        let first = peek()
        guard first == UInt8(ascii: "-") || first == UInt8(ascii: ".") else { return false }
        return peek(1) == first && peek(2) == first && isBlankOrEnd(peek(3))
    }

    // MARK: The token queue

    /// Whether the parser may take the token at `head`: scanned, and not one before which a
    /// `key` token may still be inserted.
    private var needMoreTokens: Bool {
        if head == tokens.count { return true }
        for key in simpleKeys where key.possible && key.tokenNumber == tokensParsed { return true }
        return false
    }

    /// The next token, scanning as far as needed.
    mutating func peekToken() throws(YAMLSyntaxError) -> YAMLToken {
        if needMoreTokens {
            try fetchMoreTokens()
        }
        return tokens[head]
    }

    /// The next token's kind without its text, scanning as far as needed; its marks are
    /// `peekedStart` and `peekedEnd`.
    mutating func peekTokenTag() throws(YAMLSyntaxError) -> YAMLTokenTag {
        if needMoreTokens {
            try fetchMoreTokens()
        }
        return tokens[head].kind.tag
    }

    /// Where the token `peekTokenTag` described starts.
    var peekedStart: YAMLMark { tokens[head].start }

    /// Where the token `peekTokenTag` described ends.
    var peekedEnd: YAMLMark { tokens[head].end }

    /// Takes the next token (after `peekToken` or `peekTokenTag`), moved out of the queue
    /// rather than copied.
    mutating func takeTokenMovingOut() -> YAMLToken {
        var token = YAMLToken(kind: .blockEnd, start: tokens[head].start, end: tokens[head].end)
        swap(&token, &tokens[head])
        takeToken()
        return token
    }

    /// Takes the token `peekToken` returned.
    mutating func takeToken() {
        head += 1
        tokensParsed += 1
        if head == tokens.count {
            tokens.removeAll(keepingCapacity: true)
            head = 0
        } else if head > 256 {
            tokens.removeFirst(head)
            head = 0
        }
    }

    private mutating func fetchMoreTokens() throws(YAMLSyntaxError) {
        while true {
            var need = head == tokens.count
            if !need {
                try staleSimpleKeys()
                for key in simpleKeys where key.possible && key.tokenNumber == tokensParsed {
                    need = true
                    break
                }
            }
            if !need { return }
            if streamEndProduced { return }
            try fetchNextToken()
        }
    }

    private mutating func append(_ kind: YAMLTokenKind, from start: YAMLMark) {
        tokens.append(YAMLToken(kind: kind, start: start, end: mark))
    }

    private mutating func fetchNextToken() throws(YAMLSyntaxError) {
        if !streamStartProduced {
            streamStartProduced = true
            simpleKeyAllowed = true
            simpleKeys.append(SimpleKey())
            append(.streamStart, from: mark)
            return
        }
        try scanToNextToken()
        try staleSimpleKeys()
        unrollIndent(to: mark.column)
        if atEnd { return try fetchStreamEnd() }
        let byte = peek()
        if mark.column == 0 {
            if byte == UInt8(ascii: "%") { return try fetchDirective() }
            if isDocumentIndicator() { return try fetchDocumentIndicator(start: byte == UInt8(ascii: "-")) }
        }
        if flowLevel > 0, let spaces = lineIndentSpaces, spaces <= indent {
            throw error("a line inside a flow collection is indented too little (tabs do not count as indentation)")
        }
        let next = peek(1)
        switch byte {
        case UInt8(ascii: "["): return try fetchFlowCollectionStart(.flowSequenceStart)
        case UInt8(ascii: "{"): return try fetchFlowCollectionStart(.flowMappingStart)
        case UInt8(ascii: "]"): return try fetchFlowCollectionEnd(.flowSequenceEnd)
        case UInt8(ascii: "}"): return try fetchFlowCollectionEnd(.flowMappingEnd)
        case UInt8(ascii: ","): return try fetchFlowEntry()
        case UInt8(ascii: "-") where isBlankOrEnd(next): return try fetchBlockEntry()
        case UInt8(ascii: "?") where isBlankOrEnd(next) || (flowLevel > 0 && isFlowIndicator(next)): return try fetchKey()
        case UInt8(ascii: ":") where isBlankOrEnd(next) || (flowLevel > 0 && (isFlowIndicator(next) || producedTokens == adjacentValueTokens)):
            return try fetchValue()
        case UInt8(ascii: "*"): return try fetchAnchor(alias: true)
        case UInt8(ascii: "&"): return try fetchAnchor(alias: false)
        case UInt8(ascii: "!"): return try fetchTag()
        case UInt8(ascii: "|") where flowLevel == 0: return try fetchBlockScalar(literal: true)
        case UInt8(ascii: ">") where flowLevel == 0: return try fetchBlockScalar(literal: false)
        case UInt8(ascii: "'"): return try fetchFlowScalar(single: true)
        case UInt8(ascii: "\""): return try fetchFlowScalar(single: false)
        default: break
        }
        if canStartPlainScalar(byte, next) { return try fetchPlainScalar() }
        if byte == tab {
            throw error("a tab character where YAML needs spaces for indentation")
        }
        if byte == UInt8(ascii: "@") || byte == UInt8(ascii: "`") {
            throw error("'\(String(UnicodeScalar(byte)))' is reserved and cannot start a plain scalar; quote the value")
        }
        throw error("found \(describeNext()), which cannot start any token")
    }

    /// Whether a plain scalar starts here (the spec's ns-plain-first).
    private func canStartPlainScalar(_ byte: UInt8, _ next: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "-"), UInt8(ascii: "?"), UInt8(ascii: ":"):
            return !isBlankOrEnd(next) && !(flowLevel > 0 && isFlowIndicator(next))
        case UInt8(ascii: ","), UInt8(ascii: "["), UInt8(ascii: "]"), UInt8(ascii: "{"), UInt8(ascii: "}"),
             UInt8(ascii: "#"), UInt8(ascii: "&"), UInt8(ascii: "*"), UInt8(ascii: "!"), UInt8(ascii: "|"),
             UInt8(ascii: ">"), UInt8(ascii: "'"), UInt8(ascii: "\""), UInt8(ascii: "%"), UInt8(ascii: "@"),
             UInt8(ascii: "`"):
            return false
        default:
            return !isBlankOrEnd(byte)
        }
    }

    /// After a line break, the spaces that start the line of the next token: inside a flow
    /// collection they must indent it more than the block around it.
    private var lineIndentSpaces: Int?

    private mutating func scanToNextToken() throws(YAMLSyntaxError) {
        let startOffset = mark.offset
        var crossedLine = false
        var spaces: Int? = nil
        tabInSeparation = false
        while true {
            while true {
                let byte = peek()
                if byte == space {
                    var offset = mark.offset + 1
                    while offset < bytes.count, bytes[offset] == space { offset += 1 }
                    if crossedLine, spaces == 0 { spaces = offset - mark.offset }
                    mark.column += offset - mark.offset
                    mark.offset = offset
                } else if byte == tab {
                    tabInSeparation = true
                    if crossedLine, spaces == 0 { spaces = -1 }
                    if flowLevel > 0 || !simpleKeyAllowed {
                        skip()
                    } else {
                        // A tab in indentation is only harmless on a line holding nothing else.
                        var ahead = 1
                        while isBlank(peek(ahead)) { ahead += 1 }
                        let after = peek(ahead)
                        if isBreakOrEnd(after) || after == UInt8(ascii: "#") || mark.column > indent {
                            skip()
                        } else {
                            return
                        }
                    }
                } else {
                    break
                }
            }
            if peek() == UInt8(ascii: "#") {
                if mark.offset > 0, mark.offset == startOffset, !crossedLine {
                    let before = bytes[mark.offset - 1]
                    if !isBlank(before), !isBreak(before), tokens.count > head || streamStartProduced {
                        throw error("a comment needs a space before '#'")
                    }
                }
                skipToLineEnd()
            }
            if isBreak(peek()) {
                skipLineBreak()
                crossedLine = true
                spaces = 0
                tabInSeparation = false
                if flowLevel == 0 {
                    simpleKeyAllowed = true
                }
            } else {
                break
            }
        }
        lineIndentSpaces = crossedLine && flowLevel > 0 ? max(spaces ?? 0, 0) : nil
    }

    // MARK: Implicit keys

    private mutating func staleSimpleKeys() throws(YAMLSyntaxError) {
        for index in simpleKeys.indices where simpleKeys[index].possible {
            let key = simpleKeys[index]
            if key.mark.line < mark.line || key.mark.offset + 1024 < mark.offset {
                if key.required {
                    throw error("could not find the ':' of the implicit key that starts at \(key.mark.position)", at: key.mark)
                }
                simpleKeys[index].possible = false
            }
        }
    }

    private mutating func saveSimpleKey() throws(YAMLSyntaxError) {
        let required = flowLevel == 0 && indent == mark.column
        if simpleKeyAllowed {
            try removeSimpleKey()
            simpleKeys[simpleKeys.count - 1] = SimpleKey(possible: true, required: required, tokenNumber: tokensParsed + tokens.count - head, mark: mark, tabBefore: tabInSeparation)
        }
    }

    private mutating func removeSimpleKey() throws(YAMLSyntaxError) {
        let key = simpleKeys[simpleKeys.count - 1]
        if key.possible, key.required {
            throw error("could not find the ':' of the implicit key that starts at \(key.mark.position)", at: key.mark)
        }
        simpleKeys[simpleKeys.count - 1].possible = false
    }

    // MARK: Indentation

    private mutating func rollIndent(_ column: Int, tokenNumber: Int?, _ kind: YAMLTokenKind, at start: YAMLMark) {
        guard flowLevel == 0, indent < column else { return }
        indents.append(indent)
        indent = column
        let token = YAMLToken(kind: kind, start: start, end: start)
        if let tokenNumber {
            tokens.insert(token, at: head + tokenNumber - tokensParsed)
        } else {
            tokens.append(token)
        }
    }

    private mutating func unrollIndent(to column: Int) {
        guard flowLevel == 0 else { return }
        while indent > column {
            tokens.append(YAMLToken(kind: .blockEnd, start: mark, end: mark))
            indent = indents.removeLast()
        }
    }

    // MARK: Fetching each kind of token

    private mutating func fetchStreamEnd() throws(YAMLSyntaxError) {
        if mark.column != 0 {
            mark.column = 0
            mark.line += 1
        }
        unrollIndent(to: -1)
        try removeSimpleKey()
        simpleKeyAllowed = false
        streamEndProduced = true
        if flowLevel > 0 {
            throw error("the stream ends inside a flow collection")
        }
        append(.streamEnd, from: mark)
    }

    private mutating func fetchDirective() throws(YAMLSyntaxError) {
        unrollIndent(to: -1)
        try removeSimpleKey()
        simpleKeyAllowed = false
        let start = mark
        skip()
        let nameStart = mark.offset
        while !isBlankOrEnd(peek()) { skipCharacter() }
        let name = string(nameStart..<mark.offset)
        let kind: YAMLTokenKind
        switch name {
        case "YAML":
            try skipBlanks(required: true)
            let major = try directiveNumber()
            guard peek() == UInt8(ascii: ".") else { throw error("expected '.' in the %YAML version, found \(describeNext())") }
            skip()
            let minor = try directiveNumber()
            kind = .versionDirective(major: major, minor: minor)
        case "TAG":
            try skipBlanks(required: true)
            let handle = try tagHandle(inDirective: true)
            try skipBlanks(required: true)
            let prefix = try tagURI(verbatim: true, prefix: [])
            guard !prefix.isEmpty else { throw error("expected the tag prefix of the %TAG directive") }
            kind = .tagDirective(handle: handle, prefix: prefix)
        default:
            // Reserved directives are ignored, as the spec says.
            while !isBreakOrEnd(peek()) {
                if isBlank(peek()), peek(1) == UInt8(ascii: "#") { break }
                skipCharacter()
            }
            kind = .reservedDirective
        }
        try finishLine(after: "a directive")
        append(kind, from: start)
    }

    private mutating func skipBlanks(required: Bool) throws(YAMLSyntaxError) {
        if required, !isBlank(peek()) { throw error("expected a space, found \(describeNext())") }
        while isBlank(peek()) { skip() }
    }

    /// After a directive or `...`: blanks, a comment, then the line's end.
    private mutating func finishLine(after what: String) throws(YAMLSyntaxError) {
        let hadBlank = isBlank(peek())
        while isBlank(peek()) { skip() }
        if peek() == UInt8(ascii: "#") {
            guard hadBlank else { throw error("a comment needs a space before '#'") }
            skipToLineEnd()
        }
        guard isBreakOrEnd(peek()) else { throw error("expected a comment or a line break after \(what), found \(describeNext())") }
    }

    private mutating func directiveNumber() throws(YAMLSyntaxError) -> Int {
        var value = 0, digits = 0
        while (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(peek()) {
            value = value &* 10 &+ Int(peek() - UInt8(ascii: "0"))
            digits += 1
            guard digits <= 9 else { throw error("the %YAML version number is too long") }
            skip()
        }
        guard digits > 0 else { throw error("expected a digit in the %YAML version, found \(describeNext())") }
        return value
    }

    private mutating func fetchDocumentIndicator(start isStart: Bool) throws(YAMLSyntaxError) {
        unrollIndent(to: -1)
        try removeSimpleKey()
        simpleKeyAllowed = false
        let start = mark
        skip(); skip(); skip()
        if !isStart {
            try finishLine(after: "'...'")
        }
        append(isStart ? .documentStart : .documentEnd, from: start)
    }

    private mutating func fetchFlowCollectionStart(_ kind: YAMLTokenKind) throws(YAMLSyntaxError) {
        try saveSimpleKey()
        simpleKeys.append(SimpleKey())
        flowLevel += 1
        simpleKeyAllowed = true
        let start = mark
        skip()
        append(kind, from: start)
    }

    private mutating func fetchFlowCollectionEnd(_ kind: YAMLTokenKind) throws(YAMLSyntaxError) {
        try removeSimpleKey()
        if flowLevel > 0 {
            flowLevel -= 1
            simpleKeys.removeLast()
        }
        simpleKeyAllowed = false
        let start = mark
        skip()
        append(kind, from: start)
        adjacentValueTokens = producedTokens
    }

    private mutating func fetchFlowEntry() throws(YAMLSyntaxError) {
        try removeSimpleKey()
        simpleKeyAllowed = true
        let start = mark
        skip()
        append(.flowEntry, from: start)
    }

    private mutating func fetchBlockEntry() throws(YAMLSyntaxError) {
        if flowLevel == 0 {
            guard simpleKeyAllowed else { throw error("a block sequence entry '-' is not allowed here") }
            try refuseTabIndentation(at: mark)
            rollIndent(mark.column, tokenNumber: nil, .blockSequenceStart, at: mark)
        } else {
            throw error("a block sequence entry '-' inside a flow collection; write the entries separated by ','")
        }
        try removeSimpleKey()
        simpleKeyAllowed = true
        let start = mark
        skip()
        append(.blockEntry, from: start)
    }

    /// A block collection nested on the line of its parent's indicator is indented by what
    /// separates them, which must be spaces.
    private func refuseTabIndentation(at start: YAMLMark) throws(YAMLSyntaxError) {
        if tabInSeparation, indent < start.column {
            throw error("a tab before a nested block collection; indent it with spaces", at: start)
        }
    }

    private mutating func fetchKey() throws(YAMLSyntaxError) {
        if flowLevel == 0 {
            guard simpleKeyAllowed else { throw error("a mapping key '?' is not allowed here") }
            try refuseTabIndentation(at: mark)
            rollIndent(mark.column, tokenNumber: nil, .blockMappingStart, at: mark)
        }
        try removeSimpleKey()
        simpleKeyAllowed = flowLevel == 0
        let start = mark
        skip()
        append(.key, from: start)
    }

    private mutating func fetchValue() throws(YAMLSyntaxError) {
        let last = simpleKeys.count - 1
        let key = simpleKeys[last]
        if key.possible {
            if key.tabBefore, flowLevel == 0, indent < key.mark.column {
                throw error("a tab before a nested block mapping's first key; indent it with spaces", at: key.mark)
            }
            tokens.insert(YAMLToken(kind: .key, start: key.mark, end: key.mark), at: head + key.tokenNumber - tokensParsed)
            rollIndent(key.mark.column, tokenNumber: key.tokenNumber, .blockMappingStart, at: key.mark)
            simpleKeys[last].possible = false
            simpleKeyAllowed = false
        } else {
            if flowLevel == 0 {
                guard simpleKeyAllowed else { throw error("a mapping value ':' is not allowed here (a key on one line with another, or a multi-line implicit key?)") }
                rollIndent(mark.column, tokenNumber: nil, .blockMappingStart, at: mark)
            }
            simpleKeyAllowed = flowLevel == 0
        }
        let start = mark
        skip()
        append(.value, from: start)
    }

    private mutating func fetchAnchor(alias: Bool) throws(YAMLSyntaxError) {
        try saveSimpleKey()
        simpleKeyAllowed = false
        let start = mark
        skip()
        let nameStart = mark.offset
        while !isBlankOrEnd(peek()), !isFlowIndicator(peek()) { skipCharacter() }
        guard mark.offset > nameStart else {
            throw error("expected the name of the \(alias ? "alias" : "anchor") after '\(alias ? "*" : "&")', found \(describeNext())")
        }
        let name = string(nameStart..<mark.offset)
        append(alias ? .alias(name) : .anchor(name), from: start)
    }

    private mutating func fetchTag() throws(YAMLSyntaxError) {
        try saveSimpleKey()
        simpleKeyAllowed = false
        let start = mark
        let handle: String
        let suffix: String
        if peek(1) == UInt8(ascii: "<") {
            skip(); skip()
            handle = ""
            suffix = try tagURI(verbatim: true, prefix: [])
            guard !suffix.isEmpty else { throw error("a verbatim tag '!<…>' needs a tag inside") }
            guard peek() == UInt8(ascii: ">") else { throw error("expected '>' to close the verbatim tag, found \(describeNext())") }
            skip()
        } else {
            let first = try tagHandle(inDirective: false)
            if first.utf8.count > 1, first.hasSuffix("!") {
                handle = first
                suffix = try tagURI(verbatim: false, prefix: [])
                guard !suffix.isEmpty else { throw error("the tag '\(first)' needs a suffix") }
            } else {
                let rest = try tagURI(verbatim: false, prefix: Array(first.utf8.dropFirst()))
                if rest.isEmpty {
                    handle = ""
                    suffix = "!"
                } else {
                    handle = "!"
                    suffix = rest
                }
            }
        }
        let next = peek()
        guard isBlankOrEnd(next) || (flowLevel > 0 && isFlowIndicator(next)) else {
            throw error("expected a space after the tag, found \(describeNext())")
        }
        append(.tag(handle: handle, suffix: suffix), from: start)
    }

    /// `!`, `!!` or `!name!`; outside a directive also `!name` (the caller takes the name as
    /// the start of the suffix).
    private mutating func tagHandle(inDirective: Bool) throws(YAMLSyntaxError) -> String {
        guard peek() == UInt8(ascii: "!") else { throw error("expected '!' to start a tag handle, found \(describeNext())") }
        let start = mark.offset
        skip()
        while isWordCharacter(peek()) { skip() }
        if peek() == UInt8(ascii: "!") {
            skip()
        } else if inDirective, mark.offset - start > 1 {
            throw error("a tag handle ends with '!', found \(describeNext())")
        }
        return string(start..<mark.offset)
    }

    private func isWordCharacter(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
            || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_")
    }

    /// A tag's URI characters, `%XX` escapes decoded; a shorthand's suffix (`verbatim` false)
    /// stops at `!` and the flow indicators.
    private mutating func tagURI(verbatim: Bool, prefix: [UInt8]) throws(YAMLSyntaxError) -> String {
        var result = prefix
        while true {
            let byte = peek()
            let allowed: Bool
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                 UInt8(ascii: "-"), UInt8(ascii: "#"), UInt8(ascii: ";"), UInt8(ascii: "/"), UInt8(ascii: "?"), UInt8(ascii: ":"),
                 UInt8(ascii: "@"), UInt8(ascii: "&"), UInt8(ascii: "="), UInt8(ascii: "+"), UInt8(ascii: "$"), UInt8(ascii: "_"),
                 UInt8(ascii: "."), UInt8(ascii: "~"), UInt8(ascii: "*"), UInt8(ascii: "'"), UInt8(ascii: "("), UInt8(ascii: ")"),
                 UInt8(ascii: "%"):
                allowed = true
            case UInt8(ascii: "!"), UInt8(ascii: ","), UInt8(ascii: "["), UInt8(ascii: "]"), UInt8(ascii: "{"), UInt8(ascii: "}"):
                allowed = verbatim
            default:
                allowed = false
            }
            guard allowed else { break }
            if byte == UInt8(ascii: "%") {
                guard let high = hexValue(peek(1)), let low = hexValue(peek(2)) else {
                    throw error("a '%' in a tag needs two hexadecimal digits after it")
                }
                result.append(high << 4 | low)
                skip(); skip(); skip()
            } else {
                result.append(byte)
                skip()
            }
        }
        guard let decoded = String(validating: result, as: UTF8.self) else { throw error("a tag's escapes are not valid UTF-8") }
        return decoded
    }

    private func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }

    private func string(_ range: Range<Int>) -> String {
        String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
    }

    // MARK: Scalars

    private mutating func fetchBlockScalar(literal: Bool) throws(YAMLSyntaxError) {
        try removeSimpleKey()
        simpleKeyAllowed = true
        let start = mark
        let value = try scanBlockScalar(literal: literal)
        append(.scalar(value, literal ? .literal : .folded), from: start)
    }

    private mutating func scanBlockScalar(literal: Bool) throws(YAMLSyntaxError) -> String {
        let start = mark
        skip()
        var chomping = 0
        var increment = 0
        func readChomping(_ scanner: inout YAMLScanner) -> Bool {
            let byte = scanner.peek()
            guard byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-") else { return false }
            chomping = byte == UInt8(ascii: "+") ? 1 : -1
            scanner.skip()
            return true
        }
        func readIncrement(_ scanner: inout YAMLScanner) throws(YAMLSyntaxError) -> Bool {
            let byte = scanner.peek()
            guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return false }
            guard byte != UInt8(ascii: "0") else { throw scanner.error("a block scalar's indentation indicator is 1 to 9, not 0") }
            increment = Int(byte - UInt8(ascii: "0"))
            scanner.skip()
            return true
        }
        if readChomping(&self) {
            _ = try readIncrement(&self)
        } else if try readIncrement(&self) {
            _ = readChomping(&self)
        }
        try finishLine(after: "the block scalar's header")
        if isBreak(peek()) { skipLineBreak() }

        let parentIndent = indent
        var blockIndent = increment > 0 ? parentIndent + increment : 0
        var autoDetect = increment == 0
        text.clear()
        leadingBreak.clear()
        trailingBreaks.clear()

        try blockScalarBreaks(indent: &blockIndent, autoDetect: &autoDetect, parentIndent: parentIndent, start: start)
        var leadingBlank = false
        while mark.column == blockIndent, !atEnd, !isDocumentIndicator() {
            let trailingBlank = isBlank(peek())
            if !literal, leadingBreak.first == lineFeed, !leadingBlank, !trailingBlank {
                if trailingBreaks.isEmpty { text.append(space) }
                leadingBreak.clear()
            } else {
                text.append(contentsOf: leadingBreak)
                leadingBreak.clear()
            }
            text.append(contentsOf: trailingBreaks)
            trailingBreaks.clear()
            leadingBlank = isBlank(peek())
            let lineStart = mark.offset
            skipToLineEnd()
            text.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[lineStart..<mark.offset]))
            if atEnd {
                // The end of the stream ends the last line as a line break would.
                leadingBreak.append(lineFeed)
                break
            }
            skipLineBreak()
            leadingBreak.append(lineFeed)
            try blockScalarBreaks(indent: &blockIndent, autoDetect: &autoDetect, parentIndent: parentIndent, start: start)
        }
        if chomping != -1 { text.append(contentsOf: leadingBreak) }
        if chomping == 1 { text.append(contentsOf: trailingBreaks) }
        return String(decoding: text, as: UTF8.self)
    }

    /// Moves the mark to the line break (or the end) that ends the current line, counting a
    /// column per character (UTF-8 continuation bytes add none).
    private mutating func skipToLineEnd() {
        var offset = mark.offset
        var column = mark.column
        let count = bytes.count
        while offset < count {
            let byte = bytes[offset]
            if byte == lineFeed || byte == carriageReturn || byte == 0 { break }
            if byte & 0xC0 != 0x80 { column += 1 }
            offset += 1
        }
        mark.offset = offset
        mark.column = column
    }

    /// The empty lines before a block scalar's next content line; on the first call with no
    /// indentation indicator, also the scalar's indentation (that of its first non-empty line).
    private mutating func blockScalarBreaks(indent blockIndent: inout Int, autoDetect: inout Bool, parentIndent: Int, start: YAMLMark) throws(YAMLSyntaxError) {
        var maxBlankIndent = 0
        while true {
            while autoDetect || mark.column < blockIndent, peek() == space { skip() }
            if peek() == tab {
                if autoDetect {
                    // After some indentation a tab is the first line's content; before any,
                    // it stands where the indentation must be spaces.
                    guard mark.column > parentIndent else {
                        throw error("a tab character where the block scalar needs spaces for indentation")
                    }
                    break
                }
                if mark.column < blockIndent {
                    var ahead = 1
                    while isBlank(peek(ahead)) { ahead += 1 }
                    // A line of blanks only is empty; otherwise the line ends the scalar.
                    guard isBreakOrEnd(peek(ahead)) else { break }
                    while isBlank(peek()) { skip() }
                }
            }
            if autoDetect, isBreakOrEnd(peek()) { maxBlankIndent = max(maxBlankIndent, mark.column) }
            if atEnd, mark.column > 0, mark.line > start.line {
                // A last line of blanks without a line break still ends with one.
                trailingBreaks.append(lineFeed)
                break
            }
            guard isBreak(peek()) else { break }
            skipLineBreak()
            trailingBreaks.append(lineFeed)
        }
        if autoDetect {
            autoDetect = false
            let ended = atEnd || isDocumentIndicator() || mark.column <= parentIndent
            if !ended, maxBlankIndent > mark.column {
                throw error("a leading empty line of the block scalar has more spaces than its first line", at: start)
            }
            blockIndent = max(ended ? maxBlankIndent : mark.column, parentIndent + 1)
            if blockIndent == 0, parentIndent >= 0 { blockIndent = 1 }
        }
    }

    private mutating func fetchFlowScalar(single: Bool) throws(YAMLSyntaxError) {
        try saveSimpleKey()
        simpleKeyAllowed = false
        let start = mark
        let value = try scanFlowScalar(single: single)
        append(.scalar(value, single ? .singleQuoted : .doubleQuoted), from: start)
        adjacentValueTokens = producedTokens
    }

    private mutating func scanFlowScalar(single: Bool) throws(YAMLSyntaxError) -> String {
        let start = mark
        let quote = single ? UInt8(ascii: "'") : UInt8(ascii: "\"")
        skip()
        // The common case: one line, no escapes, so the bytes are the string.
        let contentStart = mark.offset
        var offset = contentStart
        var column = mark.column
        while offset < bytes.count {
            let byte = bytes[offset]
            if byte == quote || byte == UInt8(ascii: "\\") || byte == lineFeed || byte == carriageReturn { break }
            if byte & 0xC0 != 0x80 { column += 1 }
            offset += 1
        }
        mark.offset = offset
        mark.column = column
        if peek() == quote, !(single && peek(1) == quote) {
            let value = string(contentStart..<mark.offset)
            skip()
            return value
        }
        // Blanks before a line break are dropped: back up to the last non-blank.
        while mark.offset > contentStart, isBlank(bytes[mark.offset - 1]) {
            mark.offset -= 1
            mark.column -= 1
        }
        text.clear()
        text.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[contentStart..<mark.offset]))
        var leadingBlanks = false
        // The spaces that start the current continuation line, before any tab.
        var continuationSpaces = 0
        var countingSpaces = false
        while true {
            if isDocumentIndicator() {
                throw error("a document marker inside the quoted scalar that starts at \(start.position)")
            }
            if atEnd {
                throw error("the quoted scalar that starts at \(start.position) is not closed", at: start)
            }
            if leadingBlanks, flowLevel == 0, continuationSpaces <= indent, lineLooksLikeStructure() {
                throw error("a line of the quoted scalar that starts at \(start.position) is indented too little")
            }
            leadingBlanks = false
            while !isBlankOrEnd(peek()) {
                let byte = peek()
                if single, byte == quote, peek(1) == quote {
                    text.append(quote)
                    skip(); skip()
                } else if byte == quote {
                    break
                } else if !single, byte == UInt8(ascii: "\\"), isBreak(peek(1)) {
                    skip()
                    skipLineBreak()
                    leadingBlanks = true
                    continuationSpaces = 0
                    countingSpaces = true
                    break
                } else if !single, byte == UInt8(ascii: "\\") {
                    try escape()
                } else {
                    text.append(byte)
                    skip()
                }
            }
            if peek() == quote { break }
            whitespace.clear()
            leadingBreak.clear()
            trailingBreaks.clear()
            var sawBreak = false
            while isBlank(peek()) || isBreak(peek()) {
                if isBlank(peek()) {
                    if countingSpaces {
                        if peek() == space { continuationSpaces += 1 } else { countingSpaces = false }
                    }
                    if !leadingBlanks { whitespace.append(peek()) }
                    skip()
                } else {
                    if !leadingBlanks {
                        whitespace.clear()
                        leadingBreak.append(lineFeed)
                        leadingBlanks = true
                    } else {
                        trailingBreaks.append(lineFeed)
                    }
                    continuationSpaces = 0
                    countingSpaces = true
                    sawBreak = true
                    skipLineBreak()
                }
            }
            _ = sawBreak
            if leadingBlanks {
                if leadingBreak.first == lineFeed {
                    if trailingBreaks.isEmpty { text.append(space) } else { text.append(contentsOf: trailingBreaks) }
                } else {
                    text.append(contentsOf: leadingBreak)
                    text.append(contentsOf: trailingBreaks)
                }
            } else {
                text.append(contentsOf: whitespace)
            }
        }
        skip()
        return String(decoding: text, as: UTF8.self)
    }

    /// A double-quoted scalar's escape at the mark, decoded into `text`.
    private mutating func escape() throws(YAMLSyntaxError) {
        let start = mark
        skip()
        let letter = peek()
        var length = 0
        switch letter {
        case UInt8(ascii: "0"): text.append(0)
        case UInt8(ascii: "a"): text.append(0x07)
        case UInt8(ascii: "b"): text.append(0x08)
        case UInt8(ascii: "t"), tab: text.append(0x09)
        case UInt8(ascii: "n"): text.append(0x0A)
        case UInt8(ascii: "v"): text.append(0x0B)
        case UInt8(ascii: "f"): text.append(0x0C)
        case UInt8(ascii: "r"): text.append(0x0D)
        case UInt8(ascii: "e"): text.append(0x1B)
        case space: text.append(space)
        case UInt8(ascii: "\""): text.append(0x22)
        case UInt8(ascii: "/"): text.append(0x2F)
        case UInt8(ascii: "\\"): text.append(0x5C)
        case UInt8(ascii: "N"): text.append(contentsOf: [0xC2, 0x85])
        case UInt8(ascii: "_"): text.append(contentsOf: [0xC2, 0xA0])
        case UInt8(ascii: "L"): text.append(contentsOf: [0xE2, 0x80, 0xA8])
        case UInt8(ascii: "P"): text.append(contentsOf: [0xE2, 0x80, 0xA9])
        case UInt8(ascii: "x"): length = 2
        case UInt8(ascii: "u"): length = 4
        case UInt8(ascii: "U"): length = 8
        default:
            throw error("'\\\(describeNext().dropFirst().dropLast())' is no escape in a double-quoted scalar", at: start)
        }
        skip()
        guard length > 0 else { return }
        var value: UInt32 = 0
        for _ in 0..<length {
            guard let digit = hexValue(peek()) else {
                throw error("the escape '\\\(String(UnicodeScalar(letter)))' needs \(length) hexadecimal digits", at: start)
            }
            value = value << 4 | UInt32(digit)
            skip()
        }
        guard let scalar = Unicode.Scalar(value) else {
            throw error("the escape at \(start.position) names no Unicode scalar", at: start)
        }
        text.append(contentsOf: Array(String(Character(scalar)).utf8))
    }

    private mutating func fetchPlainScalar() throws(YAMLSyntaxError) {
        try saveSimpleKey()
        simpleKeyAllowed = false
        let start = mark
        let (value, end, leadingBlanks) = try scanPlainScalar()
        if leadingBlanks { simpleKeyAllowed = true }
        tokens.append(YAMLToken(kind: .scalar(value, .plain), start: start, end: end))
    }

    /// Where the run of plain-scalar characters at the mark ends (offset and column): at a
    /// blank, a line break, the end, `: `, or in flow context a flow indicator or `:` before one.
    private func plainChunkEnd() -> (offset: Int, column: Int) {
        var offset = mark.offset
        var column = mark.column
        let count = bytes.count
        let inFlow = flowLevel > 0
        while offset < count {
            let byte = bytes[offset]
            if byte <= space, byte == space || byte == tab || byte == lineFeed || byte == carriageReturn || byte == 0 { break }
            if byte == UInt8(ascii: ":") {
                let next = offset + 1 < count ? bytes[offset + 1] : 0
                if isBlankOrEnd(next) || (inFlow && isFlowIndicator(next)) { break }
            } else if inFlow, isFlowIndicator(byte) {
                break
            }
            if byte & 0xC0 != 0x80 { column += 1 }
            offset += 1
        }
        return (offset, column)
    }

    private mutating func scanPlainScalar() throws(YAMLSyntaxError) -> (String, YAMLMark, Bool) {
        var end = mark
        let minimumIndent = indent + 1
        var leadingBlanks = false
        var multiLine = false
        let firstStart = mark.offset
        text.clear()
        while true {
            if isDocumentIndicator() { break }
            if peek() == UInt8(ascii: "#") { break }
            let chunkStart = mark.offset
            let chunkEnd = plainChunkEnd()
            if chunkEnd.offset > chunkStart {
                // Blanks inside one line keep the scalar one slice of the input; a line
                // break folds, so from the first one on the scalar is built in `text`.
                if leadingBlanks, !multiLine {
                    multiLine = true
                    text.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[firstStart..<end.offset]))
                }
                if multiLine {
                    if leadingBlanks {
                        if leadingBreak.first == lineFeed {
                            if trailingBreaks.isEmpty { text.append(space) } else { text.append(contentsOf: trailingBreaks) }
                        } else {
                            text.append(contentsOf: leadingBreak)
                            text.append(contentsOf: trailingBreaks)
                        }
                        leadingBreak.clear()
                        trailingBreaks.clear()
                        leadingBlanks = false
                    } else {
                        text.append(contentsOf: whitespace)
                    }
                    text.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[chunkStart..<chunkEnd.offset]))
                }
                whitespace.clear()
                mark.offset = chunkEnd.offset
                mark.column = chunkEnd.column
                end = mark
            }
            let byte = peek()
            guard isBlank(byte) || isBreak(byte) else { break }
            whitespace.clear()
            while isBlank(peek()) || isBreak(peek()) {
                if isBlank(peek()) {
                    if leadingBlanks, mark.column < minimumIndent, peek() == tab, flowLevel == 0 {
                        // A tab before the indentation of a continuation line.
                        var ahead = 1
                        while isBlank(peek(ahead)) { ahead += 1 }
                        if !isBreakOrEnd(peek(ahead)) {
                            throw error("a tab character where the plain scalar's next line needs spaces for indentation")
                        }
                    }
                    if !leadingBlanks { whitespace.append(peek()) }
                    skip()
                } else {
                    if !leadingBlanks {
                        whitespace.clear()
                        leadingBreak.clear()
                        trailingBreaks.clear()
                        leadingBreak.append(lineFeed)
                        leadingBlanks = true
                    } else {
                        trailingBreaks.append(lineFeed)
                    }
                    skipLineBreak()
                }
            }
            if flowLevel == 0, mark.column < minimumIndent { break }
            if leadingBlanks, flowLevel > 0, mark.column <= indent, !isBreakOrEnd(peek()) {
                throw error("a line inside a flow collection is indented too little")
            }
        }
        whitespace.clear()
        leadingBreak.clear()
        trailingBreaks.clear()
        let value = multiLine ? String(decoding: text, as: UTF8.self) : string(firstStart..<end.offset)
        return (value, end, leadingBlanks)
    }
}

private extension Array where Element == UInt8 {
    /// Empties a reused scalar buffer, keeping its capacity. Most calls find it empty already,
    /// and `removeAll(keepingCapacity:)` is an unspecialized call even then.
    @inline(__always) mutating func clear() {
        if !isEmpty { removeAll(keepingCapacity: true) }
    }
}
