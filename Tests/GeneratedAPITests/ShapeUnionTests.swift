import EndpointKit
import Foundation
import PizzeriaAPI
import Testing

/// `union Tip by shape` as generated: the first variant that decodes wins, the value encodes back
/// as it came, and a value no variant fits fails with each variant's reason.
@Suite("A union told apart by shape")
struct ShapeUnionTests {
    private func decode(_ json: String) throws -> Tip {
        try JSONCoding.decoder.decode(Tip.self, from: Data(json.utf8))
    }

    private func encoded(_ tip: Tip) throws -> String {
        String(decoding: try JSONCoding.encoder.encode(tip), as: UTF8.self)
    }

    @Test func aNumberIsTheFirstVariant() throws {
        #expect(try decode("500") == .cents(500))
        #expect(try encoded(.cents(500)) == "500")
    }

    @Test func anObjectIsTheSecondVariantAndEncodesWithNothingAdded() throws {
        #expect(try decode(#"{"percent":10}"#) == .share(TipShare(percent: 10)))
        #expect(try encoded(.share(TipShare(percent: 10))) == #"{"percent":10}"#)
    }

    @Test func aFieldOfTheUnionDecodesInPlace() throws {
        struct Holder: Codable, Equatable { var tip: Tip }
        let holder = try JSONCoding.decoder.decode(Holder.self, from: Data(#"{"tip":{"percent":15}}"#.utf8))
        #expect(holder == Holder(tip: .share(TipShare(percent: 15))))
    }

    @Test func aValueNoVariantFitsNamesEveryVariantAndWhy() throws {
        let message = errorDescription { _ = try decode(#""ten""#) }
        #expect(message == "no variant of Tip fits the value (cents: expected Int; share: expected Dictionary<String, Any>)")
        let nested = errorDescription { _ = try decode(#"{"percent":"ten"}"#) }
        #expect(nested == "no variant of Tip fits the value (cents: expected Int; share: expected Int at percent)")
    }

    private func errorDescription(_ body: () throws -> Void) -> String? {
        do {
            try body()
            return nil
        } catch DecodingError.dataCorrupted(let context) {
            return context.debugDescription
        } catch {
            return String(describing: error)
        }
    }
}
