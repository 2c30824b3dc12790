import SyntheticRoutes

/// Breaks a valid route file the ways people do, seeded, for the fuzzer's corpus and the
/// replayer's random run: a line lost, doubled or moved, a member line out-dented, a type name
/// misspelt, a stray token, a presence or default made wrong, a declaration doubled, the file cut.
/// The results are mostly invalid, some still valid; either way the pipeline must not crash.
struct RouteFileMutator {
    private var random: SeededGenerator

    init(seed: UInt64) {
        random = SeededGenerator(seed: seed)
    }

    /// `text` with one mutation.
    mutating func mutate(_ text: String) -> String {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard lines.count > 2 else { return text + "\n  x" }
        let index = random.below(lines.count - 1)
        switch random.below(11) {
        case 0:
            lines.remove(at: index)
        case 1:
            lines.insert(lines[index], at: index)
        case 2:
            lines.swapAt(index, random.below(lines.count))
        case 3:
            // A member or route line out of its declaration.
            lines[index] = String(lines[index].drop { $0 == " " })
        case 4:
            lines[index] = misspellTypeName(lines[index])
        case 5:
            let stray = random.pick(["@@", "<", ">", "\"", "=", "?", ":", "[", "]", "{", "as", "required", "of", "by", "includes", "\u{0}", "\t"])
            var characters = Array(lines[index])
            characters.insert(contentsOf: stray, at: random.below(characters.count + 1))
            lines[index] = String(characters)
        case 6:
            lines[index] = replaceFirst(
                in: lines[index],
                random.pick([("?", ""), (": ", " "), (" = ", " == "), ("]", ""), ("<", "<<"), (" required", " requird"), ("String", "Strin")])
            )
        case 7:
            // A presence that does not fit: a default on an optional, `required` on a required field.
            lines[index] += random.pick([" = 1", "? = []", " required", " deprecated deprecated", " = .nope", " = \"text\"", " = [:]"])
        case 8:
            // A declaration written twice: same name, or a member twice.
            let declaration = lines.indices.filter { ["model ", "enum ", "patch ", "union "].contains(where: lines[$0].hasPrefix) }
            if let first = declaration.first { lines.insert(contentsOf: [lines[first], "  dup: String"], at: lines.count - 1) }
        case 9:
            lines[index] = random.pick(["model", "enum E: Double", "patch P of", "union U by", "model M<>", "model M<T, T>", "model M includes", "enum", "  : Int"])
        default:
            let cut = random.below(text.utf8.count)
            return String(decoding: text.utf8.prefix(cut), as: UTF8.self)
        }
        return lines.joined(separator: "\n")
    }

    /// The line with its first capitalised type name misspelt (`R3Book4` → `R3Bok4`).
    private mutating func misspellTypeName(_ line: String) -> String {
        var characters = Array(line)
        guard let start = characters.indices.first(where: { characters[$0].isUppercase && ($0 == 0 || !characters[$0 - 1].isLetter) }) else {
            return line + " Unknwn"
        }
        var end = start
        while end < characters.count, characters[end].isLetter || characters[end].isNumber { end += 1 }
        if end - start > 2 { characters.remove(at: start + 1 + random.below(end - start - 1)) }
        return String(characters)
    }

    private func replaceFirst(in line: String, _ replacement: (String, String)) -> String {
        guard let range = line.firstRange(of: replacement.0) else { return line }
        var line = line
        line.replaceSubrange(range, with: replacement.1)
        return line
    }
}
