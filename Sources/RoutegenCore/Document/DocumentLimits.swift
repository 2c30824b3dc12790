/// What a reader refuses before it runs out of time or memory on hostile input: a document
/// is read whole into a tree, so its size, its nesting and (in YAML) what aliases expand to are
/// bounded, and a document over a bound is a located error rather than a crash.
public struct DocumentLimits: Hashable, Sendable {
    /// The largest document read, in bytes; a bigger one is refused from its size alone.
    public var maximumBytes: Int
    /// The deepest nesting of sequences and mappings.
    public var maximumDepth: Int
    /// The most nodes that aliases may add by expansion (YAML's "billion laughs").
    public var maximumAliasExpansion: Int

    /// Creates limits.
    public init(maximumBytes: Int, maximumDepth: Int, maximumAliasExpansion: Int) {
        self.maximumBytes = maximumBytes
        self.maximumDepth = maximumDepth
        self.maximumAliasExpansion = maximumAliasExpansion
    }

    /// 100 MB, 512 levels and a million nodes from aliases: far beyond any real API
    /// description (Box is 1.8 MB and 30 levels deep), far below what hurts.
    public static let standard = DocumentLimits(maximumBytes: 100 * 1024 * 1024, maximumDepth: 512, maximumAliasExpansion: 1_000_000)

    /// `100 MB`, the way the size error names the bound.
    public var maximumBytesDescription: String {
        maximumBytes % (1024 * 1024) == 0 ? String(maximumBytes / (1024 * 1024)) + " MB" : String(maximumBytes) + " bytes"
    }
}
