/// Eight bytes read as one word, to scan text eight bytes at a time: the readers' character
/// check, the YAML scanner's line ends and the line indexes of a description use it.
///
/// A flag is the high bit of a byte. Where a word has several flagged bytes, the lowest is exact
/// (borrows only run upward), so `firstFlagged` finds the first byte sought.
///
/// Public and `@inlinable` because the scanning loops are in other modules: as `package`, the
/// calls were not inlined and the character check cost three times its instructions.
public enum ByteWord {
    /// A word with every byte `byte`.
    @inlinable @inline(__always) public static func repeating(_ byte: UInt8) -> UInt64 { UInt64(byte) &* 0x0101_0101_0101_0101 }

    /// The eight bytes at `offset` of `bytes`, the first in the lowest byte of the word.
    @inlinable @inline(__always) public static func load(_ bytes: UnsafeBufferPointer<UInt8>, at offset: Int) -> UInt64 {
        UnsafeRawPointer(bytes.baseAddress! + offset).loadUnaligned(as: UInt64.self)
    }

    /// The bytes of `word` equal to `byte`, flagged.
    @inlinable @inline(__always) public static func flags(_ word: UInt64, equalTo byte: UInt8) -> UInt64 {
        let differences = word ^ repeating(byte)
        return (differences &- repeating(0x01)) & ~differences & repeating(0x80)
    }

    /// The bytes of `word` below `byte` (at most 0x80), flagged.
    @inlinable @inline(__always) public static func flags(_ word: UInt64, below byte: UInt8) -> UInt64 {
        (word &- repeating(byte)) & ~word & repeating(0x80)
    }

    /// The bytes of `word` that are not ASCII, flagged.
    @inlinable @inline(__always) public static func nonASCII(_ word: UInt64) -> UInt64 { word & repeating(0x80) }

    /// How many bytes come before the first flagged one (8 when none is).
    @inlinable @inline(__always) public static func firstFlagged(_ flags: UInt64) -> Int { flags.trailingZeroBitCount / 8 }

    /// The bytes of `word` before the first `count`, the others zero.
    @inlinable @inline(__always) public static func prefix(_ word: UInt64, _ count: Int) -> UInt64 {
        count >= 8 ? word : word & ((1 &<< UInt64(count * 8)) &- 1)
    }
}
