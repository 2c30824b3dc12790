import Foundation

/// What a union told apart by shape (`union Content by shape`) throws when no variant fits a
/// value: a `DecodingError.dataCorrupted` whose description names the union, then each variant
/// in the order it was tried and why it did not fit.
///
/// `failures` pairs each variant's name with the error its decoder threw.
public func noUnionVariantFits(_ union: String, _ failures: [(variant: String, error: any Error)], codingPath: [any CodingKey]) -> DecodingError {
    let reasons = failures.map { $0.variant + ": " + mismatchReason($0.error) }
    return DecodingError.dataCorrupted(DecodingError.Context(
        codingPath: codingPath,
        debugDescription: "no variant of \(union) fits the value (" + reasons.joined(separator: "; ") + ")"
    ))
}

/// One variant's reason in a few words: `expected String`, `no key 'id' at items[0]`.
private func mismatchReason(_ error: any Error) -> String {
    guard let decoding = error as? DecodingError else { return String(describing: error) }
    let context: DecodingError.Context
    let reason: String
    switch decoding {
    case .typeMismatch(let type, let found):
        context = found
        reason = "expected \(type)"
    case .valueNotFound(let type, let found):
        context = found
        reason = "null where \(type) is expected"
    case .keyNotFound(let key, let found):
        context = found
        reason = "no key '\(key.stringValue)'"
    case .dataCorrupted(let found):
        context = found
        reason = found.debugDescription
    @unknown default:
        return String(describing: error)
    }
    let path = context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? "." + $0.stringValue }.joined()
    return path.isEmpty ? reason : reason + " at " + (path.hasPrefix(".") ? String(path.dropFirst()) : path)
}
