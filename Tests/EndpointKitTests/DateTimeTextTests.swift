@testable import EndpointKit
import Foundation
import Testing

/// Dates on the wire: RFC 3339 read with any fraction and offset on every platform, and written
/// back as the instant that was read, with whole seconds written as they always were.
@Suite struct DateTimeTextTests {
    struct Stamp: Codable, Sendable, Equatable { var at: Date }

    /// 2026-12-07T10:00:00Z.
    private static let seventhOfDecember: TimeInterval = 1_796_637_600

    private func json(_ date: Date) throws -> String {
        String(decoding: try JSONCoding.encoder.encode(Stamp(at: date)), as: UTF8.self)
    }

    private func date(_ text: String) throws -> Date {
        try JSONCoding.decoder.decode(Stamp.self, from: Data(#"{"at":"\#(text)"}"#.utf8)).at
    }

    // MARK: Writing

    @Test(arguments: [
        (1_796_637_600, #"{"at":"2026-12-07T10:00:00Z"}"#),
        (1_796_637_600.123, #"{"at":"2026-12-07T10:00:00.123Z"}"#),
        (1_796_637_600.5, #"{"at":"2026-12-07T10:00:00.500Z"}"#),
        (1_796_637_600.001, #"{"at":"2026-12-07T10:00:00.001Z"}"#),
        (1_796_637_600.999, #"{"at":"2026-12-07T10:00:00.999Z"}"#),
        (1_796_637_600.123456, #"{"at":"2026-12-07T10:00:00.123456Z"}"#),
        (1_796_637_600.000001, #"{"at":"2026-12-07T10:00:00.000001Z"}"#),
        (0, #"{"at":"1970-01-01T00:00:00Z"}"#),
        (-0.75, #"{"at":"1969-12-31T23:59:59.250Z"}"#),
        (1_709_208_000, #"{"at":"2024-02-29T12:00:00Z"}"#),
        (2_147_483_648.25, #"{"at":"2038-01-19T03:14:08.250Z"}"#),
        (-2_203_891_200, #"{"at":"1900-03-01T00:00:00Z"}"#),
        (253_402_300_799, #"{"at":"9999-12-31T23:59:59Z"}"#),
    ] as [(TimeInterval, String)])
    func encodesTheExactBytes(interval: TimeInterval, expected: String) throws {
        #expect(try json(Date(timeIntervalSince1970: interval)) == expected)
    }

    @Test func aWholeSecondIsWrittenAsBeforeAndAsEndpointText() throws {
        #expect(try json(Date(timeIntervalSince1970: 1_772_357_400)) == #"{"at":"2026-03-01T09:30:00Z"}"#)
        #expect(Date(timeIntervalSince1970: 1_772_357_400).endpointText == "2026-03-01T09:30:00Z")
        // RFC 3339's calendar is the proleptic Gregorian one: Foundation's 0001-01-01 is Julian.
        #expect(Date.distantPast.endpointText == "0000-12-30T00:00:00Z")
        #expect(Date.distantFuture.endpointText == "4001-01-01T00:00:00Z")
    }

    @Test func lessThanHalfAMicrosecondIsDroppedAndMoreCarriesIntoTheNextSecond() throws {
        #expect(DateTimeText.text(for: Date(timeIntervalSince1970: Self.seventhOfDecember + 0.000_000_4)) == "2026-12-07T10:00:00Z")
        #expect(DateTimeText.text(for: Date(timeIntervalSince1970: Self.seventhOfDecember + 0.999_999_7)) == "2026-12-07T10:00:01Z")
        #expect(DateTimeText.text(for: Date(timeIntervalSince1970: 253_402_300_799.999_999_9)) == nil)
    }

    @Test func everyMillisecondIsWrittenAsItsThreeDigitsNeverAsTheBinaryFractionNearIt() {
        for base in [Self.seventhOfDecember, 0, 978_307_200, 2_200_000_000, 4_102_444_798] {
            for millisecond in 1..<1000 {
                let digits = String(millisecond + 1000).dropFirst()
                let date = Date(timeIntervalSince1970: TimeInterval("\(Int(base)).\(digits)")!)
                let text = DateTimeText.text(for: date)
                #expect(text?.hasSuffix(":\(Self.secondsField(base)).\(digits)Z") == true, "\(base) + .\(digits) was written \(text ?? "nil")")
            }
        }
    }

    /// The two seconds digits of a whole number of seconds.
    private static func secondsField(_ interval: TimeInterval) -> String {
        String(Int(interval) % 60 + 100).dropFirst().description
    }

    @Test func aDateOutsideTheYearsRFC3339WritesIsNotEncoded() {
        #expect(throws: EncodingError.self) { try json(Date(timeIntervalSince1970: 253_402_300_800)) }
        #expect(throws: EncodingError.self) { try json(Date(timeIntervalSince1970: -62_167_219_201)) }
        #expect(DateTimeText.text(for: Date(timeIntervalSince1970: .infinity)) == nil)
        #expect(DateTimeText.text(for: Date(timeIntervalSince1970: -62_167_219_200)) == "0000-01-01T00:00:00Z")
    }

    // MARK: Reading

    @Test(arguments: [
        ("2026-12-07T10:00:00Z", 1_796_637_600),
        ("2026-12-07T10:00:00.123Z", 1_796_637_600.123),
        ("2026-12-07T10:00:00.1Z", 1_796_637_600.1),
        ("2026-12-07T10:00:00.12Z", 1_796_637_600.12),
        ("2026-12-07T10:00:00.120000Z", 1_796_637_600.12),
        ("2026-12-07T10:00:00.000Z", 1_796_637_600),
        ("2026-12-07T10:00:00.123456Z", 1_796_637_600.123456),
        ("2026-12-07T10:00:00.123456789Z", 1_796_637_600.123456789),
        ("2026-12-07T10:00:00.99999999999999999999Z", 1_796_637_601),
        ("2026-12-07T11:00:00+01:00", 1_796_637_600),
        ("2026-12-07T11:00:00.5+01:00", 1_796_637_600.5),
        ("2026-12-07T02:00:00.250-08:00", 1_796_637_600.25),
        ("2026-12-07T15:30:00+0530", 1_796_637_600),
        ("2026-12-07T10:00:00-00:00", 1_796_637_600),
        ("2026-12-07t10:00:00.123z", 1_796_637_600.123),
        ("2026-12-07 10:00:00Z", 1_796_637_600),
        ("2026-12-08T00:30:00+14:30", 1_796_637_600),
        ("2016-12-31T23:59:60Z", 1_483_228_800),
        ("2024-02-29T12:00:00Z", 1_709_208_000),
        ("1969-12-31T23:59:59.25Z", -0.75),
        ("1969-12-31T23:59:59.999Z", -0.001),
        ("1900-03-01T00:00:00.5Z", -2_203_891_199.5),
        ("0001-01-01T00:00:00Z", -62_135_596_800),
        ("9999-12-31T23:59:59.999Z", 253_402_300_799.999),
    ] as [(String, TimeInterval)])
    func decodesTheExactInstant(text: String, interval: TimeInterval) throws {
        // Equal to the Date the literal makes, bit for bit: near 1970 `timeIntervalSince1970` itself
        // is not the literal, since a Date holds its seconds from 2001.
        let read = try date(text)
        #expect(read == Date(timeIntervalSince1970: interval), "\(text) read as \(read.timeIntervalSince1970)")
    }

    @Test(arguments: [
        ("2026-12-07", "a day without a time of day and a time zone is no instant; decode it as a String"),
        ("2026-12-07T10:00:00", "no time zone; end with 'Z' or an offset like +01:00"),
        ("2026-12-07T10:00:00.123", "no time zone; end with 'Z' or an offset like +01:00"),
        ("2026-13-07T10:00:00Z", "the month 13 is not 01–12"),
        ("2026-00-07T10:00:00Z", "the month 00 is not 01–12"),
        ("2026-02-29T10:00:00Z", "the day 29 is not in 2026-02"),
        ("2026-04-31T10:00:00Z", "the day 31 is not in 2026-04"),
        ("2026-12-00T10:00:00Z", "the day 00 is not in 2026-12"),
        ("2026-12-07T24:00:00Z", "the hour 24 is not 00–23"),
        ("2026-12-07T10:60:00Z", "the minute 60 is not 00–59"),
        ("2026-12-07T10:00:61Z", "the second 61 is not 00–60"),
        ("2026-12-07T10:00Z", "expected ':' after the minute"),
        ("2026-12-07T10:00:00.Z", "expected a digit after the '.' of the seconds"),
        ("2026-12-07T10:00:00,5Z", "expected 'Z' or an offset like +01:00 after the time, at character 20"),
        ("2026-12-07T10:00:00 Z", "expected 'Z' or an offset like +01:00 after the time, at character 20"),
        ("2026-12-07T10:00:00+24:00", "the offset's hours must be 00–23 and its minutes 00–59"),
        ("2026-12-07T10:00:00+01", "expected the offset's minutes as 2 digits at character 23"),
        ("2026-12-07T10:00:00ZZ", "unexpected text after the time zone, at character 21"),
        ("2026-12-07T10:00:00Z ", "unexpected text after the time zone, at character 21"),
        ("2026-12-07X10:00:00Z", "expected 'T' between the date and the time"),
        ("26-12-07T10:00:00Z", "expected the year as 4 digits at character 3"),
        ("2026/12/07T10:00:00Z", "expected '-' after the year"),
        ("", "expected the year as 4 digits at character 1"),
        ("２０２６-12-07T10:00:00Z", "expected the year as 4 digits at character 1"),
        ("1796637600", "expected '-' after the year"),
    ] as [(String, String)])
    func rejectsWithAMessageThatSaysWhy(text: String, reason: String) {
        #expect(throws: DateTimeText.Failure(reason)) { try DateTimeText.date(from: text) }
        do {
            _ = try date(text)
            Issue.record("\(text) was read")
        } catch DecodingError.dataCorrupted(let context) {
            #expect(context.codingPath.map(\.stringValue) == ["at"])
            #expect(context.debugDescription == "Expected an RFC 3339 date-time like 2026-03-01T09:30:00Z or 2026-03-01T09:30:00.123+01:00, not '\(text)': \(reason).")
        } catch {
            Issue.record("\(text) threw \(error)")
        }
    }

    @Test func aDateThatIsNoStringIsATypeMismatch() {
        #expect {
            try JSONCoding.decoder.decode(Stamp.self, from: Data(#"{"at":1796637600}"#.utf8))
        } throws: { error in
            guard case DecodingError.typeMismatch = error else { return false }
            return true
        }
    }

    // MARK: Round trips

    @Test(arguments: [
        ("2026-12-07T10:00:00.123Z", "2026-12-07T10:00:00.123Z"),
        ("2026-12-07T10:00:00.500Z", "2026-12-07T10:00:00.500Z"),
        ("2026-12-07T10:00:00.5Z", "2026-12-07T10:00:00.500Z"),
        ("2026-12-07T10:00:00Z", "2026-12-07T10:00:00Z"),
        ("2026-12-07T10:00:00.000Z", "2026-12-07T10:00:00Z"),
        ("2026-12-07T10:00:00.123456Z", "2026-12-07T10:00:00.123456Z"),
        ("2026-12-07T11:00:00.123+01:00", "2026-12-07T10:00:00.123Z"),
    ] as [(String, String)])
    func aReadValueIsWrittenBackAsTheSameInstant(read: String, written: String) throws {
        let body = Data(#"{"at":"\#(read)"}"#.utf8)
        let stamp = try JSONCoding.decoder.decode(Stamp.self, from: body)
        #expect(String(decoding: try JSONCoding.encoder.encode(stamp), as: UTF8.self) == #"{"at":"\#(written)"}"#)
        #expect(stamp.at.endpointText == written)
        #expect(try date(written) == stamp.at)
    }

    @Test func everyMillisecondAndASpreadOfMicrosecondsSurviveAReadAndAWrite() throws {
        for millisecond in 0..<1000 {
            let text = "2026-12-07T10:00:00" + (millisecond == 0 ? "" : "." + String(millisecond + 1000).dropFirst()) + "Z"
            #expect(DateTimeText.text(for: try DateTimeText.date(from: text)) == text)
        }
        for microsecond in stride(from: 1, to: 1_000_000, by: 997) where microsecond % 1000 != 0 {
            for day in ["1970-01-01", "2001-01-01", "2038-01-19", "2105-12-31"] {
                let text = day + "T03:14:07." + String(microsecond + 1_000_000).dropFirst() + "Z"
                #expect(DateTimeText.text(for: try DateTimeText.date(from: text)) == text)
            }
        }
    }

    @Test func queryPathAndHeaderTextsSpellADateAsJSONDoes() throws {
        let date = try date("2026-12-07T10:00:00.123Z")
        #expect([URLQueryItem].items(["since": date]) == [URLQueryItem(name: "since", value: "2026-12-07T10:00:00.123Z")])
        #expect([String: String].headerFields(["X-Since": date]) == ["X-Since": "2026-12-07T10:00:00.123Z"])
        let request = try Endpoint<Empty>(method: .get, path: ["changes", .value(date)]).urlRequest(baseURL: URL(string: "https://api.example")!)
        #expect(request.url?.absoluteString == "https://api.example/changes/2026-12-07T10%3A00%3A00.123Z")
    }
}
