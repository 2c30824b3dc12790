/// Storage for a field through which a model holds itself (`parent: Item?` in `Item`): the value
/// lives in a shared immutable box, so the struct has a size. Reading and writing the field look
/// like a plain property's; the JSON is the value's own, absent when nil.
@propertyWrapper
public struct Indirect<Value: Sendable>: Sendable {
    /// The box: immutable, so a copy of the model shares it safely; a write makes a new one.
    private final class Storage: Sendable {
        let value: Value
        init(_ value: Value) { self.value = value }
    }

    private var storage: Storage

    /// Stores `wrappedValue`.
    public init(wrappedValue: Value) {
        storage = Storage(wrappedValue)
    }

    /// The field's value.
    public var wrappedValue: Value {
        get { storage.value }
        set { storage = Storage(newValue) }
    }
}

extension Indirect: Equatable where Value: Equatable {
    /// Equal when the values are.
    public static func == (left: Indirect, right: Indirect) -> Bool {
        left.wrappedValue == right.wrappedValue
    }
}

extension Indirect: Hashable where Value: Hashable {
    /// Hashes the value.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(wrappedValue)
    }
}

extension Indirect: Encodable where Value: Encodable {
    /// Encodes the value as itself.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(wrappedValue)
    }
}

extension Indirect: Decodable where Value: Decodable {
    /// Decodes the value as itself.
    public init(from decoder: any Decoder) throws {
        self.init(wrappedValue: try decoder.singleValueContainer().decode(Value.self))
    }
}

extension KeyedDecodingContainer {
    /// An indirect optional field: nil when its key is absent or null, as a plain optional's.
    public func decode<Wrapped: Decodable & Sendable>(_ type: Indirect<Wrapped?>.Type, forKey key: Key) throws -> Indirect<Wrapped?> {
        Indirect(wrappedValue: try decodeIfPresent(Wrapped.self, forKey: key))
    }
}

extension KeyedEncodingContainer {
    /// An indirect optional field: left out when nil, as a plain optional's.
    public mutating func encode<Wrapped: Encodable & Sendable>(_ value: Indirect<Wrapped?>, forKey key: Key) throws {
        try encodeIfPresent(value.wrappedValue, forKey: key)
    }
}
