import Foundation

/// Dates as EndpointKit reads and writes them everywhere (JSON, path, query, header, form and
/// multipart text): RFC 3339 date-times, `2026-03-01T09:30:00Z` and `2026-03-01T09:30:00.123+01:00`.
///
/// EndpointKit parses and prints them itself, with integer arithmetic on the proleptic Gregorian
/// calendar: Foundation's `.iso8601` rejects fractional seconds on Apple platforms before the
/// Foundation rewrite and drops them on Linux, and a `DateFormatter` depends on its locale and
/// calendar. The same text gives the same `Date` on every platform.
enum DateTimeText {
    /// Seconds from 1970 of 0000-01-01T00:00:00Z and of 10000-01-01T00:00:00Z: the years RFC 3339 writes.
    private static let writable: Range<Int64> = -62_167_219_200..<253_402_300_800

    /// `date` in UTC with `Z`: no fraction for a whole second, else three digits for a whole
    /// millisecond, else six, rounded to the microsecond. So a text read with up to six digits is
    /// written back as the same instant, in the same digits when the server wrote 0, 3 or 6 (`.5`
    /// comes back as `.500`), and whole seconds read as they always did. nil outside the years
    /// 0000–9999, which RFC 3339 cannot write.
    static func text(for date: Date) -> String? {
        let interval = date.timeIntervalSince1970
        guard interval.isFinite, interval >= Double(writable.lowerBound), interval < Double(writable.upperBound) else { return nil }
        var seconds = Int64(interval.rounded(.down))
        // `interval - seconds` is exact; rounding its millionths undoes the binary fraction's error
        // (0.123 is held as 0.12299990654), which is far below half a microsecond until 2106.
        var microseconds = Int64(((interval - Double(seconds)) * 1_000_000).rounded())
        if microseconds == 1_000_000 {
            seconds += 1
            microseconds = 0
        }
        guard writable.contains(seconds) else { return nil }
        let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
        let secondOfDay = seconds - days * 86_400
        let (year, month, day) = civilDate(daysSince1970: days)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(27)
        append(year, digits: 4, separator: "-", to: &bytes)
        append(month, digits: 2, separator: "-", to: &bytes)
        append(day, digits: 2, separator: "T", to: &bytes)
        append(secondOfDay / 3600, digits: 2, separator: ":", to: &bytes)
        append(secondOfDay / 60 % 60, digits: 2, separator: ":", to: &bytes)
        append(secondOfDay % 60, digits: 2, separator: nil, to: &bytes)
        if microseconds % 1000 == 0, microseconds > 0 {
            append(microseconds / 1000, digits: 3, separator: nil, after: ".", to: &bytes)
        } else if microseconds > 0 {
            append(microseconds, digits: 6, separator: nil, after: ".", to: &bytes)
        }
        bytes.append(UInt8(ascii: "Z"))
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Appends `value` as `digits` decimal digits (zero-padded), after `prefix` and before `separator`.
    private static func append(_ value: Int64, digits: Int, separator: Unicode.Scalar?, after prefix: Unicode.Scalar? = nil, to bytes: inout [UInt8]) {
        if let prefix { bytes.append(UInt8(ascii: prefix)) }
        var divisor: Int64 = 1
        for _ in 1..<digits { divisor *= 10 }
        while divisor > 0 {
            bytes.append(UInt8(ascii: "0") + UInt8(value / divisor % 10))
            divisor /= 10
        }
        if let separator { bytes.append(UInt8(ascii: separator)) }
    }

    /// The year, month and day of a day counted from 1970-01-01 (Howard Hinnant's `civil_from_days`).
    private static func civilDate(daysSince1970 days: Int64) -> (year: Int64, month: Int64, day: Int64) {
        let shifted = days + 719_468
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let shiftedMonth = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * shiftedMonth + 2) / 5 + 1
        let month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    /// Days from 1970-01-01 to a valid year, month and day (Howard Hinnant's `days_from_civil`).
    static func daysSince1970(year: Int64, month: Int64, day: Int64) -> Int64 {
        let marchYear = month <= 2 ? year - 1 : year
        let era = (marchYear >= 0 ? marchYear : marchYear - 399) / 400
        let yearOfEra = marchYear - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The number of days in `month` of `year`.
    static func daysIn(month: Int64, year: Int64) -> Int64 {
        switch month {
        case 2: year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }
}
