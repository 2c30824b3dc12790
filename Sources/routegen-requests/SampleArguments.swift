import EndpointKit
import Foundation
import RoutegenCore
import RoutegenSamples

/// One parameter's sample: the JSON the checker compares with what openapi-core reads back, and
/// the value the generated endpoint hands to EndpointKit for it.
struct SampleArgument: Sendable {
    /// The sample, typed: numbers as numbers, arrays as arrays, dictionaries as objects.
    var json: JSONValue
    /// The value in the shape EndpointKit's calls take it.
    var wire: WireValue
}

/// A parameter's value as a generated endpoint passes it to EndpointKit.
enum WireValue: Sendable {
    /// One value: a typed scalar (`Int`, `Double`, `Bool`, `Date`, `UUID`, `String`), or the text
    /// the generated `<Api>ArgumentText` helper makes of a type EndpointKit does not know (an enum's
    /// wire value, a model's JSON).
    case single(any EndpointValue)
    /// An array: each element's `endpointText`, in order.
    case list([String])
    /// A `[String: Value]`: each value's `endpointText` by key.
    case dictionary([String: String])
    /// Nothing: a null sample, which the generated code sends as nothing.
    case none

    /// The value where `[URLQueryItem].items` and `[String: String].headerFields` take `any QueryValue`.
    var queryValue: any QueryValue {
        switch self {
        case .single(let value): value
        case .list(let texts): texts
        // Dictionaries go through `JoinedValues`, `.deepObject` or `.spread`; alone they send nothing.
        case .dictionary, .none: [String]()
        }
    }
}

/// Makes each parameter's sample with `SampleMaker` (constraints, enums and examples honoured) and
/// turns it into the typed value the generated code would pass.
struct ArgumentSampler {
    /// The maker of the route file's samples.
    let maker: SampleMaker

    /// The characters that separate values in OpenAPI's styles (`,` simple and form, `.` label,
    /// `;` and `=` matrix, `|` pipe, space spaceDelimited, `&` exploded objects).
    private static let separators: Set<Character> = [" ", ",", ".", ";", "=", "|", "&"]

    /// The sample argument of `parameter`; nil when it has no sample (a type of an imported module).
    func argument(for parameter: Parameter) -> SampleArgument? {
        guard var sample = maker.sample(of: parameter.type, name: parameter.name, constraints: parameter.constraints) else { return nil }
        if Self.joinsValues(parameter), Self.isFreeText(parameter) {
            sample = Self.unambiguous(sample)
        }
        return SampleArgument(json: Self.json(sample), wire: Self.wire(sample, type: parameter.type))
    }

    /// Whether the parameter's values travel joined in one text (an array, a dictionary, a label
    /// or matrix value), where a separator inside a value could not be told from the style's.
    private static func joinsValues(_ parameter: Parameter) -> Bool {
        if parameter.style?.isPathStyle == true { return true }
        switch parameter.type.nonOptional {
        case .array: return true
        case .named("Dictionary", _): return true
        default: return false
        }
    }

    /// Whether the values are text with no pattern, format or example: a sample that can change
    /// its punctuation and still be what the description allows.
    private static func isFreeText(_ parameter: Parameter) -> Bool {
        let constraints = parameter.constraints
        guard constraints.pattern == nil, constraints.format == nil, constraints.example == nil else { return false }
        switch parameter.type.nonOptional {
        case .named("Dictionary", let arguments): return arguments.count == 2 && ScalarKind(arguments[1]) == .text
        default: return parameter.type.nonOptional.scalarKind == .text
        }
    }

    /// The sample with each separator in its texts replaced by `-` (`Title 1` → `Title-1`).
    static func unambiguous(_ sample: SampleJSON) -> SampleJSON {
        switch sample {
        case .string(let text): .string(String(text.map { separators.contains($0) ? "-" : $0 }))
        case .array(let elements): .array(elements.map(unambiguous))
        case .object(let members): .object(members.map { SampleJSON.Member($0.key, unambiguous($0.value)) })
        case .integer, .number, .bool, .null: sample
        }
    }

    /// The sample as EndpointKit's `JSONValue`, for the record the checker reads.
    static func json(_ sample: SampleJSON) -> JSONValue {
        switch sample {
        case .object(let members): .object(Dictionary(members.map { ($0.key, json($0.value)) }) { first, _ in first })
        case .array(let elements): .array(elements.map(json))
        case .string(let text): .string(text)
        case .integer(let value): .integer(value)
        case .number(let text): .number(Double(text) ?? 0)
        case .bool(let value): .bool(value)
        case .null: .null
        }
    }

    /// What the generated code passes for a value of `type` whose sample is `sample`.
    static func wire(_ sample: SampleJSON, type: TypeReference) -> WireValue {
        switch (type.nonOptional, sample) {
        case (.array(let element), .array(let elements)):
            return .list(elements.compactMap { value(of: $0, kind: ScalarKind(element))?.endpointText })
        case (.named("Dictionary", let arguments), .object(let members)) where arguments.count == 2:
            let kind = ScalarKind(arguments[1])
            return .dictionary(Dictionary(members.compactMap { member in value(of: member.value, kind: kind).map { (member.key, $0.endpointText) } }) { first, _ in first })
        default:
            return value(of: sample, kind: ScalarKind(type.nonOptional)).map(WireValue.single) ?? .none
        }
    }

    /// The typed value a generated argument of scalar `kind` holds for `sample`; for a type
    /// EndpointKit does not know (nil `kind`), the text `<Api>ArgumentText` makes of it: its own
    /// wire text (an enum's raw value), else its JSON, nothing for null.
    static func value(of sample: SampleJSON, kind: ScalarKind?) -> (any EndpointValue)? {
        switch (kind, sample) {
        case (.integer?, .integer(let number)): return number
        case (.floatingPoint?, .integer(let number)): return Double(number)
        case (.floatingPoint?, .number(let text)): return Double(text) ?? 0
        case (.boolean?, .bool(let flag)): return flag
        case (.date?, .string(let text)): return date(text) ?? text
        case (.uuid?, .string(let text)): return UUID(uuidString: text) ?? text
        case (_, .string(let text)): return text
        case (_, .integer(let number)): return String(number)
        case (_, .number(let text)): return text
        case (_, .bool(let flag)): return flag ? "true" : "false"
        case (_, .null): return nil
        case (_, .array), (_, .object): return sample.text
        }
    }

    /// The `Date` a sample's text is, read as EndpointKit reads a JSON date (RFC 3339).
    private static func date(_ text: String) -> Date? {
        guard let quoted = try? JSONEncoder().encode(text) else { return nil }
        return try? JSONCoding.decoder.decode(Date.self, from: quoted)
    }
}
