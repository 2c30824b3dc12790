import RoutegenCore

/// A JSON value made from a route file's types: what `routegen serve` answers with, and what a
/// generated sample decodes from, so a preview and the served API show the same data.
public indirect enum SampleJSON: Hashable, Sendable {
    /// An object. `SampleMaker` makes the members in the order `text` writes them, by key (a
    /// cached sample is written inside every sample that holds it); any order is written sorted.
    case object([Member])
    /// An array.
    case array([SampleJSON])
    /// A string.
    case string(String)
    /// An integer.
    case integer(Int)
    /// A number with a fraction, as the encoder writes it: `1.5`, `0.01`, `1e-07`.
    case number(String)
    /// `true` or `false`.
    case bool(Bool)
    /// `null`.
    case null

    /// One member of an object.
    public struct Member: Hashable, Sendable {
        /// The key, as it goes on the wire.
        public var key: String
        /// The value.
        public var value: SampleJSON

        /// Creates a member.
        public init(_ key: String, _ value: SampleJSON) {
            self.key = key
            self.value = value
        }
    }

    /// The value as the tree `JSONDocumentReader` reads, for `SampleValidator`.
    public var node: DocumentNode {
        switch self {
        case .object(let members): DocumentNode(.mapping(members.map { DocumentEntry(key: DocumentNode(.string($0.key)), value: $0.value.node) }))
        case .array(let elements): DocumentNode(.sequence(elements.map(\.node)))
        case .string(let text): DocumentNode(.string(text))
        case .integer(let value): DocumentNode(.number(String(value)))
        case .number(let text): DocumentNode(.number(text))
        case .bool(let value): DocumentNode(.bool(value))
        case .null: DocumentNode(.null)
        }
    }

    /// Compact JSON with keys sorted by their UTF-8 bytes, slashes unescaped: the bytes
    /// EndpointKit's `JSONCoding.encoder` writes for the same value, so a sample decoded and
    /// encoded again is the text it came from.
    public var text: String {
        var output: [UInt8] = []
        write(into: &output)
        return String(decoding: output, as: UTF8.self)
    }

    /// Writes the UTF-8 bytes of `text`: bytes, since a nested sample is mostly one-byte pieces,
    /// each of which a `String` append would check and flag.
    private func write(into output: inout [UInt8]) {
        switch self {
        case .object(let members):
            output.append(UInt8(ascii: "{"))
            let inKeyOrder = Self.isInKeyOrder(members) ? members : members.sorted { Self.keyPrecedes($0, $1) }
            for (index, member) in inKeyOrder.enumerated() {
                if index > 0 { output.append(UInt8(ascii: ",")) }
                JSONText.appendQuoted(member.key, to: &output)
                output.append(UInt8(ascii: ":"))
                member.value.write(into: &output)
            }
            output.append(UInt8(ascii: "}"))
        case .array(let elements):
            output.append(UInt8(ascii: "["))
            for (index, element) in elements.enumerated() {
                if index > 0 { output.append(UInt8(ascii: ",")) }
                element.write(into: &output)
            }
            output.append(UInt8(ascii: "]"))
        case .string(let text):
            JSONText.appendQuoted(text, to: &output)
        case .integer(let value):
            output.appendUTF8(String(value))
        case .number(let text):
            output.appendUTF8(text)
        case .bool(let value):
            output.appendUTF8(value ? "true" : "false")
        case .null:
            output.appendUTF8("null")
        }
    }

    /// Whether `left`'s key comes before `right`'s in the order the encoder writes keys: by UTF-8 bytes.
    private static func keyPrecedes(_ left: Member, _ right: Member) -> Bool {
        left.key.utf8.lexicographicallyPrecedes(right.key.utf8)
    }

    /// `members` in the encoder's key order, as `text` writes them.
    static func inKeyOrder(_ members: [Member]) -> [Member] {
        isInKeyOrder(members) ? members : members.sorted { keyPrecedes($0, $1) }
    }

    /// Whether `members` are already in the encoder's key order, so writing them needs no sorted copy.
    private static func isInKeyOrder(_ members: [Member]) -> Bool {
        guard members.count > 1 else { return true }
        for index in 1..<members.count where !keyPrecedes(members[index - 1], members[index]) { return false }
        return true
    }
}
