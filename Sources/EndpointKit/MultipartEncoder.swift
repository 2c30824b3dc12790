import Foundation

extension RequestBody {
    /// A `multipart/form-data` body (RFC 7578) from a model whose fields are the parts, in the
    /// order the model encodes them: a `FilePart` is a file part (a `[FilePart]` one part per file,
/// each under the field's name), a scalar (`String`, numbers,
    /// `Bool`, `Date`, `UUID`, `ID`: anything `EndpointValue`) a text part, any other value a JSON
    /// part (`Content-Type: application/json`); a nil field sends no part.
    ///
    /// The boundary is random for each body unless `boundary` fixes it (for tests of exact
    /// bytes). Part names and file names are escaped as the WHATWG HTML standard's form
    /// encoding does: `"` → `%22`, CR → `%0D`, LF → `%0A`, so no name can end its header. A value
    /// that cannot be encoded, a part media type with a line break, or a fixed boundary found in
    /// a part makes `urlRequest(baseURL:)` throw `EndpointError.bodyEncodingFailed`.
    public static func multipart(_ value: some Encodable & Sendable, boundary: String? = nil) -> RequestBody {
        do {
            let parts = try MultipartEncoder.parts(of: value)
            let chosen = try boundary ?? MultipartEncoder.randomBoundary(avoiding: parts)
            let body = try MultipartEncoder.body(parts, boundary: chosen)
            return .raw(body, contentType: "multipart/form-data; boundary=" + chosen)
        } catch {
            return .json(MultipartEncoder.Failure(reason: String(describing: error)))
        }
    }
}

/// Turns a model into the parts of a `multipart/form-data` body.
enum MultipartEncoder {
    /// One part: its escaped name, the file name of a file part, its media type and bytes.
    struct Part {
        var name: String
        var filename: String?
        var contentType: String?
        var data: Data
    }

    /// A body that could not be encoded: encoding it again at `urlRequest` time throws the reason.
    struct Failure: Encodable, Sendable {
        let reason: String
        func encode(to encoder: any Encoder) throws {
            throw EndpointError.bodyEncodingFailed(reason)
        }
    }

    /// A problem found while encoding, in a sentence.
    struct Problem: Error, CustomStringConvertible {
        let description: String
    }

    static func parts(of value: some Encodable) throws -> [Part] {
        let collector = PartCollector()
        try value.encode(to: MultipartTopLevelEncoder(collector: collector))
        if let problem = collector.problem { throw Problem(description: problem) }
        return collector.parts
    }

    /// `routegen-` and 32 random hex digits, regenerated in the (unlikely) case a part holds it.
    static func randomBoundary(avoiding parts: [Part]) throws -> String {
        while true {
            let boundary = "routegen-" + UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased()
            if !parts.contains(where: { $0.data.range(of: Data(boundary.utf8)) != nil }) { return boundary }
        }
    }

    /// The bytes: each part as `--boundary`, its headers, a blank line and its data; then `--boundary--`.
    static func body(_ parts: [Part], boundary: String) throws -> Data {
        guard !boundary.isEmpty, boundary.utf8.count <= 70, !boundary.unicodeScalars.contains(where: { $0 == "\r" || $0 == "\n" || $0 == "\"" }) else {
            throw Problem(description: "multipart boundary '\(boundary)' must be 1 to 70 characters without CR, LF or '\"'")
        }
        let delimiter = Data(("--" + boundary).utf8)
        var body = Data()
        for part in parts {
            if part.data.range(of: delimiter) != nil {
                throw Problem(description: "multipart part '\(part.name)' contains the boundary '\(boundary)'")
            }
            var head = "--" + boundary + "\r\n" + "Content-Disposition: form-data; name=\"" + part.name + "\""
            if let filename = part.filename { head += "; filename=\"" + filename + "\"" }
            head += "\r\n"
            if let contentType = part.contentType {
                guard !contentType.unicodeScalars.contains(where: { $0 == "\r" || $0 == "\n" || $0 == "\0" }) else {
                    throw Problem(description: "multipart part '\(part.name)' has a media type with a line break")
                }
                head += "Content-Type: " + contentType + "\r\n"
            }
            head += "\r\n"
            body.append(Data(head.utf8))
            body.append(part.data)
            body.append(Data("\r\n".utf8))
        }
        body.append(Data(("--" + boundary + "--\r\n").utf8))
        return body
    }

    /// WHATWG's escaping of a name or file name in `Content-Disposition`: `"`, CR and LF percent-encoded.
    static func escaped(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "%22"
            case "\r": result += "%0D"
            case "\n": result += "%0A"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}

/// Collects the parts while the model encodes itself.
private final class PartCollector {
    var parts: [MultipartEncoder.Part] = []
    var problem: String?

    func append(_ value: any Encodable, name: String) {
        let escapedName = MultipartEncoder.escaped(name)
        // Several files under one name are one part each, as an HTML form sends them.
        if let files = value as? [FilePart] {
            for file in files { append(file, name: name) }
        } else if let file = value as? FilePart {
            parts.append(.init(name: escapedName, filename: MultipartEncoder.escaped(file.filename), contentType: file.contentType, data: file.data))
        } else if let text = value as? any EndpointValue {
            parts.append(.init(name: escapedName, filename: nil, contentType: nil, data: Data(text.endpointText.utf8)))
        } else {
            do {
                parts.append(.init(name: escapedName, filename: nil, contentType: "application/json", data: try JSONCoding.encoder.encode(value)))
            } catch {
                problem = problem ?? "multipart part '\(name)' could not be encoded as JSON: \(error)"
            }
        }
    }
}

private struct MultipartTopLevelEncoder: Encoder {
    let collector: PartCollector
    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        KeyedEncodingContainer(MultipartFieldContainer<Key>(collector: collector))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        collector.problem = collector.problem ?? "a multipart body must be a model whose fields are the parts, not an array"
        return NoParts(collector: collector)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        collector.problem = collector.problem ?? "a multipart body must be a model whose fields are the parts, not a single value"
        return NoParts(collector: collector)
    }
}

private struct MultipartFieldContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let collector: PartCollector
    var codingPath: [any CodingKey] { [] }

    mutating func encodeNil(forKey key: Key) throws {}
    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws { collector.append(value, name: key.stringValue) }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
        collector.problem = collector.problem ?? "multipart field '\(key.stringValue)' encodes a nested container; give it an Encodable type"
        return KeyedEncodingContainer(MultipartFieldContainer<NestedKey>(collector: collector))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        collector.problem = collector.problem ?? "multipart field '\(key.stringValue)' encodes a nested container; give it an Encodable type"
        return NoParts(collector: collector)
    }

    mutating func superEncoder() -> any Encoder { MultipartTopLevelEncoder(collector: collector) }
    mutating func superEncoder(forKey key: Key) -> any Encoder { MultipartTopLevelEncoder(collector: collector) }
}

/// What an array or a single value at the top gets: nothing is collected, the problem is reported.
private struct NoParts: UnkeyedEncodingContainer, SingleValueEncodingContainer {
    let collector: PartCollector
    var codingPath: [any CodingKey] { [] }
    var count: Int { 0 }

    mutating func encodeNil() throws {}
    mutating func encode<T: Encodable>(_ value: T) throws {}
    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        KeyedEncodingContainer(MultipartFieldContainer<NestedKey>(collector: collector))
    }
    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer { self }
    mutating func superEncoder() -> any Encoder { MultipartTopLevelEncoder(collector: collector) }
}
