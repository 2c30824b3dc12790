import Foundation

/// Walks a `Node` tree writing one text; every choice is deterministic, and work is capped so no input can hang it.
struct Generator {
    /// Texts longer than this are abandoned (e.g. `a{1000000}`).
    static let lengthLimit = 100_000
    /// Nodes visited before giving up (e.g. `(?:){1000000}` nested), bounding time as the length limit bounds space.
    static let stepLimit = 1_000_000
    /// Digits in the order samples use them, so `\d{3}` reads "123".
    static let digits: [Unicode.Scalar] = Array("1234567890".unicodeScalars)
    /// Candidates for a class that takes neither the hint nor a digit, most readable first.
    static let fallback: [Unicode.Scalar] = {
        let readable = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ-_."
        let printable = (UInt32(0x21)...0x7E).compactMap(Unicode.Scalar.init)
        // Then a space, a few non-ASCII letters, numbers and spaces for `\p{…}` and negated classes, and controls last.
        let others: [UInt32] = [0x20, 0xE9, 0xC9, 0x4E2D, 0x01C5, 0x02B0, 0x2160, 0xBD, 0xA0, 0x09, 0x0A]
        return Array(readable.unicodeScalars) + printable + others.compactMap(Unicode.Scalar.init)
    }()

    let hint: [Unicode.Scalar]
    let overrides: [Int: Int]
    private(set) var output: [Unicode.Scalar] = []
    /// Quantifiers in the order first used, for the `Sizer` to adjust.
    private(set) var knobs: [Knob] = []
    private var seen: Set<Int> = []
    private var hintCursor = 0
    /// Whether the hint letters last used came from a repeat (which makes the next repeat start the hint afresh).
    private var hintUsedByRepeat = false
    private var digitCursor = 0
    private var steps = 0

    /// A generator that spells letters from `hint` and uses `overrides` (quantifier id → count) where given.
    init(hint: [Unicode.Scalar], overrides: [Int: Int]) {
        self.hint = hint
        self.overrides = overrides
    }

    /// The text written so far.
    var text: String {
        var view = String.UnicodeScalarView()
        view.append(contentsOf: output)
        return String(view)
    }

    /// Appends a text for `node`; false when nothing fits (an empty class) or a limit is hit.
    mutating func emit(_ node: Node) -> Bool {
        steps += 1
        guard steps <= Self.stepLimit, output.count <= Self.lengthLimit else { return false }
        switch node {
        case .empty:
            return true
        case .literal(let scalar):
            output.append(scalar)
            return true
        case .set(let set):
            guard let scalar = pick(from: set) else { return false }
            output.append(scalar)
            return true
        case .sequence(let nodes):
            for node in nodes {
                guard emit(node) else { return false }
            }
            return true
        case .alternation(let branches):
            return emitFirst(of: branches)
        case .repetition(let id, let unit, let low, let high):
            return emitRepetition(id: id, unit: unit, low: low, high: high)
        }
    }

    /// Emits the first branch that can produce a text, undoing the output of those that cannot.
    private mutating func emitFirst(of branches: [Node]) -> Bool {
        for branch in branches {
            let mark = (output: output.count, knobs: knobs.count, hint: hintCursor, digit: digitCursor, byRepeat: hintUsedByRepeat)
            if emit(branch) { return true }
            // Steps are not rolled back, so the work cap also holds across failed branches.
            output.removeSubrange(mark.output...)
            knobs[mark.knobs...].forEach { seen.remove($0.id) }
            knobs.removeSubrange(mark.knobs...)
            (hintCursor, digitCursor, hintUsedByRepeat) = (mark.hint, mark.digit, mark.byRepeat)
        }
        return false
    }

    /// Emits `unit` as many times as overridden or, by default, chosen.
    private mutating func emitRepetition(id: Int, unit: Node, low: Int, high: Int?) -> Bool {
        let spellsHint = beginHintRun(unit)
        // A class that takes the hint repeats to spell the rest of it ("name"); anything else repeats as few times as allowed.
        let defaultCount = spellsHint ? min(max(hint.count - hintCursor, low), high ?? Int.max) : low
        let count = overrides[id] ?? defaultCount
        if seen.insert(id).inserted { knobs.append(Knob(id: id, count: count, low: low, high: high)) }
        for _ in 0..<max(0, count) {
            guard emit(unit) else { return false }
        }
        if spellsHint { hintUsedByRepeat = true }
        return true
    }

    /// Whether `unit` is a class that takes the hint; if so, moves the hint cursor to where its run should spell from.
    private mutating func beginHintRun(_ unit: Node) -> Bool {
        guard case .set(let set) = unit else { return false }
        let cursor = hintCursor
        // Each run spells the hint from its start (`[a-z]+@[a-z]+` → "sample@sample"), unless it carries on
        // from single classes just before it (`[A-Z][a-z]+` → "Sample").
        if hintCursor >= hint.count || hintUsedByRepeat { hintCursor = 0 }
        if hintScalar(for: set) != nil { return true }
        hintCursor = cursor
        return false
    }

    /// The scalar for one class: the next hint letter (in a case the class allows), else the next digit, else a fallback.
    private mutating func pick(from set: ScalarSet) -> Unicode.Scalar? {
        if let scalar = hintScalar(for: set) {
            hintCursor += 1
            hintUsedByRepeat = false // a repeat's own picks land here too; it sets the flag again when done
            return scalar
        }
        for offset in 0..<Self.digits.count {
            let digit = Self.digits[(digitCursor + offset) % Self.digits.count]
            if set.contains(digit) {
                digitCursor = (digitCursor + offset + 1) % Self.digits.count
                return digit
            }
        }
        return Self.fallback.first(where: set.contains) ?? set.rangeEnds.first(where: set.contains)
    }

    /// The hint's next letter as is, upper- or lower-cased, whichever `set` allows first.
    private func hintScalar(for set: ScalarSet) -> Unicode.Scalar? {
        guard !hint.isEmpty else { return nil }
        let scalar = hint[hintCursor % hint.count]
        var variants = [scalar]
        switch scalar.value {
        case 0x41...0x5A: variants.append(Unicode.Scalar(UInt8(scalar.value + 32)))
        case 0x61...0x7A: variants.append(Unicode.Scalar(UInt8(scalar.value - 32)))
        default: break
        }
        return variants.first(where: set.contains)
    }
}

/// Adjusts quantifier counts so a generated text meets `minLength`/`maxLength` where the pattern allows.
struct Sizer {
    /// Larger `minLength`s are treated as this, keeping the search within the generator's limits.
    static let targetLimit = 10_000
    /// Most one-step shrinks tried, bounding time when a grown text must shrink again.
    static let shrinkBudget = 2_000

    let root: Node
    let hint: [Unicode.Scalar]

    /// Texts to verify, best first: the adjusted one, then the unadjusted one as a fallback.
    func candidates(minLength: Int, maxLength: Int?) -> [String] {
        guard let first = run([:]) else { return [] }
        let target = max(0, min(minLength, Self.targetLimit))
        let limit = maxLength.map { max(0, $0) }
        let tooLong = limit.map { first.output.count > $0 } ?? false
        guard first.output.count < target || tooLong else { return [first.text] }
        // Freeze every count first, so moving one quantifier does not shift the others' hint-based defaults.
        var overrides = Dictionary(first.knobs.map { ($0.id, $0.count) }, uniquingKeysWith: { kept, _ in kept })
        var current = grow(first, to: target, overrides: &overrides)
        if let limit { current = shrink(current, to: limit, overrides: &overrides) }
        return [current.text, first.text]
    }

    /// A generation with `overrides`, or nil when it fails.
    private func run(_ overrides: [Int: Int]) -> Generator? {
        var generator = Generator(hint: hint, overrides: overrides)
        return generator.emit(root) ? generator : nil
    }

    /// Raises quantifiers, first used first, each to the smallest count that reaches `target` (or as far as it goes).
    private func grow(_ start: Generator, to target: Int, overrides: inout [Int: Int]) -> Generator {
        var current = start
        var tried = Set<Int>()
        while current.output.count < target, let knob = current.knobs.first(where: { !tried.contains($0.id) }) {
            tried.insert(knob.id)
            // Each extra repeat adds at least one scalar if it adds any, so the deficit bounds the count needed.
            let upper = min(knob.high ?? Int.max, knob.count + (target - current.output.count))
            guard upper > knob.count else { continue }
            var trial = overrides
            /// Whether `count` repeats reach `target`; a failed run (a limit hit) counts as long enough,
            /// steering the search to smaller counts.
            func reaches(_ count: Int) -> Bool {
                trial[knob.id] = count
                return run(trial).map { $0.output.count >= target } ?? true
            }
            var (low, high) = (knob.count + 1, upper)
            while low < high {
                let middle = low + (high - low) / 2
                if reaches(middle) { high = middle } else { low = middle + 1 }
            }
            trial[knob.id] = low
            if let next = run(trial), next.output.count > current.output.count {
                overrides = trial
                current = next
            }
        }
        return current
    }

    /// Lowers the largest quantifier one step at a time, so shortening spreads evenly, until the text fits `limit`.
    private func shrink(_ start: Generator, to limit: Int, overrides: inout [Int: Int]) -> Generator {
        var current = start
        var stuck = Set<Int>()
        for _ in 0..<Self.shrinkBudget where current.output.count > limit {
            let movable = current.knobs.filter { $0.count > $0.low && !stuck.contains($0.id) }
            guard let knob = movable.max(by: { $0.count < $1.count }) else { break }
            var trial = overrides
            trial[knob.id] = knob.count - 1
            if let next = run(trial), next.output.count < current.output.count {
                overrides = trial
                current = next
            } else {
                stuck.insert(knob.id) // its repeats add nothing, so lowering it cannot help
            }
        }
        return current
    }
}
