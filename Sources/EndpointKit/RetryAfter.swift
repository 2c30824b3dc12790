import Foundation

/// Reads a `Retry-After` field value (RFC 9110 §10.2.3): a number of seconds, or an HTTP date.
enum RetryAfter {
    /// The wait `value` asks for, measured from `now`; nil when it is neither form.
    static func duration(from value: String, now: Date) -> Duration? {
        // asctime pads a one-digit day with a space: `Sun Nov  6 08:49:37 1994`.
        let text = value.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")
        if !text.isEmpty, text.allSatisfy(\.isASCIIDigit) {
            // A number too large for Int is a very long wait, not an unreadable one.
            return .seconds(Int(text) ?? Int.max)
        }
        guard let date = httpDate(text) else { return nil }
        return .milliseconds(max(0, Int((date.timeIntervalSince(now) * 1000).rounded(.up))))
    }

    /// The three forms RFC 9110 §5.6.7 asks a recipient to accept: IMF-fixdate, then the obsolete
    /// RFC 850 and asctime forms, all in GMT.
    static func httpDate(_ text: String) -> Date? {
        let formats = ["EEE, dd MMM yyyy HH:mm:ss 'GMT'", "EEEE, dd-MMM-yy HH:mm:ss 'GMT'", "EEE MMM d HH:mm:ss yyyy"]
        for format in formats {
            let formatter = DateFormatter()
            formatter.locale = Locale(identifier: "en_US_POSIX")
            formatter.timeZone = TimeZone(identifier: "GMT")
            formatter.dateFormat = format
            if let date = formatter.date(from: text) { return date }
        }
        return nil
    }
}

extension Character {
    /// `0`–`9`, and nothing else that Unicode calls a digit.
    fileprivate var isASCIIDigit: Bool { ("0"..."9").contains(self) }
}
