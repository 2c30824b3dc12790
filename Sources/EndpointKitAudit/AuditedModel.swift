import EndpointKit
import Foundation

/// A declared type and the checks the model audit makes on it, each through `JSONCoding`.
///
/// The checks are generic functions compiled once here; a generated suite only lists its types,
/// so an API with thousands of types adds a line per type to the build, not a test function.
public struct AuditedModel: Sendable {
    /// The type's name in the route file.
    public let name: String
    /// Its sample encodes and decodes back to the same value; nil for an enum.
    public let roundTrip: (@Sendable () throws -> Void)?
    /// Every value of an enum round-trips, and one the server adds later is kept as sent; nil for other types.
    public let everyValue: (@Sendable () throws -> Void)?
    /// A union's variant this version does not know decodes and encodes back unchanged; nil for other types.
    public let unknownVariant: (@Sendable () throws -> Void)?
    /// The sample `routegen serve` sends decodes, and the value encodes back to exactly those bytes; nil when the type has none.
    public private(set) var servedSample: (@Sendable () throws -> Void)?

    private init(
        name: String,
        roundTrip: (@Sendable () throws -> Void)? = nil,
        everyValue: (@Sendable () throws -> Void)? = nil,
        unknownVariant: (@Sendable () throws -> Void)? = nil
    ) {
        self.name = name
        self.roundTrip = roundTrip
        self.everyValue = everyValue
        self.unknownVariant = unknownVariant
    }

    /// A model or patch: its audit sample round-trips.
    public static func record<Model: Codable & Equatable & Sendable & RouteAuditSample>(_ type: Model.Type) -> AuditedModel {
        AuditedModel(name: String(describing: type), roundTrip: { try checkRoundTrip(Model.auditSample) })
    }

    /// An enum: every case round-trips by encoding and by raw value, and `unknownJSON` decodes to
    /// `unknown` and encodes back to the same text.
    public static func enumeration<Enum: Codable & Equatable & Sendable & CaseIterable & RawRepresentable>(
        _ type: Enum.Type, unknown: Enum, unknownJSON: String
    ) -> AuditedModel {
        AuditedModel(name: String(describing: type), everyValue: {
            for value in Enum.allCases {
                try checkRoundTrip(value)
                guard Enum(rawValue: value.rawValue) == value else {
                    throw ModelAuditFailure("\(Enum.self)(rawValue: \(value.rawValue)) is not \(value)")
                }
            }
            try checkKeptAsSent(Enum.self, json: unknownJSON) { $0 == unknown }
        })
    }

    /// A union: its audit sample round-trips, and `unknownJSON`, a variant with a tag no API sends,
    /// decodes to a value `isUnknown` accepts and encodes back to the same text.
    public static func union<Union: Codable & Equatable & Sendable & RouteAuditSample>(
        _ type: Union.Type, unknownJSON: String, isUnknown: @escaping @Sendable (Union) -> Bool
    ) -> AuditedModel {
        AuditedModel(
            name: String(describing: type),
            roundTrip: { try checkRoundTrip(Union.auditSample) },
            unknownVariant: { try checkKeptAsSent(Union.self, json: unknownJSON, isUnknown) }
        )
    }

    /// The same type with the served-sample check: `json` decodes, and `sample` encodes to exactly `json`.
    /// `sample` is read only after `json` decoded, so a sample that cannot decode fails the test instead of trapping.
    public func serving<Model: Codable & Sendable>(
        _ sample: @escaping @autoclosure @Sendable () -> Model, json: String
    ) -> AuditedModel {
        var model = self
        model.servedSample = {
            _ = try JSONCoding.decoder.decode(Model.self, from: Data(json.utf8))
            let encoded = String(decoding: try JSONCoding.encoder.encode(sample()), as: UTF8.self)
            guard encoded == json else {
                throw ModelAuditFailure("\(Model.self).sample encodes to \(encoded), not the served \(json)")
            }
        }
        return model
    }
}

/// What a model check found, in words that name the type and both values.
public struct ModelAuditFailure: Error, CustomStringConvertible {
    /// The finding.
    public let description: String

    init(_ description: String) {
        self.description = description
    }
}

/// `value` encodes, and the encoding decodes back to `value`.
private func checkRoundTrip<Value: Codable & Equatable>(_ value: Value) throws {
    let data = try JSONCoding.encoder.encode(value)
    let decoded = try JSONCoding.decoder.decode(Value.self, from: data)
    guard decoded == value else {
        throw ModelAuditFailure("\(Value.self) decodes \(String(decoding: data, as: UTF8.self)) to \(decoded), not \(value)")
    }
}

/// `json` decodes to a value `expected` accepts, which encodes back to exactly `json`.
private func checkKeptAsSent<Value: Codable>(_ type: Value.Type, json: String, _ expected: (Value) -> Bool) throws {
    let value = try JSONCoding.decoder.decode(Value.self, from: Data(json.utf8))
    guard expected(value) else { throw ModelAuditFailure("\(Value.self) decodes \(json) to \(value), a known value") }
    let encoded = String(decoding: try JSONCoding.encoder.encode(value), as: UTF8.self)
    guard encoded == json else { throw ModelAuditFailure("\(Value.self) encodes \(json) back as \(encoded)") }
}

#if canImport(Testing)
import Testing

extension AuditedModel: CustomTestStringConvertible {
    /// The type's name, so each test case in the output says which type it is.
    public var testDescription: String { name }
}
#endif
