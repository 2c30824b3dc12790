import RoutegenCore
import RoutegenLint

/// `routegen surface`: every route of one or more route files as one stable, sorted table,
/// for review and for diffing in pull requests. The order is `SurfaceEntry.precedes`, so the
/// listing depends only on the routes, never on file or declaration order.
public struct APISurface: Hashable, Sendable {
    /// The output forms.
    public enum Format: String, Sendable, CaseIterable {
        /// Aligned columns for a terminal.
        case text
        /// A GitHub-flavoured Markdown table.
        case markdown
        /// A JSON array of objects with sorted keys.
        case json
    }

    /// The entries in surface order.
    public var entries: [SurfaceEntry]

    /// The surface of `models`.
    public init(models: [APIModel]) {
        entries = models.flatMap { model in
            model.routes.map { SurfaceEntry(route: $0, api: model.name) }
        }.sorted(by: SurfaceEntry.precedes)
    }

    /// The listing in `format`, ending with a newline.
    public func render(_ format: Format) -> String {
        switch format {
        case .text: renderText()
        case .markdown: renderMarkdown()
        case .json: ReportEncoding.encode(entries)
        }
    }

    private static let headings = ["METHOD", "PATH", "ACCESS", "BODY", "RESPONSE", "ROUTE"]

    private func cells(_ entry: SurfaceEntry) -> [String] {
        [entry.method, entry.path, entry.access, entry.body, entry.response, entry.route]
    }

    /// Columns padded to their widest cell (in Unicode scalars) plus two spaces; the last column is not padded.
    private func renderText() -> String {
        let rows = [Self.headings] + entries.map(cells)
        var widths = Array(repeating: 0, count: Self.headings.count)
        for row in rows {
            for (column, cell) in row.enumerated() { widths[column] = max(widths[column], cell.unicodeScalars.count) }
        }
        return rows.map { row in
            row.enumerated().map { column, cell in
                column == row.count - 1 ? cell : cell + String(repeating: " ", count: widths[column] - cell.unicodeScalars.count + 2)
            }.joined()
        }.joined(separator: "\n") + "\n"
    }

    private func renderMarkdown() -> String {
        var lines = ["| Method | Path | Access | Body | Response | Route |", "|---|---|---|---|---|---|"]
        for entry in entries {
            let body = entry.body == "-" ? "—" : "`" + entry.body + "`"
            let row = [entry.method, "`" + entry.path + "`", entry.access, body, "`" + entry.response + "`", "`" + entry.route + "`"]
            lines.append("| " + row.map { $0.replacingPipes() }.joined(separator: " | ") + " |")
        }
        return lines.joined(separator: "\n") + "\n"
    }
}

private extension String {
    /// A table cell cannot hold a bare `|`.
    func replacingPipes() -> String {
        split(separator: "|", omittingEmptySubsequences: false).joined(separator: "\\|")
    }
}
