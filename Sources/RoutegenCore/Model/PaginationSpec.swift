/// How a route's next page is found (`paginate ...`), with the names it reads: fields of the
/// response model by wire name, query parameters by wire name. The resolver checks that each
/// exists once the file's types are known.
public struct PaginationSpec: Hashable, Sendable {
    /// How the next page is named.
    public enum Style: Hashable, Sendable {
        /// `paginate next -> ?cursor`: a cursor field sent back as a query parameter.
        case cursor(field: String, parameter: String)
        /// `paginate next_page_uri -> link`: the next page's URL or path in a field.
        case bodyLink(field: String)
        /// `paginate link`: the `Link` header's `rel="next"`.
        case linkHeader
        /// `paginate page ?page`: page numbers in a query parameter.
        case pageNumber(parameter: String)
        /// `paginate offset ?offset [while more]`: an item offset, with an optional has-more field.
        case offset(parameter: String, hasMoreField: String?)
    }

    /// How the next page is named.
    public var style: Style
    /// `each items`: the field holding a page's items, for the item sequence.
    public var itemsField: String?
    /// Where `paginate` stands.
    public var location: SourceLocation
    /// Where each name the clause reads stands, by role: `field`, `parameter`, `items`, `hasMore`.
    public var nameLocations: [String: SourceLocation]

    /// Creates a spec.
    public init(style: Style, itemsField: String? = nil, location: SourceLocation, nameLocations: [String: SourceLocation] = [:]) {
        self.style = style
        self.itemsField = itemsField
        self.location = location
        self.nameLocations = nameLocations
    }

    /// The query parameter the sequence moves on (cursor, page, offset); nil for links.
    public var parameter: String? {
        switch style {
        case .cursor(_, let parameter), .pageNumber(let parameter), .offset(let parameter, _): parameter
        case .bodyLink, .linkHeader: nil
        }
    }

    /// The clause as the route file spells it, for messages and the surface.
    public var summary: String {
        var text: String
        switch style {
        case .cursor(let field, let parameter): text = field + " -> ?" + parameter
        case .bodyLink(let field): text = field + " -> link"
        case .linkHeader: text = "link"
        case .pageNumber(let parameter): text = "page ?" + parameter
        case .offset(let parameter, let hasMore): text = "offset ?" + parameter + (hasMore.map { " while " + $0 } ?? "")
        }
        if let itemsField { text += " each " + itemsField }
        return text
    }
}
