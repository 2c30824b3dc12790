/// A short unified diff of two texts, line by line, for `routegen check`.
///
/// The common head and tail are cut first; the middle is compared with a longest-common-
/// subsequence table when it is small enough (`maximumTableSize` cells), otherwise shown as
/// one replaced block, so a huge file never costs more than a bounded amount of time and memory.
/// The result is cut to `maximumLines` lines.
struct CheckDiff {
    /// One line of the edit script.
    enum Operation: Equatable {
        /// In both texts.
        case keep(String)
        /// Only in the old text.
        case delete(String)
        /// Only in the new text.
        case insert(String)
    }

    /// Lines of context around each change.
    var contextLines = 3
    /// The most lines printed for one file.
    var maximumLines = 40
    /// The largest LCS table computed, in cells.
    var maximumTableSize = 4_000_000

    /// `--- old` / `+++ new` and the hunks; empty when the texts are equal.
    func render(old: String, new: String, oldLabel: String, newLabel: String) -> String {
        let operations = self.operations(from: Self.lines(of: old), to: Self.lines(of: new))
        guard operations.contains(where: { if case .keep = $0 { false } else { true } }) else { return "" }
        var output = ["--- " + oldLabel, "+++ " + newLabel] + hunks(operations)
        if output.count > maximumLines {
            let hidden = output.count - maximumLines
            output = Array(output.prefix(maximumLines)) + ["... " + String(hidden) + " more diff line" + (hidden == 1 ? "" : "s")]
        }
        return output.joined(separator: "\n") + "\n"
    }

    /// The lines of `text`, without the final empty line after a trailing newline.
    static func lines(of text: String) -> [String] {
        guard !text.isEmpty else { return [] }
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if lines.last == "" { lines.removeLast() }
        return lines
    }

    /// The edit script turning `old` into `new`.
    func operations(from old: [String], to new: [String]) -> [Operation] {
        var prefix = 0
        while prefix < old.count, prefix < new.count, old[prefix] == new[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < old.count - prefix, suffix < new.count - prefix,
              old[old.count - 1 - suffix] == new[new.count - 1 - suffix] { suffix += 1 }
        let oldMiddle = Array(old[prefix..<(old.count - suffix)])
        let newMiddle = Array(new[prefix..<(new.count - suffix)])
        return old[..<prefix].map(Operation.keep)
            + middleOperations(oldMiddle, newMiddle)
            + old[(old.count - suffix)...].map(Operation.keep)
    }

    private func middleOperations(_ old: [String], _ new: [String]) -> [Operation] {
        let rows = old.count + 1, columns = new.count + 1
        guard rows * columns <= maximumTableSize else {
            return old.map(Operation.delete) + new.map(Operation.insert)
        }
        // common[i][j]: length of the LCS of old[i...] and new[j...].
        var common = [Int32](repeating: 0, count: rows * columns)
        for i in stride(from: old.count - 1, through: 0, by: -1) {
            for j in stride(from: new.count - 1, through: 0, by: -1) {
                common[i * columns + j] = old[i] == new[j]
                    ? common[(i + 1) * columns + j + 1] + 1
                    : max(common[(i + 1) * columns + j], common[i * columns + j + 1])
            }
        }
        var result: [Operation] = []
        var i = 0, j = 0
        while i < old.count || j < new.count {
            if i < old.count, j < new.count, old[i] == new[j] {
                result.append(.keep(old[i])); i += 1; j += 1
            } else if j < new.count, i == old.count || common[i * columns + j + 1] > common[(i + 1) * columns + j] {
                result.append(.insert(new[j])); j += 1
            } else {
                result.append(.delete(old[i])); i += 1
            }
        }
        return result
    }

    /// `@@ -a,b +c,d @@` hunks with `contextLines` of context, overlapping hunks merged.
    private func hunks(_ operations: [Operation]) -> [String] {
        let changed = operations.indices.filter { if case .keep = operations[$0] { false } else { true } }
        var ranges: [ClosedRange<Int>] = []
        for index in changed {
            let range = max(0, index - contextLines)...min(operations.count - 1, index + contextLines)
            if let last = ranges.last, range.lowerBound <= last.upperBound + 1 {
                ranges[ranges.count - 1] = last.lowerBound...max(last.upperBound, range.upperBound)
            } else {
                ranges.append(range)
            }
        }
        // Line numbers (0-based) in each text before each operation.
        var oldLine = [Int](), newLine = [Int]()
        var oldCount = 0, newCount = 0
        for operation in operations {
            oldLine.append(oldCount); newLine.append(newCount)
            switch operation {
            case .keep: oldCount += 1; newCount += 1
            case .delete: oldCount += 1
            case .insert: newCount += 1
            }
        }
        var output: [String] = []
        for range in ranges {
            let slice = operations[range]
            let oldLength = slice.filter { if case .insert = $0 { false } else { true } }.count
            let newLength = slice.filter { if case .delete = $0 { false } else { true } }.count
            let oldStart = oldLength == 0 ? oldLine[range.lowerBound] : oldLine[range.lowerBound] + 1
            let newStart = newLength == 0 ? newLine[range.lowerBound] : newLine[range.lowerBound] + 1
            output.append("@@ -" + String(oldStart) + "," + String(oldLength) + " +" + String(newStart) + "," + String(newLength) + " @@")
            for operation in slice {
                switch operation {
                case .keep(let line): output.append(" " + line)
                case .delete(let line): output.append("-" + line)
                case .insert(let line): output.append("+" + line)
                }
            }
        }
        return output
    }
}
