/// Prints a syntax tree in the canonical form of a route file.
///
/// - Declarations start in column 1; routes, and the comments and docs among them that
///   were indented, are indented by two spaces; continuation lines by six.
/// - Within a group, route lines are aligned in columns: name, method, path with its
///   parameters, body and accept, `-> Response`, flags. A column is padded only when
///   something follows it on that line. Everywhere else tokens are one space apart.
/// - Clauses on one line are ordered query, header, body, accept, response, server, flags (the
///   order within each kind is kept, so the model does not change). A `server` line's variables
///   are indented by two spaces, their `=` aligned. Clauses stay on the
///   line they were written on; comments and docs stay where they were.
/// - Runs of blank lines become one; the file has no blank lines at its start or end,
///   no trailing spaces, LF line endings and ends with one line break.
///
/// Formatting is idempotent, and the formatted text parses to the same model.
public struct RouteFormatter: Sendable {
    private static let routeIndent = "  "
    private static let continuationIndent = "      "

    /// Creates a formatter.
    public init() {}

    /// The canonical text of `file`; lines that did not parse (`.invalid`) are left out,
    /// so format only files without syntax errors.
    public func format(_ file: SyntaxFile) -> String {
        // Each route's row is built once: the widths of its group and its own line use it.
        let rows = file.items.map { item -> RouteRow? in
            if case .route(let route) = item { return RouteRow(route) }
            return nil
        }
        var lines: [String] = []
        var widths = ColumnWidths()
        var memberWidths = MemberColumnWidths()
        var variableNameWidth = 0
        var lastWasBlank = true
        func append(_ line: String) {
            lines.append(line)
            lastWasBlank = false
        }

        for (index, item) in file.items.enumerated() {
            switch item {
            case .blank:
                if !lastWasBlank {
                    lines.append("")
                    lastWasBlank = true
                }
            case .comment(let comment, let isIndented):
                append((isIndented ? Self.routeIndent : "") + comment.text)
            case .documentation(let documentation):
                append((documentation.isIndented ? Self.routeIndent : "") + "///" + documentation.rawText)
            case .api(let declaration):
                widths = ColumnWidths()
                append(withComment("api " + declaration.name.text, declaration.comment))
            case .importDeclaration(let declaration), .external(let declaration):
                widths = ColumnWidths()
                append(withComment(declaration.keyword.text + " " + declaration.name.text, declaration.comment))
            case .group(let group):
                widths = ColumnWidths(rowsOf: file.items[(index + 1)...], rows: rows)
                let schemes = ([group.scheme].compactMap { $0 } + group.alternatives).map(\.text).joined(separator: " or ")
                let access = (group.access.map { " " + $0.text } ?? "") + (schemes.isEmpty ? "" : " " + schemes)
                let errors = group.errors.map { " " + $0.canonicalText } ?? ""
                append(withComment("group " + group.name.text + access + errors, group.comment))
            case .errors(let errors, let comment):
                widths = ColumnWidths()
                append(withComment(errors.canonicalText, comment))
            case .authScheme(let scheme):
                widths = ColumnWidths()
                append(withComment(scheme.canonicalText, scheme.comment))
            case .server(let server):
                widths = ColumnWidths()
                variableNameWidth = ServerFormatting.nameWidth(of: file.items[(index + 1)...])
                append(withComment(server.canonicalText, server.comment))
            case .serverVariable(let variable):
                append(withComment(ServerFormatting.line(variable, nameWidth: variableNameWidth), variable.comment))
            case .route(let route):
                append(withComment(Self.routeIndent + widths.render(rows[index] ?? RouteRow(route)), route.lines[0].comment))
                for line in route.lines.dropFirst() {
                    let clauses = RouteRow.ordered(line.clauseIndices.map { route.clauses[$0] })
                    let text = clauses.map(\.canonicalText).joined(separator: " ")
                    append(withComment(Self.continuationIndent + text, line.comment))
                }
            case .typeDeclaration(let declaration):
                widths = ColumnWidths()
                memberWidths = MemberColumnWidths(membersOf: file.items[(index + 1)...])
                append(withComment(declaration.canonicalText, declaration.comment))
            case .member(let member):
                append(withComment(Self.routeIndent + memberWidths.render(member.canonicalCells), member.comment))
            case .invalid:
                break
            }
        }
        while lines.last == "" { lines.removeLast() }
        return lines.isEmpty ? "" : lines.joined(separator: "\n") + "\n"
    }

    private func withComment(_ text: String, _ comment: SyntaxComment?) -> String {
        guard let comment else { return text }
        return text.isEmpty || text.hasSuffix(" ") ? text + comment.text : text + " " + comment.text
    }
}

/// The cells of a route's first line, in column order.
struct RouteRow {
    /// name, method, path and the clauses before the response, `-> Response`, flags.
    var cells: [String]

    init(_ route: RouteSyntax) {
        let clauses = Self.ordered(route.lines[0].clauseIndices.map { route.clauses[$0] })
        var middle = route.path.canonicalText
        var response = ""
        var flags: [String] = []
        for clause in clauses {
            switch clause {
            case .response: response = clause.canonicalText
            case .status, .errors, .paginate: response += " " + clause.canonicalText
            case .server, .flag, .authScheme: flags.append(clause.canonicalText)
            default: middle += " " + clause.canonicalText
            }
        }
        cells = [route.name.text, route.method.text, middle, response, flags.joined(separator: " ")]
    }

    /// Clauses sorted by kind, keeping the written order within a kind.
    static func ordered(_ clauses: [RouteClauseSyntax]) -> [RouteClauseSyntax] {
        clauses.enumerated().sorted { left, right in
            left.element.canonicalRank != right.element.canonicalRank
                ? left.element.canonicalRank < right.element.canonicalRank
                : left.offset < right.offset
        }.map(\.element)
    }
}

/// How wide each column is within one group: the widest cell among the rows where
/// something follows that cell.
struct ColumnWidths {
    private var widths = [0, 0, 0, 0, 0]

    init() {}

    /// Widths over the routes from the start of `items` up to the next declaration;
    /// `rows` holds the row of each route item of the whole file, by item index.
    init(rowsOf items: ArraySlice<SyntaxItem>, rows: [RouteRow?]) {
        loop: for index in items.indices {
            switch items[index] {
            case .api, .importDeclaration, .external, .errors, .group, .typeDeclaration, .server: break loop
            default: if let row = rows[index] { include(row) }
            }
        }
    }

    private mutating func include(_ row: RouteRow) {
        let lastFilled = row.cells.lastIndex { !$0.isEmpty } ?? 0
        for column in 0..<lastFilled {
            widths[column] = max(widths[column], row.cells[column].scalarCount)
        }
    }

    /// The row's cells joined by one space, each padded to its column when something follows.
    func render(_ row: RouteRow) -> String {
        let lastFilled = row.cells.lastIndex { !$0.isEmpty } ?? 0
        var text = ""
        for column in 0...lastFilled {
            let cell = row.cells[column]
            if column > 0 { text += " " }
            text += cell
            if column < lastFilled {
                let padding = widths[column] - cell.scalarCount
                if padding > 0 { text += String(repeating: " ", count: padding) }
            }
        }
        return text
    }
}

/// How wide each member column is within one type: name, `: Type`, `= default`, flags,
/// padded like route columns (only when something follows on that line).
struct MemberColumnWidths {
    private var widths = [0, 0, 0, 0, 0]

    init() {}

    /// Widths over the members from the start of `items` up to the next declaration.
    init(membersOf items: ArraySlice<SyntaxItem>) {
        loop: for item in items {
            switch item {
            case .api, .importDeclaration, .external, .errors, .group, .typeDeclaration, .server: break loop
            case .member(let member):
                let cells = member.canonicalCells
                let lastFilled = cells.lastIndex { !$0.isEmpty } ?? 0
                for column in 0..<lastFilled {
                    widths[column] = max(widths[column], cells[column].scalarCount)
                }
            default: continue
            }
        }
    }

    /// The cells joined by one space, each padded to its column when something follows.
    func render(_ cells: [String]) -> String {
        let lastFilled = cells.lastIndex { !$0.isEmpty } ?? 0
        var text = ""
        for column in 0...lastFilled {
            let cell = cells[column]
            if cell.isEmpty && column > 0 && column < lastFilled && widths[column] == 0 { continue }
            if column > 0 { text += " " }
            text += cell
            if column < lastFilled {
                let padding = widths[column] - cell.scalarCount
                if padding > 0 { text += String(repeating: " ", count: padding) }
            }
        }
        return text
    }
}

private extension String {
    /// `unicodeScalars.count`, from the UTF-8 bytes: every scalar has exactly one byte that is
    /// not a continuation byte. The generic count walks the scalars, decoding each.
    var scalarCount: Int {
        var count = 0
        for byte in utf8 where byte & 0xC0 != 0x80 { count += 1 }
        return count
    }
}
