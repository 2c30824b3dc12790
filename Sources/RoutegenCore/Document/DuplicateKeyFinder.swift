/// Finds a key repeated in one mapping: a linear look through the few keys of a small
/// mapping, a dictionary once it grows (Box's `paths` has 200 keys), so reading stays linear.
/// Only answers questions; it never decides the order of anything written. The JSON and YAML
/// readers share it.
public struct DuplicateKeyFinder: Sendable {
    private var positions: [String: DocumentPosition] = [:]
    private static let linearLimit = 12

    /// A finder that has seen no key.
    public init() {}

    /// The position of an earlier entry with the string key `key`, if any; records `key`.
    public mutating func insert(_ key: String, at position: DocumentPosition, among earlier: [DocumentEntry]) -> DocumentPosition? {
        if earlier.count < Self.linearLimit {
            for entry in earlier where entry.key.string == key { return entry.key.position }
            return nil
        }
        if positions.isEmpty {
            for entry in earlier {
                if let text = entry.key.string, positions[text] == nil { positions[text] = entry.key.position }
            }
        }
        if let first = positions[key] { return first }
        positions[key] = position
        return nil
    }
}
