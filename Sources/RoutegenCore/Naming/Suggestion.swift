/// "Did you mean": the known word closest to a misspelt one, for every stage's hints (keywords,
/// flags, lint rule ids, command-line options and subcommands), with one notion of close.
public enum Suggestion {
    /// The candidate nearest to `word` by edit distance, the first one on ties; nil when none is
    /// close: within 2 edits (3 for names over 12 characters, such as rule ids), and fewer edits
    /// than the candidate has characters, so a one-letter word is not "corrected" into a keyword.
    public static func closest(to word: String, among candidates: [String]) -> String? {
        let written = Array(word.unicodeScalars)
        var best: (candidate: String, distance: Int)?
        for candidate in candidates {
            let scalars = Array(candidate.unicodeScalars)
            let allowed = scalars.count > 12 ? 3 : 2
            let distance = editDistance(written, scalars)
            if distance <= allowed, distance < scalars.count, distance < (best?.distance ?? Int.max) {
                best = (candidate, distance)
            }
        }
        return best?.candidate
    }

    /// The candidate nearest to `word` by edit distance however far, the first one on ties; nil
    /// only without candidates: for answers that always name something, such as `routegen
    /// serve`'s 404 naming the closest route.
    public static func nearest(to word: String, among candidates: [String]) -> String? {
        let written = Array(word.unicodeScalars)
        var best: (candidate: String, distance: Int)?
        for candidate in candidates {
            // Only a closer candidate matters, so a distance past the best one stops early: a
            // 404 of an API of a thousand routes compares against every route.
            let bound = (best?.distance ?? Int.max) - 1
            let scalars = Array(candidate.unicodeScalars)
            guard abs(scalars.count - written.count) <= bound,
                  let distance = editDistance(written, scalars, atMost: bound) else { continue }
            best = (candidate, distance)
        }
        return best?.candidate
    }

    /// Levenshtein distance between two short words.
    static func editDistance(_ left: [Unicode.Scalar], _ right: [Unicode.Scalar]) -> Int {
        editDistance(left, right, atMost: Int.max)!
    }

    /// Levenshtein distance between two words; nil when it is over `bound` (known as soon as a
    /// whole row of the table is).
    static func editDistance(_ left: [Unicode.Scalar], _ right: [Unicode.Scalar], atMost bound: Int) -> Int? {
        if left.isEmpty { return right.count <= bound ? right.count : nil }
        if right.isEmpty { return left.count <= bound ? left.count : nil }
        var previous = Array(0...right.count)
        var current = Array(repeating: 0, count: right.count + 1)
        for i in 1...left.count {
            current[0] = i
            var rowMinimum = i
            for j in 1...right.count {
                let substitution = previous[j - 1] + (left[i - 1] == right[j - 1] ? 0 : 1)
                current[j] = min(previous[j] + 1, current[j - 1] + 1, substitution)
                rowMinimum = min(rowMinimum, current[j])
            }
            if rowMinimum > bound { return nil }
            swap(&previous, &current)
        }
        return previous[right.count] <= bound ? previous[right.count] : nil
    }
}
