/// One field of a JSON Merge Patch (RFC 7396) body: leave it, set it, or clear it.
///
/// An optional has two states and a partial update needs three. `.unchanged` must write no key
/// at all, which only the enclosing type can arrange, so a patch type writes its own
/// `encode(to:)`, one line per field, with `KeyedEncodingContainer.encode(_:forKey:)` below.
public enum PatchField<Value: Encodable & Sendable>: Sendable {
    /// Leave the field as it is: no key is written.
    case unchanged
    /// Set the field: `"key": value`.
    case set(Value)
    /// Remove the field's value: `"key": null`.
    case clear
}

extension PatchField: Equatable where Value: Equatable {}
extension PatchField: Hashable where Value: Hashable {}

extension KeyedEncodingContainer {
    /// Writes a patch field as merge patch needs it: no key, the value, or `null`.
    public mutating func encode<Value>(_ field: PatchField<Value>, forKey key: Key) throws {
        switch field {
        case .unchanged: break
        case .set(let value): try encode(value, forKey: key)
        case .clear: try encodeNil(forKey: key)
        }
    }
}

extension KeyedDecodingContainer {
    /// Reads a patch field: no key is `.unchanged`, `null` is `.clear`, anything else `.set`.
    public func decode<Value: Decodable>(_ type: PatchField<Value>.Type, forKey key: Key) throws -> PatchField<Value> {
        guard contains(key) else { return .unchanged }
        if try decodeNil(forKey: key) { return .clear }
        return .set(try decode(Value.self, forKey: key))
    }
}
