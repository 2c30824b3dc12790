import RoutegenCore

extension APIDiff {
    /// The diff in `format`, ending with a newline.
    public func render(_ format: Format) -> String {
        switch format {
        case .text: renderText()
        case .json: renderJSON()
        }
    }

    /// `2 breaking, 1 for security review, 3 non-breaking`, or `no changes`.
    public var summary: String {
        guard !changes.isEmpty else { return "no changes" }
        return "\(count(of: .breaking)) breaking, \(count(of: .securityReview)) for security review, \(count(of: .nonBreaking)) non-breaking"
    }

    private func renderText() -> String {
        changes.map { "\($0.location): \($0.kind.rawValue): \($0.message)\n" }.joined() + summary + "\n"
    }

    private func renderJSON() -> String {
        struct Entry: Encodable {
            var column: Int
            var file: String
            var kind: String
            var line: Int
            var message: String
            var route: String?
        }
        struct Summary: Encodable {
            var breaking: Int
            var nonBreaking: Int
            var securityReview: Int
        }
        struct Report: Encodable {
            var changes: [Entry]
            var summary: Summary
        }
        return ReportEncoding.encode(Report(
            changes: changes.map { Entry(column: $0.location.column, file: $0.location.file, kind: $0.kind.rawValue, line: $0.location.line, message: $0.message, route: $0.route) },
            summary: Summary(breaking: count(of: .breaking), nonBreaking: count(of: .nonBreaking), securityReview: count(of: .securityReview))
        ))
    }
}
