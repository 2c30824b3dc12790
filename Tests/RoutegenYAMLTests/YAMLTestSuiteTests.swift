import Foundation
import RoutegenCore
import RoutegenYAML
import Testing

/// Every case of the YAML test suite (`corpus/yaml-test-suite`, its `data` branch):
/// a case with `in.json` must read to the same JSON values, an `error` case must be refused with
/// a located error, any other case must read without error. The cases that do not pass are
/// listed with their reason in `yaml-test-suite-known-failures.txt`; the list must stay true
/// both ways (a listed case that passes fails the test too) and under 5 % of the cases.
@Suite("The YAML test suite")
struct YAMLTestSuiteTests {
    static let testsFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    static let suiteFolder = testsFolder.deletingLastPathComponent().deletingLastPathComponent()
        .appending(path: "corpus/yaml-test-suite")
    static let knownFailuresFile = testsFolder.appending(path: "yaml-test-suite-known-failures.txt")

    /// One case: its id (`2G84/01` for one of several under an id) and folder.
    struct SuiteCase {
        let id: String
        let folder: URL
    }

    static func cases() throws -> [SuiteCase] {
        let manager = FileManager.default
        var result: [SuiteCase] = []
        for name in try manager.contentsOfDirectory(atPath: suiteFolder.path).sorted() {
            let folder = suiteFolder.appending(path: name)
            if manager.fileExists(atPath: folder.appending(path: "in.yaml").path) {
                result.append(SuiteCase(id: name, folder: folder))
                continue
            }
            guard let children = try? manager.contentsOfDirectory(atPath: folder.path) else { continue }
            for child in children.sorted() where manager.fileExists(atPath: folder.appending(path: child).appending(path: "in.yaml").path) {
                result.append(SuiteCase(id: name + "/" + child, folder: folder.appending(path: child)))
            }
        }
        return result
    }

    /// Why the case fails, or nil when it passes.
    static func failure(of suiteCase: SuiteCase) throws -> String? {
        let yaml = try [UInt8](Data(contentsOf: suiteCase.folder.appending(path: "in.yaml")))
        let collector = DiagnosticCollector()
        let documents = YAMLDocumentReader(path: "in.yaml").readStream(yaml, diagnostics: collector)
        let errors = collector.diagnostics.filter { $0.severity == .error }
        let manager = FileManager.default
        if manager.fileExists(atPath: suiteCase.folder.appending(path: "error").path) {
            guard let error = errors.first else { return "accepted, though the suite refuses it" }
            guard let location = error.location, location.line > 0, location.column > 0 else { return "refused without a location" }
            return nil
        }
        if let error = errors.first {
            return "refused: \(error.location.map { "\($0.line):\($0.column)" } ?? "-") \(error.message)"
        }
        guard let documents else { return "refused without an error" }
        let jsonFile = suiteCase.folder.appending(path: "in.json")
        guard manager.fileExists(atPath: jsonFile.path) else { return nil }
        let expected = try JSONStream.values(in: [UInt8](Data(contentsOf: jsonFile)))
        guard expected.count == documents.count else {
            return "\(documents.count) documents, the suite has \(expected.count)"
        }
        for (index, (document, json)) in zip(documents, expected).enumerated() where !JSONStream.same(document, json) {
            return "document \(index + 1) reads as \(JSONStream.describe(document)), the suite has \(JSONStream.describe(json))"
        }
        return nil
    }

    static func knownFailures() throws -> [String: String] {
        let text = try String(contentsOf: knownFailuresFile, encoding: .utf8)
        var result: [String: String] = [:]
        for line in text.split(separator: "\n") where !line.hasPrefix("#") && !line.isEmpty {
            guard let colon = line.firstIndex(of: ":") else { continue }
            result[String(line[..<colon])] = String(line[line.index(after: colon)...]).trimmingCharacters(in: .whitespaces)
        }
        return result
    }

    @Test func theSuiteIsThere() throws {
        // Never a skip: without the suite the reader is untested.
        let cases = try Self.cases()
        #expect(cases.count >= 400, "the YAML test suite at \(Self.suiteFolder.path) has \(cases.count) cases")
    }

    @Test func everyCasePassesOrIsAKnownFailure() throws {
        let cases = try Self.cases()
        let known = try Self.knownFailures()
        var unexpected: [String] = []
        var nowPassing: [String] = []
        for suiteCase in cases {
            let failure = try Self.failure(of: suiteCase)
            switch (failure, known[suiteCase.id]) {
            case (let reason?, nil): unexpected.append("\(suiteCase.id): \(reason)")
            case (nil, _?): nowPassing.append(suiteCase.id)
            default: break
            }
        }
        #expect(unexpected.isEmpty, "cases that fail and are not listed:\n\(unexpected.joined(separator: "\n"))")
        #expect(nowPassing.isEmpty, "listed cases that pass now (take them off the list): \(nowPassing.joined(separator: ", "))")
        let ids = Set(cases.map(\.id))
        #expect(known.keys.filter { !ids.contains($0) }.isEmpty, "the list names cases the suite does not have")
        #expect(known.count * 20 < cases.count, "\(known.count) of \(cases.count) cases are known failures: 5 % or more")
    }
}

/// The suite's `in.json`: one JSON value per document, one after another, compared with
/// what the YAML reader read as JSON values (numbers by value, mapping keys in any order).
enum JSONStream {
    static func values(in bytes: [UInt8]) throws -> [DocumentNode] {
        var values: [DocumentNode] = []
        var index = 0
        func skipBlanks() {
            while index < bytes.count, [0x20, 0x0A, 0x0D, 0x09].contains(bytes[index]) { index += 1 }
        }
        skipBlanks()
        while index < bytes.count {
            let start = index
            let first = bytes[index]
            if first == UInt8(ascii: "[") || first == UInt8(ascii: "{") {
                var depth = 0
                var inString = false
                while index < bytes.count {
                    let byte = bytes[index]
                    index += 1
                    if inString {
                        if byte == UInt8(ascii: "\\") { index += 1 } else if byte == UInt8(ascii: "\"") { inString = false }
                    } else if byte == UInt8(ascii: "\"") {
                        inString = true
                    } else if byte == UInt8(ascii: "[") || byte == UInt8(ascii: "{") {
                        depth += 1
                    } else if byte == UInt8(ascii: "]") || byte == UInt8(ascii: "}") {
                        depth -= 1
                        if depth == 0 { break }
                    }
                }
            } else if first == UInt8(ascii: "\"") {
                index += 1
                while index < bytes.count {
                    let byte = bytes[index]
                    index += byte == UInt8(ascii: "\\") ? 2 : 1
                    if byte == UInt8(ascii: "\"") { break }
                }
            } else {
                while index < bytes.count, ![0x20, 0x0A, 0x0D, 0x09].contains(bytes[index]) { index += 1 }
            }
            let collector = DiagnosticCollector()
            guard let value = JSONDocumentReader(path: "in.json").read(Array(bytes[start..<index]), diagnostics: collector) else {
                throw CocoaError(.fileReadCorruptFile, userInfo: [NSLocalizedDescriptionKey: "in.json: \(collector.diagnostics.map(\.message))"])
            }
            values.append(value)
            skipBlanks()
        }
        return values
    }

    static func number(_ text: String) -> Double? {
        var body = Substring(text)
        var sign = 1.0
        if body.first == "-" || body.first == "+" {
            sign = body.first == "-" ? -1 : 1
            body = body.dropFirst()
        }
        if body.hasPrefix("0x") { return UInt64(body.dropFirst(2), radix: 16).map { sign * Double($0) } }
        if body.hasPrefix("0o") { return UInt64(body.dropFirst(2), radix: 8).map { sign * Double($0) } }
        if body.lowercased() == ".inf" { return sign * .infinity }
        return Double(body).map { sign * $0 }
    }

    static func keyText(_ node: DocumentNode) -> String {
        switch node.value {
        case .string(let text), .number(let text): text
        case .bool(let flag): flag ? "true" : "false"
        case .null: ""
        default: describe(node)
        }
    }

    static func same(_ yaml: DocumentNode, _ json: DocumentNode) -> Bool {
        switch (yaml.value, json.value) {
        case (.null, .null): return true
        case (.bool(let a), .bool(let b)): return a == b
        case (.string(let a), .string(let b)): return a == b
        case (.number(let a), .number(let b)): return number(a) != nil && number(a) == number(b)
        case (.sequence(let a), .sequence(let b)): return a.count == b.count && zip(a, b).allSatisfy { same($0, $1) }
        case (.mapping(let a), .mapping(let b)):
            guard a.count == b.count else { return false }
            return a.allSatisfy { entry in
                b.contains { keyText(entry.key) == keyText($0.key) && same(entry.value, $0.value) }
            }
        default: return false
        }
    }

    static func describe(_ node: DocumentNode) -> String {
        switch node.value {
        case .null: "null"
        case .bool(let flag): flag ? "true" : "false"
        case .number(let text): text
        case .string(let text): "\"" + text.replacingOccurrences(of: "\n", with: "\\n") + "\""
        case .sequence(let elements): "[" + elements.map(describe).joined(separator: ", ") + "]"
        case .mapping(let entries): "{" + entries.map { describe($0.key) + ": " + describe($0.value) }.joined(separator: ", ") + "}"
        }
    }
}
