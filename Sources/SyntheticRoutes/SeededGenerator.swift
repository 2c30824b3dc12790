/// SplitMix64: a tiny, fast, seedable generator, so every synthetic API is the same on
/// every run and machine (the system generator is neither seedable nor stable).
public struct SeededGenerator: RandomNumberGenerator, Sendable {
    private var state: UInt64

    /// Creates a generator whose sequence is fixed by `seed`.
    public init(seed: UInt64) { state = seed }

    /// The next 64 random bits.
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var mixed = state
        mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
        mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
        return mixed ^ (mixed >> 31)
    }

    /// A whole number in `0..<upperBound`.
    public mutating func below(_ upperBound: Int) -> Int {
        Int(next() % UInt64(upperBound))
    }

    /// One element of a non-empty array.
    public mutating func pick<T>(_ choices: [T]) -> T {
        choices[below(choices.count)]
    }

    /// True with the given chance in percent.
    public mutating func chance(_ percent: Int) -> Bool {
        below(100) < percent
    }
}
