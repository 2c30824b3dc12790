import Foundation

/// The median and spread of repeated measurements: the median resists the outliers a
/// shared 2-core machine produces, and the spread says how far to trust it.
struct Sample: Codable {
    var median: Double
    var minimum: Double
    var maximum: Double
    var runs: Int

    init(_ values: [Double]) {
        precondition(!values.isEmpty, "a sample needs at least one measurement")
        let sorted = values.sorted()
        let middle = sorted.count / 2
        median = sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
        minimum = sorted[0]
        maximum = sorted[sorted.count - 1]
        runs = sorted.count
    }

    /// `12.3 ms (11.9–13.0, n=9)` for values in seconds.
    func milliseconds(digits: Int = 1) -> String {
        "\(format(median * 1000, digits)) ms (\(format(minimum * 1000, digits))–\(format(maximum * 1000, digits)), n=\(runs))"
    }

    /// `410 ns (400–455, n=9)` for values in nanoseconds.
    func nanoseconds() -> String {
        "\(format(median, 0)) ns (\(format(minimum, 0))–\(format(maximum, 0)), n=\(runs))"
    }
}

/// Times `body` `repetitions` times, in seconds each.
func measure(repetitions: Int, _ body: () throws -> Void) rethrows -> Sample {
    var values: [Double] = []
    for _ in 0..<repetitions {
        let start = DispatchTime.now().uptimeNanoseconds
        try body()
        values.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
    }
    return Sample(values)
}

func format(_ value: Double, _ digits: Int) -> String {
    String(format: "%.\(digits)f", value)
}

/// Slope of the least-squares line through the points: the cost of one more route.
func slope(_ points: [(x: Double, y: Double)]) -> Double {
    let count = Double(points.count)
    let meanX = points.map(\.x).reduce(0, +) / count
    let meanY = points.map(\.y).reduce(0, +) / count
    let numerator = points.map { ($0.x - meanX) * ($0.y - meanY) }.reduce(0, +)
    let denominator = points.map { ($0.x - meanX) * ($0.x - meanX) }.reduce(0, +)
    return denominator == 0 ? 0 : numerator / denominator
}
