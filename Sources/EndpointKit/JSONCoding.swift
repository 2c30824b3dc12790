import Foundation

/// The one JSON configuration: every body is encoded and every response decoded with it.
///
/// Sorted keys make bodies deterministic (signatures, golden files, caches); slashes stay
/// unescaped so URLs in bodies read well in logs; dates are RFC 3339 date-times, read and written
/// by EndpointKit itself so that every platform agrees (`Date.endpointText` tells the rules). No
/// key strategy: where a Swift name differs from the wire name, the model declares its own `CodingKeys`.
public enum JSONCoding {
    /// A new encoder with the shared configuration. A fresh instance per use, so no caller can
    /// change the configuration for everyone else, and nothing mutable is shared across tasks.
    public static var encoder: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .custom(encodeDate)
        return encoder
    }

    /// A new decoder with the shared configuration (RFC 3339 dates, no key strategy).
    public static var decoder: JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .custom(decodeDate)
        return decoder
    }

    /// A date as `Date.endpointText` spells it: `2026-03-01T09:30:00Z`, `2026-03-01T09:30:00.123Z`.
    @Sendable private static func encodeDate(_ date: Date, to encoder: any Encoder) throws {
        guard let text = DateTimeText.text(for: date) else {
            throw EncodingError.invalidValue(date, EncodingError.Context(
                codingPath: encoder.codingPath,
                debugDescription: "A date outside the years 0000–9999 has no RFC 3339 text (\(date.timeIntervalSince1970) s from 1970)."
            ))
        }
        var container = encoder.singleValueContainer()
        try container.encode(text)
    }

    /// An RFC 3339 date-time, with or without fractional seconds, in UTC or with an offset.
    @Sendable private static func decodeDate(from decoder: any Decoder) throws -> Date {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        do {
            return try DateTimeText.date(from: text)
        } catch {
            let shown = text.count > 64 ? text.prefix(64) + "…" : Substring(text)
            throw DecodingError.dataCorruptedError(
                in: container,
                debugDescription: "Expected an RFC 3339 date-time like 2026-03-01T09:30:00Z or 2026-03-01T09:30:00.123+01:00, not '\(shown)': \(error.reason)."
            )
        }
    }
}
