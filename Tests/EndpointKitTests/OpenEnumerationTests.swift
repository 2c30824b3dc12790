import EndpointKit
import Foundation
import Testing

/// A string enumeration written as routegen writes one: cases, `allCases` and `rawValue` only.
private enum Shelf: OpenEnumeration, Codable, Hashable, Sendable {
    case fiction
    case sciFi
    case unknown(String)

    static var allCases: [Shelf] { [.fiction, .sciFi] }

    var rawValue: String {
        switch self {
        case .fiction: "fiction"
        case .sciFi: "sci-fi"
        case .unknown(let value): value
        }
    }
}

/// An integer enumeration, as `enum Name: Int` in a route file.
private enum Priority: OpenEnumeration, Codable, Hashable, Sendable {
    case low
    case high
    case unknown(Int)

    static var allCases: [Priority] { [.low, .high] }

    var rawValue: Int {
        switch self {
        case .low: 1
        case .high: 5
        case .unknown(let value): value
        }
    }
}

/// `OpenEnumeration`: the part of every generated enum that EndpointKit holds once.
@Suite struct OpenEnumerationTests {
    @Test func aListedWireValueIsItsCase() {
        #expect(Shelf(rawValue: "fiction") == .fiction)
        #expect(Shelf(rawValue: "sci-fi") == .sciFi)
        #expect(Priority(rawValue: 5) == .high)
    }

    @Test func anyOtherValueIsKeptAsSent() {
        #expect(Shelf(rawValue: "Fiction") == .unknown("Fiction"))
        #expect(Shelf(rawValue: "") == .unknown(""))
        #expect(Priority(rawValue: 2) == .unknown(2))
    }

    @Test func theRequirementThatMayFailNeverDoes() {
        func viaRequirement<T: RawRepresentable>(_ type: T.Type, _ rawValue: T.RawValue) -> T? { T(rawValue: rawValue) }
        #expect(viaRequirement(Shelf.self, "poetry") == .unknown("poetry"))
        #expect(viaRequirement(Priority.self, 1) == .low)
    }

    @Test func endpointTextIsTheWireValue() {
        #expect(Shelf.sciFi.endpointText == "sci-fi")
        #expect(Shelf.unknown("a b").endpointText == "a b")
        #expect(Priority.high.endpointText == "5")
        #expect(Priority.unknown(-3).queryTexts == ["-3"])
        #expect([Shelf.fiction, .sciFi].queryTexts == ["fiction", "sci-fi"])
    }

    @Test func codedAsTheBareWireValue() throws {
        let encoded = try JSONEncoder().encode([Shelf.sciFi, .unknown("poetry")])
        #expect(String(decoding: encoded, as: UTF8.self) == #"["sci-fi","poetry"]"#)
        #expect(try JSONDecoder().decode([Shelf].self, from: Data(#"["fiction","zines"]"#.utf8)) == [.fiction, .unknown("zines")])
        #expect(try JSONDecoder().decode([Priority].self, from: Data("[1,9]".utf8)) == [.low, .unknown(9)])
        #expect(String(decoding: try JSONEncoder().encode(Priority.unknown(9)), as: UTF8.self) == "9")
    }

    @Test func aValueOfTheWrongJSONTypeDoesNotDecode() {
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(Shelf.self, from: Data("1".utf8)) }
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(Priority.self, from: Data(#""1""#.utf8)) }
    }

    @Test func equalityAndHashingFollowTheCase() {
        #expect(Set([Shelf.fiction, .fiction, .unknown("fiction2")]).count == 2)
        #expect(Shelf.allCases == [.fiction, .sciFi])
    }
}
