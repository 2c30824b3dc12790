import Foundation
import RoutegenCore

/// Sample values inside a field's constraints: its example when it has one, otherwise the
/// value `SampleMaker` would make, moved inside the bounds, made to match the pattern or the
/// format, and cut or padded to the length.
enum ConstrainedSample {
    /// The number for the `ordinal`-th value: the example, or `ordinal` (an integer) or
    /// `ordinal.5`, moved inside the bounds and onto a multiple of `multiple-of`.
    static func number(ordinal: Int, isInteger: Bool, constraints: ValueConstraints) -> SampleJSON {
        if case .number(let text)? = constraints.example, let value = Double(text) { return json(value) }
        var value = Double(ordinal) + (isInteger ? 0 : 0.5)
        let step = constraints.multipleOf.flatMap(Double.init) ?? (isInteger ? 1 : 0)
        // The smallest gap an exclusive bound leaves: a whole step, else a half.
        let gap = step > 0 ? step : 0.5
        let low = constraints.minimum.map { $0.isExclusive ? $0.number + (isInteger && step == 0 ? 1 : min(gap, 0.5)) : $0.number }
        let high = constraints.maximum.map { $0.isExclusive ? $0.number - (isInteger && step == 0 ? 1 : min(gap, 0.5)) : $0.number }
        if let low, value < low { value = low }
        if let high, value > high { value = max(high, low ?? high) }
        if step > 0 {
            let places = decimalPlaces(constraints.multipleOf ?? "1")
            var multiple = (value / step - 1e-9).rounded(.up) * step
            if let high, multiple > high { multiple = (high / step + 1e-9).rounded(.down) * step }
            value = rounded(multiple, places: places)
        }
        if isInteger { value = value.rounded(.up) }
        return json(value)
    }

    /// The number as the encoder writes it: whole numbers without a fraction, others in Swift's
    /// shortest form (`1.51`, `1e-07`).
    private static func json(_ value: Double) -> SampleJSON {
        if value == value.rounded(), abs(value) < 1e15 { return .integer(Int(value)) }
        return .number(String(value))
    }

    private static func decimalPlaces(_ text: String) -> Int {
        guard let dot = text.firstIndex(of: "."), !text.contains("e"), !text.contains("E") else { return 0 }
        return text.distance(from: dot, to: text.endIndex) - 1
    }

    private static func rounded(_ value: Double, places: Int) -> Double {
        guard places > 0, places < 15 else { return value }
        let scale = pow(10, Double(places))
        return (value * scale).rounded() / scale
    }

    /// The text for a value named `name`: the example, or one of the format, or one the pattern
    /// matches, or `made`; then padded or cut to the length.
    static func text(_ made: String, name: String, ordinal: Int, constraints: ValueConstraints) -> String {
        if case .string(let example)? = constraints.example { return example }
        var text = made
        if let format = constraints.format {
            text = formatted(format, name: name, ordinal: ordinal)
        } else if let pattern = constraints.pattern {
            let hint = NameWords.readingWords(name).joined(separator: "-")
            if let matched = PatternSample.text(matching: pattern, minLength: constraints.minLength ?? 0, maxLength: constraints.maxLength, hint: hint.isEmpty ? "sample" : hint) {
                return matched
            }
        }
        return fitted(text, constraints: constraints)
    }

    /// A value of `format`.
    private static func formatted(_ format: ValueFormat, name: String, ordinal: Int) -> String {
        switch format {
        case .uri: SampleMaker.link(words: NameWords.readingWords(name).filter { !["url", "uri", "link", "href"].contains($0) }, ordinal: ordinal)
        case .email: "user-" + String(ordinal) + "@example.com"
        case .date: "2026-01-" + (ordinal < 10 ? "0" : "") + String(min(max(ordinal, 1), 28))
        case .hostname: "host-" + String(ordinal) + ".example.com"
        case .ipv4: "192.0.2." + String(min(max(ordinal, 1), 254))
        case .time: "09:00:" + (ordinal < 10 ? "0" : "") + String(min(max(ordinal, 0), 59)) + "Z"
        case .duration: "PT" + String(max(ordinal, 1)) + "H"
        }
    }

    /// `text` padded with its own letters up to `min-length`, cut to `max-length`.
    private static func fitted(_ text: String, constraints: ValueConstraints) -> String {
        var scalars = Array(text.unicodeScalars)
        if let minLength = constraints.minLength, scalars.count < minLength {
            let filler = Array("sample".unicodeScalars)
            let written = scalars.count
            while scalars.count < minLength { scalars.append(filler[(scalars.count - written) % filler.count]) }
        }
        if let maxLength = constraints.maxLength, scalars.count > maxLength {
            scalars = Array(scalars.prefix(maxLength))
            // A text cut after a space would end in one; the letter before it reads better.
            while let last = scalars.last, last == " ", scalars.count > 1 { scalars.removeLast() }
            if scalars.count < (constraints.minLength ?? 0) { scalars.append("x") }
        }
        var result = String.UnicodeScalarView()
        result.append(contentsOf: scalars)
        return String(result)
    }

    /// How many elements an array sample has: two, or as many as `min-items`/`max-items` allow.
    static func count(_ constraints: ValueConstraints) -> Int {
        var count = 2
        if let minItems = constraints.minItems { count = max(count, minItems) }
        if let maxItems = constraints.maxItems { count = min(count, maxItems) }
        return count
    }
}
