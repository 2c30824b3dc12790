import Foundation

/// The one JSON configuration: every body is encoded and every response decoded with it.
///
/// Sorted keys make bodies deterministic (signatures, golden files, caches); slashes stay
/// unescaped so URLs in bodies read well in logs; dates are ISO 8601. No key strategy: where
/// a Swift name differs from the wire name, the model declares its own `CodingKeys`.
public enum JSONCoding {
    /// A new encoder with the shared configuration. A fresh instance per use, so no caller can
    /// change the configuration for everyone else, and nothing mutable is shared across tasks.
    public static var encoder: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        return encoder
    }

    /// A new decoder with the shared configuration (ISO 8601 dates, no key strategy).
    public static var decoder: JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return decoder
    }
}
