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
            let distance = editDistance(written, Array(candidate.unicodeScalars))
            if distance < (best?.distance ?? Int.max) { best = (candidate, distance) }
        }
        return best?.candidate
    }

    /// Levenshtein distance between two short words.
    static func editDistance(_ left: [Unicode.Scalar], _ right: [Unicode.Scalar]) -> Int {
        if left.isEmpty { return right.count }
        if right.isEmpty { return left.count }
        var previous = Array(0...right.count)
        var current = Array(repeating: 0, count: right.count + 1)
        for i in 1...left.count {
            current[0] = i
            for j in 1...right.count {
                let substitution = previous[j - 1] + (left[i - 1] == right[j - 1] ? 0 : 1)
                current[j] = min(previous[j] + 1, current[j - 1] + 1, substitution)
            }
            swap(&previous, &current)
        }
        return previous[right.count]
    }
}
