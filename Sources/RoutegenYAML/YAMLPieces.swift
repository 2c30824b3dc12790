import RoutegenCore

/// A large YAML document read on every core: its block mappings' entries are read apart, in
/// pieces that are documents of their own, and put back together in order.
///
/// Reading is most of what an import of a big YAML description costs, and the entries of its
/// mappings (`paths` and `components`, each path, each schema) do not depend on each other.
/// A piece starts at a line holding a plain key at its mapping's indentation. There YAML's
/// scanner is between two entries whatever came before (a block scalar, a plain scalar, a deeper
/// collection all end at that indentation), unless the line is inside a quoted scalar or a flow
/// collection spanning lines, and then the piece before it does not end well.
///
/// Whenever the pieces could read differently from the whole, the whole is read in one piece:
/// a piece that does not end well or is not one mapping, any diagnostic, an alias (anchors
/// belong to the document), more alias expansion than the limits allow together, a key
/// repeated across pieces, a directive, a document marker, a tab before a line's content. So
/// the tree is the one a single reading gives, positions included (`YAMLPiecesTests`).
struct YAMLPieces {
    /// Bytes read as a document of their own: where their first line is in the whole
    /// document, and how many mapping levels are above them there.
    struct Piece: Sendable {
        var bytes: Range<Int>
        var firstLine: Int
        var depth: Int
    }

    /// How the pieces' entries make a mapping: all the entries of a piece, or one entry whose
    /// key is read from its own line and whose value is a mapping made of pieces in turn.
    indirect enum Part {
        case entries(piece: Int)
        case entry(keyPiece: Int, value: [Part])
    }

    /// The pieces, in the order of the text.
    let pieces: [Piece]
    /// How the pieces make the root mapping.
    let root: [Part]

    /// The plan for `bytes`, in pieces of about `targetBytes` or more; nil when the document
    /// is not one block mapping that can be cut, or cuts into a single piece.
    init?(bytes: UnsafeBufferPointer<UInt8>, targetBytes: Int) {
        guard var cutter = YAMLCutter(bytes: bytes, targetBytes: targetBytes) else { return nil }
        root = cutter.plan(lines: 0..<cutter.lineCount, indentation: 0, depth: 0)
        pieces = cutter.pieces
        guard pieces.count > 1 else { return nil }
    }

    // MARK: Reading

    /// What a piece read to: its mapping's entries and how many nodes its aliases added.
    private struct PieceResult: Sendable {
        var entries: [DocumentEntry]
        var aliasExpansion: Int
    }

    /// The document in `bytes` read in pieces on every core; nil when it cannot be cut or
    /// the pieces could read differently from the whole (then nothing was emitted).
    static func read(_ bytes: [UInt8], path: String, limits: DocumentLimits, targetBytes: Int) -> DocumentNode? {
        guard let plan = bytes.withUnsafeBufferPointer({ YAMLPieces(bytes: $0, targetBytes: targetBytes) }) else { return nil }
        let pieces = plan.pieces
        let results = ConcurrentJobs.map(count: pieces.count) { index in
            read(pieces[index], of: bytes, path: path, limits: limits)
        }
        var readResults: [PieceResult] = []
        readResults.reserveCapacity(results.count)
        var aliasExpansion = 0
        for result in results {
            guard let result else { return nil }
            aliasExpansion += result.aliasExpansion
            readResults.append(result)
        }
        guard aliasExpansion <= limits.maximumAliasExpansion,
              let entries = assemble(plan.root, from: readResults), let first = entries.first else { return nil }
        return DocumentNode(.mapping(entries), at: first.key.position)
    }

    private static func read(_ piece: Piece, of bytes: [UInt8], path: String, limits: DocumentLimits) -> PieceResult? {
        bytes.withUnsafeBufferPointer { buffer -> PieceResult? in
            let collector = DiagnosticCollector()
            let scanner = YAMLScanner(bytes: UnsafeBufferPointer(rebasing: buffer[piece.bytes]), firstLine: piece.firstLine)
            var parser = YAMLParser(scanner: scanner, path: path, limits: limits, diagnostics: collector, depth: piece.depth)
            guard let documents = try? parser.stream(stopAfter: 1), documents.count == 1, collector.diagnostics.isEmpty,
                  let entries = documents[0].node.entries, !entries.isEmpty else { return nil }
            return PieceResult(entries: entries, aliasExpansion: parser.aliasExpansion)
        }
    }

    /// The entries the parts make, in order; nil when a string key is repeated.
    private static func assemble(_ parts: [Part], from results: [PieceResult]) -> [DocumentEntry]? {
        var entries: [DocumentEntry] = []
        for part in parts {
            switch part {
            case .entries(let piece):
                entries += results[piece].entries
            case .entry(let keyPiece, let value):
                let keyEntries = results[keyPiece].entries
                guard keyEntries.count == 1, keyEntries[0].value.isNull,
                      let valueEntries = assemble(value, from: results), let first = valueEntries.first else { return nil }
                entries.append(DocumentEntry(key: keyEntries[0].key, value: DocumentNode(.mapping(valueEntries), at: first.key.position)))
            }
        }
        var keys = Set<String>()
        for entry in entries {
            if let key = entry.key.string, !keys.insert(key).inserted { return nil }
        }
        return entries
    }
}

/// Where a document can be cut into `YAMLPieces`: its lines' starts and indentations, and the
/// planning over them. It reads the bytes only while the plan is made.
private struct YAMLCutter {
    typealias Piece = YAMLPieces.Piece
    typealias Part = YAMLPieces.Part

    private(set) var pieces: [Piece] = []
    private let bytes: UnsafeBufferPointer<UInt8>
    /// Where each line starts, and its indentation in spaces (-1 for a blank or comment line).
    private let lineStarts: [Int]
    private let indentations: [Int32]
    private let targetBytes: Int

    var lineCount: Int { lineStarts.count }

    /// The lines of `bytes`; nil when the document does not start with a plain key at column 1,
    /// or has a line that could read differently in a piece.
    init?(bytes: UnsafeBufferPointer<UInt8>, targetBytes: Int) {
        self.bytes = bytes
        self.targetBytes = max(1, targetBytes)
        guard let lines = Self.checkedLines(of: bytes) else { return nil }
        (lineStarts, indentations) = lines
        guard let first = nextContent(from: 0, to: lineStarts.count), indentations[first] == 0, isPlainKey(first) else { return nil }
    }

    // MARK: Lines

    /// `lines(of:in:)` of the whole text, with the characters checked as the whole-text reader
    /// checks them (nil when one is refused), in two halves cut at a line start, on two cores:
    /// before the pieces can be read on every core, these two passes were one core's stretch.
    private static func checkedLines(of bytes: UnsafeBufferPointer<UInt8>) -> (starts: [Int], indentations: [Int32])? {
        // Right after the first line feed from the middle: no line, and no character, spans the cut.
        var cut = bytes.count / 2
        while cut < bytes.count, bytes[cut] != 0x0A { cut += 1 }
        cut = min(cut + 1, bytes.count)
        func checked(_ range: Range<Int>) -> (starts: [Int], indentations: [Int32])? {
            guard (try? YAMLDocumentReader.checkCharacters(UnsafeBufferPointer(rebasing: bytes[range]))) != nil else { return nil }
            return lines(of: bytes, in: range)
        }
        let (first, second) = ConcurrentJobs.both({ checked(0..<cut) }, { checked(cut..<bytes.count) })
        guard let first, let second else { return nil }
        return (first.starts + second.starts, first.indentations + second.indentations)
    }

    /// Each line's start and indentation in `range` (which starts at a line start), in one pass
    /// that skips eight bytes at a time to the next line break; nil at a line that could read
    /// differently in a piece: a directive or document marker at its start, a tab before its
    /// content, a carriage return alone.
    private static func lines(of bytes: UnsafeBufferPointer<UInt8>, in range: Range<Int>) -> (starts: [Int], indentations: [Int32])? {
        var starts: [Int] = []
        var indentations: [Int32] = []
        starts.reserveCapacity(range.count / 24)
        indentations.reserveCapacity(range.count / 24)
        let count = range.upperBound
        var index = range.lowerBound
        while index < count {
            let start = index
            if bytes[index] == UInt8(ascii: "%") { return nil }
            if index + 3 <= count, bytes[index] == bytes[index + 1], bytes[index] == bytes[index + 2],
               bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: ".") {
                return nil
            }
            while index < count, bytes[index] == 0x20 { index += 1 }
            var indentation = Int32(index - start)
            if index == count {
                indentation = -1
            } else {
                switch bytes[index] {
                case 0x09: return nil
                case 0x0A, 0x0D, UInt8(ascii: "#"): indentation = -1
                default: break
                }
            }
            starts.append(start)
            indentations.append(indentation)
            // To the byte after the next line feed; a carriage return alone is a line break to
            // the scanner too, and then lines are not cut.
            while index + 8 <= count {
                let word = ByteWord.load(bytes, at: index)
                if ByteWord.flags(word, equalTo: 0x0A) | ByteWord.flags(word, equalTo: 0x0D) != 0 { break }
                index += 8
            }
            while index < count, bytes[index] != 0x0A {
                if bytes[index] == 0x0D, index + 1 == count || bytes[index + 1] != 0x0A { return nil }
                index += 1
            }
            index += 1
        }
        return (starts, indentations)
    }

    private func start(_ line: Int) -> Int {
        line < lineStarts.count ? lineStarts[line] : bytes.count
    }

    /// The line's indentation in spaces; nil for a line of only spaces or a comment.
    private func indentation(_ line: Int) -> Int? {
        let indentation = indentations[line]
        return indentation < 0 ? nil : Int(indentation)
    }

    private func nextContent(from line: Int, to end: Int) -> Int? {
        var line = line
        while line < end {
            if indentation(line) != nil { return line }
            line += 1
        }
        return nil
    }

    /// Whether the line is `key:` with a plain key, and after the colon only a comment
    /// (`bare`) or a value.
    private func plainKey(_ line: Int) -> (isKey: Bool, bare: Bool) {
        guard let indent = indentation(line) else { return (false, false) }
        var index = lineStarts[line] + indent
        let end = start(line + 1)
        switch bytes[index] {
        case 0x21...0x7E:
            if Self.indicators.contains(bytes[index]) { return (false, false) }
        default:
            return (false, false)
        }
        while index < end {
            let byte = bytes[index]
            if byte == 0x0A || byte == 0x0D { return (false, false) }
            if byte == UInt8(ascii: "#"), bytes[index - 1] == 0x20 { return (false, false) }
            if byte == UInt8(ascii: ":") {
                let after = index + 1 < end ? bytes[index + 1] : 0x0A
                if after == 0x20 || after == 0x0A || after == 0x0D {
                    var rest = index + 1
                    while rest < end, bytes[rest] == 0x20 { rest += 1 }
                    let bare = rest == end || bytes[rest] == 0x0A || bytes[rest] == 0x0D || bytes[rest] == UInt8(ascii: "#")
                    return (true, bare)
                }
            }
            index += 1
        }
        return (false, false)
    }

    private func isPlainKey(_ line: Int) -> Bool { plainKey(line).isKey }

    /// How many mapping levels down an entry's value is still cut: enough for a description's
    /// `components`, `schemas` and each schema, and a bound on planning for a deep document.
    private static let deepestCut = 8

    /// The characters that cannot start a plain key (YAML's indicators and quotes).
    private static let indicators: [UInt8] = Array("-?:,[]{}#&*!|>'\"%@`".utf8)

    // MARK: Planning

    /// The parts of the mapping whose entries are the lines `lines`, its keys at `indentation`.
    mutating func plan(lines: Range<Int>, indentation level: Int, depth: Int) -> [Part] {
        var parts: [Part] = []
        var groupStart = lines.lowerBound
        var line = lines.lowerBound
        while line < lines.upperBound {
            guard indentation(line) == level, isPlainKey(line) else {
                line += 1
                continue
            }
            let entryEnd = nextEntry(after: line, in: lines, indentation: level)
            if line > groupStart, start(line) - start(groupStart) >= targetBytes {
                addGroup(groupStart..<line, depth: depth, to: &parts)
                groupStart = line
            }
            if depth < Self.deepestCut, start(entryEnd) - start(line) > targetBytes, plainKey(line).bare,
               let value = valueLines(of: line, before: entryEnd, indentation: level) {
                addGroup(groupStart..<line, depth: depth, to: &parts)
                let key = addPiece(line..<line + 1, depth: depth)
                parts.append(.entry(keyPiece: key, value: plan(lines: line + 1..<value.end, indentation: value.indentation, depth: depth + 1)))
                groupStart = value.end
            }
            line = entryEnd
        }
        addGroup(groupStart..<lines.upperBound, depth: depth, to: &parts)
        return parts
    }

    /// The next line after `line` with a plain key at `level`, or the end of `lines`.
    private func nextEntry(after line: Int, in lines: Range<Int>, indentation level: Int) -> Int {
        var next = line + 1
        while next < lines.upperBound {
            if indentation(next) == level, isPlainKey(next) { return next }
            next += 1
        }
        return lines.upperBound
    }

    /// The lines of the value of the bare key on `line` when they are a block mapping of
    /// plain keys, all indented at least as far as its first key: where they end (the first
    /// line back at `level` or before `entryEnd`) and their indentation.
    private func valueLines(of line: Int, before entryEnd: Int, indentation level: Int) -> (end: Int, indentation: Int)? {
        guard let first = nextContent(from: line + 1, to: entryEnd), let inner = indentation(first), inner > level, isPlainKey(first) else { return nil }
        var next = first + 1
        while next < entryEnd {
            if let indent = indentation(next) {
                if indent <= level { return (next, inner) }
                if indent < inner { return nil }
            }
            next += 1
        }
        return (entryEnd, inner)
    }

    private mutating func addGroup(_ lines: Range<Int>, depth: Int, to parts: inout [Part]) {
        guard !lines.isEmpty, nextContent(from: lines.lowerBound, to: lines.upperBound) != nil else { return }
        parts.append(.entries(piece: addPiece(lines, depth: depth)))
    }

    private mutating func addPiece(_ lines: Range<Int>, depth: Int) -> Int {
        pieces.append(Piece(bytes: start(lines.lowerBound)..<start(lines.upperBound), firstLine: lines.lowerBound + 1, depth: depth))
        return pieces.count - 1
    }
}
