import RoutegenCore
import RoutegenLint

/// `routegen surface`: every route of one or more route files as one stable, sorted table, then
/// every declared type with its members, for review and for diffing in pull requests. The order
/// is `SurfaceEntry.precedes` and `SurfaceType.precedes`, so the listing depends only on the
/// routes and types, never on file or declaration order (a type's members keep theirs: a
/// model's field order is its initializer's argument order).
public struct APISurface: Hashable, Sendable {
    /// The output forms.
    public enum Format: String, Sendable, CaseIterable {
        /// Aligned columns for a terminal: the routes, then the types when there are any.
        case text
        /// GitHub-flavoured Markdown tables, as for `text`.
        case markdown
        /// A JSON object with sorted keys: `routes` and `types`, each an array of objects.
        case json
    }

    /// The route entries in surface order.
    public var entries: [SurfaceEntry]
    /// The declared types in surface order.
    public var types: [SurfaceType]

    /// The surface of `models`.
    public init(models: [APIModel]) {
        entries = models.flatMap { model in
            model.routes.map { SurfaceEntry(route: $0, api: model.name) }
        }.sorted(by: SurfaceEntry.precedes)
        types = models.flatMap { model in
            model.types.map { SurfaceType($0, api: model.name) }
        }.sorted(by: SurfaceType.precedes)
    }

    /// The listing in `format`, ending with a newline.
    public func render(_ format: Format) -> String {
        switch format {
        case .text: renderText()
        case .markdown: renderMarkdown()
        case .json: ReportEncoding.encode(JSONListing(routes: entries, types: types))
        }
    }

    private struct JSONListing: Encodable {
        var routes: [SurfaceEntry]
        var types: [SurfaceType]
    }

    private static let headings = ["METHOD", "PATH", "ACCESS", "BODY", "RESPONSE", "ERRORS", "PAGINATE", "ROUTE"]
    private static let typeHeadings = ["DECLARATION", "MEMBER", "SWIFT", "TYPE", "PRESENCE"]

    private func cells(_ entry: SurfaceEntry) -> [String] {
        [entry.method, entry.path, entry.access, entry.body, entry.response, entry.errors, entry.paginate, entry.route]
            + (hasServers ? [entry.server ?? "-"] : [])
    }

    /// Whether some route has a server of its own: only then do the listings have a server column,
    /// so a listing of an API without one is what it was before servers.
    private var hasServers: Bool { entries.contains { $0.server != nil } }

    /// One row per member (one row of `-` for a type without members), each naming its declaration.
    private var typeRows: [[String]] {
        types.flatMap { type -> [[String]] in
            guard !type.members.isEmpty else { return [[type.declaration, "-", "-", "-", "-"]] }
            return type.members.map { [type.declaration, $0.name, $0.swiftName, $0.type ?? "-", $0.presenceCell] }
        }
    }

    private func renderText() -> String {
        var text = Self.aligned([Self.headings + (hasServers ? ["SERVER"] : [])] + entries.map(cells))
        if !types.isEmpty { text += "\n" + Self.aligned([Self.typeHeadings] + typeRows) }
        return text
    }

    /// Columns padded to their widest cell (in Unicode scalars) plus two spaces; the last column
    /// is not padded. Each row ends with a newline.
    private static func aligned(_ rows: [[String]]) -> String {
        var widths = Array(repeating: 0, count: rows.first?.count ?? 0)
        for row in rows {
            for (column, cell) in row.enumerated() { widths[column] = max(widths[column], cell.unicodeScalars.count) }
        }
        return rows.map { row in
            row.enumerated().map { column, cell in
                column == row.count - 1 ? cell : cell + String(repeating: " ", count: widths[column] - cell.unicodeScalars.count + 2)
            }.joined() + "\n"
        }.joined()
    }

    private func renderMarkdown() -> String {
        let routes = entries.map { entry in
            [entry.method, "`" + entry.path + "`", entry.access, entry.body == "-" ? "—" : "`" + entry.body + "`", "`" + entry.response + "`",
             entry.errors == "-" ? "—" : "`" + entry.errors + "`", entry.paginate == "-" ? "—" : "`" + entry.paginate + "`", "`" + entry.route + "`"]
                + (hasServers ? [entry.server.map { "`" + $0 + "`" } ?? "—"] : [])
        }
        var text = Self.table(["Method", "Path", "Access", "Body", "Response", "Errors", "Paginate", "Route"] + (hasServers ? ["Server"] : []), routes)
        if !types.isEmpty {
            let rows = typeRows.map { row in
                row.enumerated().map { column, cell in cell == "-" ? "—" : column == 4 ? cell : "`" + cell + "`" }
            }
            text += "\n" + Self.table(["Declaration", "Member", "Swift", "Type", "Presence"], rows)
        }
        return text
    }

    /// A Markdown table of `rows` under `headings`, each line ending with a newline.
    private static func table(_ headings: [String], _ rows: [[String]]) -> String {
        let lines = ["| " + headings.joined(separator: " | ") + " |", "|" + String(repeating: "---|", count: headings.count)]
            + rows.map { "| " + $0.map { $0.replacingPipes() }.joined(separator: " | ") + " |" }
        return lines.joined(separator: "\n") + "\n"
    }
}

private extension String {
    /// A table cell cannot hold a bare `|`.
    func replacingPipes() -> String {
        split(separator: "|", omittingEmptySubsequences: false).joined(separator: "\\|")
    }
}
