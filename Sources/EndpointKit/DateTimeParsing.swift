import Foundation

extension DateTimeText {
    /// Why a text is no date-time, said so a decoding error's message can end with it.
    struct Failure: Error, Equatable, CustomStringConvertible {
        /// What is wrong, lower-case, without a full stop: `the month 13 is not 01–12`.
        let reason: String

        init(_ reason: String) {
            self.reason = reason
        }

        var description: String { reason }
    }

    /// The instant an RFC 3339 date-time names, as APIs send them: `2026-03-01T09:30:00Z`, any
    /// number of fraction digits (`.5`, `.123`, `.123456789`), `Z` or an offset (`+01:00`, `-0800`),
    /// `t`, `z` or a space for `T` (RFC 3339 §5.6), and a leap second `:60` as the next minute's first.
    ///
    /// The result is `Date(timeIntervalSince1970:)` of the decimal number of seconds the text says,
    /// read as Swift reads that number: `2026-03-01T09:30:00.123Z` is exactly
    /// `Date(timeIntervalSince1970: 1_772_357_400.123)`. A day without a time, a time without a
    /// zone, or a field out of its range (month 13, February 30, hour 24) throws.
    static func date(from text: String) throws(Failure) -> Date {
        var scanner = DateTimeScanner(bytes: Array(text.utf8))
        let year = try scanner.digits(4, of: "year")
        try scanner.expect("-", after: "year")
        let month = try scanner.digits(2, of: "month")
        try scanner.expect("-", after: "month")
        let day = try scanner.digits(2, of: "day")
        if scanner.isAtEnd {
            throw Failure("a day without a time of day and a time zone is no instant; decode it as a String")
        }
        guard let separator = scanner.take(), [UInt8(ascii: "T"), UInt8(ascii: "t"), UInt8(ascii: " ")].contains(separator) else {
            throw Failure("expected 'T' between the date and the time")
        }
        let hour = try scanner.digits(2, of: "hour")
        try scanner.expect(":", after: "hour")
        let minute = try scanner.digits(2, of: "minute")
        try scanner.expect(":", after: "minute")
        let second = try scanner.digits(2, of: "second")
        let fraction = try scanner.fraction()
        let offset = try scanner.offset()
        try check(month, in: 1...12, "the month \(pad(month)) is not 01–12")
        try check(day, in: 1...daysIn(month: month, year: year), "the day \(pad(day)) is not in \(pad(year, 4))-\(pad(month))")
        try check(hour, in: 0...23, "the hour \(pad(hour)) is not 00–23")
        try check(minute, in: 0...59, "the minute \(pad(minute)) is not 00–59")
        try check(second, in: 0...60, "the second \(pad(second)) is not 00–60")
        let seconds = daysSince1970(year: year, month: month, day: day) * 86_400 + hour * 3600 + minute * 60 + second - offset
        return Date(timeIntervalSince1970: interval(seconds: seconds, fraction: fraction))
    }

    /// Throws `reason` unless `value` is in `range`.
    private static func check(_ value: Int64, in range: ClosedRange<Int64>, _ reason: @autoclosure () -> String) throws(Failure) {
        guard range.contains(value) else { throw Failure(reason()) }
    }

    /// `value` zero-padded to `width` digits, as the text had it.
    private static func pad(_ value: Int64, _ width: Int = 2) -> String {
        let digits = String(value)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }

    /// `seconds` plus the fraction `0.<digits>`, as the one decimal number Swift reads it as.
    ///
    /// Built as text and read once, so `.123` lands on the Double nearest the whole value, never on
    /// the sum of two rounded parts. Before 1970 the whole part is negative, so the text is the
    /// negated distance to the next whole second: -1 s plus 0.25 s is `-0.75`.
    private static func interval(seconds: Int64, fraction: [UInt8]) -> TimeInterval {
        var digits = fraction
        while digits.last == UInt8(ascii: "0") { digits.removeLast() }
        guard let last = digits.indices.last else { return TimeInterval(seconds) }
        if seconds >= 0 {
            return TimeInterval(String(seconds) + "." + String(decoding: digits, as: UTF8.self)) ?? TimeInterval(seconds)
        }
        // 1 - 0.d₁…dₙ, digit by digit: dₙ is not 0, so no digit borrows.
        for index in digits.indices {
            let nines: UInt8 = index == last ? UInt8(ascii: "0") + 10 : UInt8(ascii: "9")
            digits[index] = nines - digits[index] + UInt8(ascii: "0")
        }
        return TimeInterval("-" + String(-(seconds + 1)) + "." + String(decoding: digits, as: UTF8.self)) ?? TimeInterval(seconds)
    }
}

/// Walks a date-time's bytes, one field at a time.
private struct DateTimeScanner {
    let bytes: [UInt8]
    var index = 0

    var isAtEnd: Bool { index == bytes.count }

    /// The next byte, consumed; nil at the end.
    mutating func take() -> UInt8? {
        guard index < bytes.count else { return nil }
        defer { index += 1 }
        return bytes[index]
    }

    /// Whether the next byte is an ASCII digit.
    private var atDigit: Bool { index < bytes.count && (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) }

    /// Exactly `count` ASCII digits as a number.
    mutating func digits(_ count: Int, of field: String) throws(DateTimeText.Failure) -> Int64 {
        var value: Int64 = 0
        for _ in 0..<count {
            guard atDigit else { throw DateTimeText.Failure("expected the \(field) as \(count) digits at character \(index + 1)") }
            value = value * 10 + Int64(bytes[index] - UInt8(ascii: "0"))
            index += 1
        }
        return value
    }

    /// Consumes `character`, or throws.
    mutating func expect(_ character: Unicode.Scalar, after field: String) throws(DateTimeText.Failure) {
        guard take() == UInt8(ascii: character) else { throw DateTimeText.Failure("expected '\(character)' after the \(field)") }
    }

    /// The digits after a `.`, none when there is no `.`.
    mutating func fraction() throws(DateTimeText.Failure) -> [UInt8] {
        guard index < bytes.count, bytes[index] == UInt8(ascii: ".") else { return [] }
        index += 1
        let start = index
        while atDigit { index += 1 }
        guard index > start else { throw DateTimeText.Failure("expected a digit after the '.' of the seconds") }
        return Array(bytes[start..<index])
    }

    /// The zone, the last thing in the text: `Z` (0), or an offset's seconds east of UTC.
    mutating func offset() throws(DateTimeText.Failure) -> Int64 {
        guard let sign = take() else { throw DateTimeText.Failure("no time zone; end with 'Z' or an offset like +01:00") }
        var seconds: Int64 = 0
        switch sign {
        case UInt8(ascii: "Z"), UInt8(ascii: "z"):
            break
        case UInt8(ascii: "+"), UInt8(ascii: "-"):
            let hours = try digits(2, of: "offset's hours")
            if index < bytes.count, bytes[index] == UInt8(ascii: ":") { index += 1 }
            let minutes = try digits(2, of: "offset's minutes")
            guard hours <= 23, minutes <= 59 else { throw DateTimeText.Failure("the offset's hours must be 00–23 and its minutes 00–59") }
            seconds = (hours * 3600 + minutes * 60) * (sign == UInt8(ascii: "-") ? -1 : 1)
        default:
            throw DateTimeText.Failure("expected 'Z' or an offset like +01:00 after the time, at character \(index)")
        }
        guard isAtEnd else { throw DateTimeText.Failure("unexpected text after the time zone, at character \(index + 1)") }
        return seconds
    }
}
