import EndpointKit
import EndpointKitAudit
import Foundation
import Testing

/// A model that round-trips, with the sample `routegen serve` would send for it.
private struct Note: Codable, Sendable, Equatable, RouteAuditSample {
    var text: String
    static var auditSample: Note { Note(text: "audit note") }
    static let sampleJSON = #"{"text":"audit note"}"#
}

/// A model whose encoding loses a field, so its sample cannot come back.
private struct Lossy: Codable, Sendable, Equatable, RouteAuditSample {
    var text: String
    var count: Int
    static var auditSample: Lossy { Lossy(text: "kept", count: 3) }

    private enum CodingKeys: String, CodingKey { case text, count }

    init(text: String, count: Int) {
        self.text = text
        self.count = count
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        text = try container.decode(String.self, forKey: .text)
        count = try container.decodeIfPresent(Int.self, forKey: .count) ?? 0
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(text, forKey: .text)
    }
}

/// An enum as routegen generates it: known cases and one that keeps any other value.
private enum Size: Codable, Sendable, Equatable, CaseIterable, RawRepresentable {
    case small, large, unknown(String)
    static let allCases: [Size] = [.small, .large]

    init(rawValue: String) {
        switch rawValue {
        case "small": self = .small
        case "large": self = .large
        default: self = .unknown(rawValue)
        }
    }

    var rawValue: String {
        switch self {
        case .small: "small"
        case .large: "large"
        case .unknown(let value): value
        }
    }

    init(from decoder: any Decoder) throws {
        self.init(rawValue: try decoder.singleValueContainer().decode(String.self))
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
}

/// An enum that maps every value it does not know to one case, so it cannot send it back.
private enum Forgetful: String, Codable, Sendable, Equatable, CaseIterable {
    case on, off
    init(from decoder: any Decoder) throws {
        self = Forgetful(rawValue: try decoder.singleValueContainer().decode(String.self)) ?? .off
    }
}

/// A union by `kind` that keeps a variant it does not know as the object it got.
private enum Shape: Codable, Sendable, Equatable, RouteAuditSample {
    case circle(radius: Int)
    case unknown(JSONValue)
    static var auditSample: Shape { .circle(radius: 2) }

    private enum Keys: String, CodingKey { case kind, radius }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Keys.self)
        if try container.decode(String.self, forKey: .kind) == "circle" {
            self = .circle(radius: try container.decode(Int.self, forKey: .radius))
        } else {
            self = .unknown(try JSONValue(from: decoder))
        }
    }

    func encode(to encoder: any Encoder) throws {
        switch self {
        case .circle(let radius):
            var container = encoder.container(keyedBy: Keys.self)
            try container.encode("circle", forKey: .kind)
            try container.encode(radius, forKey: .radius)
        case .unknown(let value):
            try value.encode(to: encoder)
        }
    }
}

private func isUnknown(_ shape: Shape) -> Bool {
    guard case .unknown = shape else { return false }
    return true
}

/// The message a failing check throws.
private func failure(of check: (@Sendable () throws -> Void)?) -> String? {
    guard let check else { return "no check" }
    do {
        try check()
        return nil
    } catch {
        return String(describing: error)
    }
}

@Suite("AuditedModel checks")
struct AuditedModelTests {
    @Test func aRecordRoundTripsAndServesItsSample() {
        let model = AuditedModel.record(Note.self).serving(Note.auditSample, json: Note.sampleJSON)
        #expect(model.name == "Note" && model.testDescription == "Note")
        #expect(failure(of: model.roundTrip) == nil)
        #expect(failure(of: model.servedSample) == nil)
        #expect(model.everyValue == nil && model.unknownVariant == nil)
        #expect(AuditedModel.record(Note.self).servedSample == nil)
    }

    @Test func aRecordThatLosesAFieldFailsWithBothValues() {
        let message = failure(of: AuditedModel.record(Lossy.self).roundTrip)
        #expect(message == #"Lossy decodes {"text":"kept"} to Lossy(text: "kept", count: 0), not Lossy(text: "kept", count: 3)"#)
    }

    @Test func aServedSampleThatEncodesOtherBytesFails() {
        let model = AuditedModel.record(Note.self).serving(Note(text: "other"), json: Note.sampleJSON)
        #expect(failure(of: model.servedSample) == #"Note.sample encodes to {"text":"other"}, not the served {"text":"audit note"}"#)
    }

    @Test func aServedSampleThatDoesNotDecodeFailsBeforeTheSampleIsRead() {
        let model = AuditedModel.record(Note.self).serving(Note.auditSample, json: #"{"txt":"audit note"}"#)
        #expect(failure(of: model.servedSample)?.contains("keyNotFound") == true)
    }

    @Test func anEnumKeepsEveryValueAndAnUnknownOne() {
        let model = AuditedModel.enumeration(Size.self, unknown: .unknown("routegen-unknown"), unknownJSON: #""routegen-unknown""#)
        #expect(failure(of: model.everyValue) == nil)
        #expect(model.roundTrip == nil && model.servedSample == nil)
    }

    @Test func anEnumThatForgetsAnUnknownValueFails() {
        let model = AuditedModel.enumeration(Forgetful.self, unknown: .on, unknownJSON: #""routegen-unknown""#)
        #expect(failure(of: model.everyValue) == #"Forgetful decodes "routegen-unknown" to off, a known value"#)
    }

    @Test func aUnionKeepsAVariantItDoesNotKnowByteForByte() {
        let model = AuditedModel.union(Shape.self, unknownJSON: #"{"kind":"routegen-unknown","x":1}"#, isUnknown: isUnknown)
        #expect(failure(of: model.roundTrip) == nil)
        #expect(failure(of: model.unknownVariant) == nil)
    }

    @Test func aUnionThatTakesTheUnknownTagForAVariantFails() {
        let model = AuditedModel.union(Shape.self, unknownJSON: #"{"kind":"circle","radius":1}"#, isUnknown: isUnknown)
        #expect(failure(of: model.unknownVariant) == #"Shape decodes {"kind":"circle","radius":1} to circle(radius: 1), a known value"#)
    }
}
