import Foundation

/// Turns a flat `Encodable` into form fields: each coding key is a field name, each value one
/// text (`EndpointValue.endpointText`, so a form spells values like a query does), an array
/// repeats its name, and nil is left out. Nested objects are refused: a form has no nesting.
enum FormEncoder {
    /// The fields of `value`, sorted by name (stable for repeated names), like JSON's sorted keys.
    static func items(from value: any Encodable) throws -> [URLQueryItem] {
        let collector = FormFieldCollector()
        try value.encode(to: FormTopLevelEncoder(collector: collector))
        if let problem = collector.problem { throw EndpointError.bodyEncodingFailed(problem) }
        return collector.fields.enumerated()
            .sorted { ($0.element.name, $0.offset) < ($1.element.name, $1.offset) }
            .map(\.element)
    }

    /// The text of a leaf value, or nil when it is not a single text.
    static func text(of value: any Encodable) -> String? {
        switch value {
        case let url as URL: url.absoluteString
        case let decimal as Decimal: decimal.description
        case let endpointValue as any EndpointValue: endpointValue.endpointText
        default: nil
        }
    }
}

/// Collects fields while a value encodes itself; the first structural problem is kept and thrown afterwards,
/// because `Encoder` cannot throw when a container is requested.
private final class FormFieldCollector {
    var fields: [URLQueryItem] = []
    var problem: String?

    func report(_ problem: String) {
        if self.problem == nil { self.problem = problem }
    }

    /// Appends `value` under `name`: a leaf text, or the elements of an array, or a single-value wrapper's text.
    func append(_ value: any Encodable, name: String) throws {
        if let text = FormEncoder.text(of: value) {
            fields.append(URLQueryItem(name: name, value: text))
            return
        }
        try value.encode(to: FormFieldEncoder(collector: self, name: name))
    }
}

private struct FormTopLevelEncoder: Encoder {
    let collector: FormFieldCollector
    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        KeyedEncodingContainer(FormKeyedContainer<Key>(collector: collector))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        collector.report("a form body must be a struct with fields, not a list")
        return FormListContainer(collector: collector, name: "")
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        collector.report("a form body must be a struct with fields, not a single value")
        return FormSingleValueContainer(collector: collector, name: "")
    }
}

private struct FormKeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let collector: FormFieldCollector
    var codingPath: [any CodingKey] { [] }

    mutating func encodeNil(forKey key: Key) throws {}
    mutating func encode(_ value: Bool, forKey key: Key) throws { try collector.append(value, name: key.stringValue) }
    mutating func encode(_ value: String, forKey key: Key) throws { try collector.append(value, name: key.stringValue) }
    mutating func encode(_ value: Double, forKey key: Key) throws { try collector.append(value, name: key.stringValue) }
    mutating func encode(_ value: Float, forKey key: Key) throws { try collector.append(value, name: key.stringValue) }
    mutating func encode(_ value: Int, forKey key: Key) throws { try collector.append(value, name: key.stringValue) }
    mutating func encode(_ value: Int8, forKey key: Key) throws { try collector.append(value, name: key.stringValue) }
    mutating func encode(_ value: Int16, forKey key: Key) throws { try collector.append(value, name: key.stringValue) }
    mutating func encode(_ value: Int32, forKey key: Key) throws { try collector.append(value, name: key.stringValue) }
    mutating func encode(_ value: Int64, forKey key: Key) throws { try collector.append(value, name: key.stringValue) }
    mutating func encode(_ value: UInt, forKey key: Key) throws { try collector.append(value, name: key.stringValue) }
    mutating func encode(_ value: UInt8, forKey key: Key) throws { try collector.append(value, name: key.stringValue) }
    mutating func encode(_ value: UInt16, forKey key: Key) throws { try collector.append(value, name: key.stringValue) }
    mutating func encode(_ value: UInt32, forKey key: Key) throws { try collector.append(value, name: key.stringValue) }
    mutating func encode(_ value: UInt64, forKey key: Key) throws { try collector.append(value, name: key.stringValue) }
    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws { try collector.append(value, name: key.stringValue) }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy keyType: NestedKey.Type, forKey key: Key
    ) -> KeyedEncodingContainer<NestedKey> {
        collector.report("form field '\(key.stringValue)' is an object; a form body must be flat")
        return KeyedEncodingContainer(FormKeyedContainer<NestedKey>(collector: collector))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        FormListContainer(collector: collector, name: key.stringValue)
    }

    mutating func superEncoder() -> any Encoder { FormTopLevelEncoder(collector: collector) }
    mutating func superEncoder(forKey key: Key) -> any Encoder { FormFieldEncoder(collector: collector, name: key.stringValue) }
}

/// The encoder a non-leaf field value sees: it may write one value (a wrapper such as a
/// raw-value enum) or a list of values (repeated names), but not an object.
private struct FormFieldEncoder: Encoder {
    let collector: FormFieldCollector
    let name: String
    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        collector.report("form field '\(name)' is an object; a form body must be flat")
        return KeyedEncodingContainer(FormKeyedContainer<Key>(collector: FormFieldCollector()))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer { FormListContainer(collector: collector, name: name) }
    func singleValueContainer() -> any SingleValueEncodingContainer { FormSingleValueContainer(collector: collector, name: name) }
}

private struct FormSingleValueContainer: SingleValueEncodingContainer {
    let collector: FormFieldCollector
    let name: String
    var codingPath: [any CodingKey] { [] }

    mutating func encodeNil() throws {}
    mutating func encode(_ value: Bool) throws { try collector.append(value, name: name) }
    mutating func encode(_ value: String) throws { try collector.append(value, name: name) }
    mutating func encode(_ value: Double) throws { try collector.append(value, name: name) }
    mutating func encode(_ value: Float) throws { try collector.append(value, name: name) }
    mutating func encode(_ value: Int) throws { try collector.append(value, name: name) }
    mutating func encode(_ value: Int8) throws { try collector.append(value, name: name) }
    mutating func encode(_ value: Int16) throws { try collector.append(value, name: name) }
    mutating func encode(_ value: Int32) throws { try collector.append(value, name: name) }
    mutating func encode(_ value: Int64) throws { try collector.append(value, name: name) }
    mutating func encode(_ value: UInt) throws { try collector.append(value, name: name) }
    mutating func encode(_ value: UInt8) throws { try collector.append(value, name: name) }
    mutating func encode(_ value: UInt16) throws { try collector.append(value, name: name) }
    mutating func encode(_ value: UInt32) throws { try collector.append(value, name: name) }
    mutating func encode(_ value: UInt64) throws { try collector.append(value, name: name) }
    mutating func encode<T: Encodable>(_ value: T) throws { try collector.append(value, name: name) }
}

/// A list field: each element is one more field with the same name.
private struct FormListContainer: UnkeyedEncodingContainer {
    let collector: FormFieldCollector
    let name: String
    var codingPath: [any CodingKey] { [] }
    var count = 0

    init(collector: FormFieldCollector, name: String) {
        self.collector = collector
        self.name = name
    }

    mutating func encodeNil() throws { count += 1 }
    mutating func encode(_ value: Bool) throws { try append(value) }
    mutating func encode(_ value: String) throws { try append(value) }
    mutating func encode(_ value: Double) throws { try append(value) }
    mutating func encode(_ value: Float) throws { try append(value) }
    mutating func encode(_ value: Int) throws { try append(value) }
    mutating func encode(_ value: Int8) throws { try append(value) }
    mutating func encode(_ value: Int16) throws { try append(value) }
    mutating func encode(_ value: Int32) throws { try append(value) }
    mutating func encode(_ value: Int64) throws { try append(value) }
    mutating func encode(_ value: UInt) throws { try append(value) }
    mutating func encode(_ value: UInt8) throws { try append(value) }
    mutating func encode(_ value: UInt16) throws { try append(value) }
    mutating func encode(_ value: UInt32) throws { try append(value) }
    mutating func encode(_ value: UInt64) throws { try append(value) }
    mutating func encode<T: Encodable>(_ value: T) throws { try append(value) }

    private mutating func append(_ value: any Encodable) throws {
        count += 1
        guard FormEncoder.text(of: value) != nil else {
            collector.report("form field '\(name)' holds a list of objects; a form body must be flat")
            return
        }
        try collector.append(value, name: name)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        collector.report("form field '\(name)' holds a list of objects; a form body must be flat")
        return KeyedEncodingContainer(FormKeyedContainer<NestedKey>(collector: FormFieldCollector()))
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        collector.report("form field '\(name)' holds nested lists; a form body must be flat")
        return FormListContainer(collector: FormFieldCollector(), name: name)
    }

    mutating func superEncoder() -> any Encoder { FormFieldEncoder(collector: collector, name: name) }
}
