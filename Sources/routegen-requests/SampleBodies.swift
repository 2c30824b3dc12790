import EndpointKit
import Foundation
import RoutegenCore
import RoutegenSamples

/// The sample body of each kind, in a Swift shape that EndpointKit's encoders turn into the bytes
/// the generated model would: JSON as `JSONValue`, form and multipart fields as `SampleFields`.
struct SampleBodies {
    /// The maker of the route file's samples.
    let maker: SampleMaker
    /// The route file's declared types, for a multipart model's fields.
    let typesByName: [String: TypeDeclaration]

    /// The bytes of a `body raw` sample: the text `sample`, as `routegen serve` answers `Data`.
    static let rawBytes = Data(RouteSample.dataText.utf8)

    /// The JSON sample of `type` (`{}` when it has none: a type of an imported module).
    func json(of type: TypeReference) -> JSONValue {
        maker.sample(of: type, name: "body").map(ArgumentSampler.json) ?? .object([:])
    }

    /// A form body's fields: the model's sample, each member a text, a number, a flag or a list
    /// of texts (a nested object stays JSON, which `FormEncoder` refuses as generated code's would be).
    func formFields(of type: TypeReference) -> SampleFields {
        guard case .object(let members)? = maker.sample(of: type, name: "body") else { return SampleFields(members: []) }
        return SampleFields(members: members.compactMap { member in
            if case .array(let elements) = member.value {
                return .init(name: member.key, value: .texts(elements.compactMap { ArgumentSampler.value(of: $0, kind: nil)?.endpointText }))
            }
            return SampleFields.Value(member.value).map { .init(name: member.key, value: $0) }
        })
    }

    /// A multipart body's parts, one per field of the model in field order: a `FilePart` field a
    /// file (`sample.bin`, the raw sample's bytes), `[FilePart]` two files, any other its sample.
    func multipartFields(of type: TypeReference) -> SampleFields {
        guard case .named(let name, _) = type.nonOptional, let declaration = typesByName[name] else { return SampleFields(members: []) }
        return SampleFields(members: declaration.fields.compactMap { field in
            switch field.type.nonOptional {
            case .named(EndpointKitVocabulary.filePartType, []):
                return .init(name: field.wireName, value: .files([Self.file(1)]))
            case .array(.named(EndpointKitVocabulary.filePartType, [])):
                return .init(name: field.wireName, value: .files([Self.file(1), Self.file(2)]))
            default:
                let sample = maker.sample(of: field.type, name: field.wireName, constraints: field.constraints)
                return sample.flatMap(SampleFields.Value.init).map { .init(name: field.wireName, value: $0) }
            }
        })
    }

    /// The `ordinal`-th sample file.
    private static func file(_ ordinal: Int) -> FilePart {
        FilePart(data: rawBytes, filename: "sample-\(ordinal).bin")
    }
}

/// A model's fields as its synthesized `Encodable` conformance writes them: one keyed container,
/// each field with its Swift type's own `encode`, a nil field left out.
struct SampleFields: Encodable, Sendable {
    /// A field's value, typed as the generated model's property would be.
    enum Value: Sendable {
        case text(String)
        case integer(Int)
        case number(Double)
        case flag(Bool)
        /// A form's list: each element's text, one field each.
        case texts([String])
        /// An array or object, which a multipart body sends as a JSON part.
        case json(JSONValue)
        /// One file part per file, under the field's name.
        case files([FilePart])

        /// The value of a sample member; nil for null (a nil property encodes nothing).
        init?(_ sample: SampleJSON) {
            switch sample {
            case .string(let text): self = .text(text)
            case .integer(let number): self = .integer(number)
            case .number(let text): self = .number(Double(text) ?? 0)
            case .bool(let flag): self = .flag(flag)
            case .array, .object: self = .json(ArgumentSampler.json(sample))
            case .null: return nil
            }
        }
    }

    /// One field: its wire name and value.
    struct Member: Sendable {
        var name: String
        var value: Value
    }

    /// The fields, in the model's order.
    var members: [Member]

    /// Encodes each field under its wire name, as a synthesized conformance with those coding keys would.
    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: FieldKey.self)
        for member in members {
            let key = FieldKey(stringValue: member.name)
            switch member.value {
            case .text(let text): try container.encode(text, forKey: key)
            case .integer(let number): try container.encode(number, forKey: key)
            case .number(let number): try container.encode(number, forKey: key)
            case .flag(let flag): try container.encode(flag, forKey: key)
            case .texts(let texts): try container.encode(texts, forKey: key)
            case .json(let value): try container.encode(value, forKey: key)
            // A single file is the property `FilePart`, several are `[FilePart]`.
            case .files(let files) where files.count == 1: try container.encode(files[0], forKey: key)
            case .files(let files): try container.encode(files, forKey: key)
            }
        }
    }

    /// A coding key made from a wire name.
    struct FieldKey: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }
}
