import Foundation

/// The `api` and `group` names of a route file, read without the real parser so the plugin
/// can declare every output file before the generator runs. The generator itself reports
/// anything wrong with the file; this only has to agree with it on well-formed files.
struct RouteFileOutline {
    var apiName = ""
    var groupNames: [String] = []

    init(contentsOf url: URL) throws {
        let text = try String(contentsOf: url, encoding: .utf8)
        for rawLine in text.split(omittingEmptySubsequences: true, whereSeparator: \.isNewline) {
            let line = rawLine.drop { $0 == "\u{FEFF}" }
            let words = line.split(whereSeparator: { $0 == " " || $0 == "\t" })
            guard words.count >= 2, line.first != " ", line.first != "\t" else { continue }
            switch words[0] {
            case "api" where apiName.isEmpty: apiName = String(words[1])
            case "group": groupNames.append(String(words[1]))
            default: continue
            }
        }
    }
}
