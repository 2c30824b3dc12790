/// The types one group of a `SyntheticAPI` declares when the API declares its models: what a
/// real resource's models look like. Twelve fixed declarations (a model that includes
/// timestamps, its create body, its patch, a flat form, a string enum, an integer enum, an owner,
/// a line item, a generic page, a union of events and a tree) and, to reach the group's share,
/// detail models, enums, patches and composed models made from a seeded generator: fields of
/// every presence (required, optional, defaulted, present-but-null), wire names that need
/// `CodingKeys` or `as`, dictionaries, `JSONValue`, nested and recursive references.
struct SyntheticModels {
    /// The names the group's routes use.
    struct Names {
        var item: String
        var newItem: String
        var patch: String
        var form: String
        /// nil for an API whose models are stubs: the fields below are then unused.
        var status: String?
        var page: String?
        var event: String?
        var node: String?
        /// Detail models, for responses.
        var details: [String]
    }

    /// The fixed declarations of every group.
    static let fixedCount = 12

    /// The names of group `group` without declared models: the stub models of `SyntheticAPI`.
    static func stubNames(group: Int) -> Names {
        Names(item: "Item\(group)", newItem: "NewItem\(group)", patch: "ItemPatch\(group)", form: "ItemForm\(group)", details: [])
    }

    /// The declarations of group `group`, `count` of them (at least `fixedCount`), and their names.
    static func make(group g: Int, count: Int, random: inout SeededGenerator) -> (text: String, names: Names) {
        precondition(count >= fixedCount, "a group declares at least \(fixedCount) types")
        var text = recordDeclarations(group: g) + requestAndListingDeclarations(group: g)
        var details: [String] = []
        var enums = ["Status\(g)", "Priority\(g)"]
        var patchable: [(name: String, fields: [String])] = [
            ("Owner\(g)", ["display_name", "email"]), ("Line\(g)", ["quantity", "note", "unit_price"]),
        ]
        for index in 0..<(count - fixedCount) {
            let name: String
            switch index % 6 {
            case 3:
                name = "Kind\(g)x\(index)"
                text += enumeration(name, random: &random)
                enums.append(name)
                continue
            case 4:
                name = "DetailPatch\(g)x\(index)"
                text += patch(name, of: random.pick(patchable), random: &random)
                continue
            case 5:
                name = "Stamped\(g)x\(index)"
                text += "\nmodel \(name) includes Stamps\(g)\n"
            default:
                name = "Detail\(g)x\(index)"
                text += "\n/// Detail \(index) of resource \(g).\nmodel \(name)\n"
            }
            let made = fields(group: g, enums: enums, details: details, random: &random)
            text += made.text
            details.append(name)
            patchable.append((name, made.wireNames))
        }
        let names = Names(
            item: "Item\(g)", newItem: "NewItem\(g)", patch: "ItemPatch\(g)", form: "ItemForm\(g)",
            status: "Status\(g)", page: "Page\(g)", event: "Event\(g)", node: "Node\(g)", details: details
        )
        return (text, names)
    }

    /// The declarations of a resource's records: timestamps, two enums, an owner, a line, the item.
    private static func recordDeclarations(group g: Int) -> String {
        """

        /// When a record of resource \(g) was made and changed.
        model Stamps\(g)
          created_at: Date
          /// Null until the first change; always sent.
          updated_at: Date? required
          revision:   Int = 0

        /// Where an item of resource \(g) stands.
        enum Status\(g)
          active
          archived
          "in-review" as inReview
          deleted

        /// How urgent an item of resource \(g) is.
        enum Priority\(g): Int
          low    = 1
          normal = 2
          high   = 3

        /// Who owns items of resource \(g).
        model Owner\(g)
          id:           ID<Owner\(g)>
          display_name: String
          email:        String?

        /// One line of an item of resource \(g).
        model Line\(g)
          sku:        String
          quantity:   Int = 1
          unit_price: Decimal
          note:       String?

        /// An item of resource \(g), as the server returns it.
        model Item\(g) includes Stamps\(g)
          /// The item's identifier.
          id:           ID<Item\(g)>
          name:         String
          "@type" as kind: String? required
          status:       Status\(g) = .active
          priority:     Priority\(g)?
          tags:         [String] = []
          owner:        Owner\(g)?
          lines:        [Line\(g)] = []
          metadata:     [String: JSONValue] = [:]
          published_at: Date?
          rating:       Double?

        """
    }

    /// The declarations of what a resource's requests send and its listings answer.
    private static func requestAndListingDeclarations(group g: Int) -> String {
        """

        /// The body that creates an item of resource \(g).
        model NewItem\(g)
          name:     String
          status:   Status\(g) = .active
          tags:     [String] = []
          owner_id: ID<Owner\(g)>?
          lines:    [Line\(g)]

        /// A change to an item of resource \(g): each field left out, cleared or set.
        patch ItemPatch\(g) of Item\(g)
          name
          status
          tags
          owner
          priority

        /// The form that asks for a token for resource \(g).
        model ItemForm\(g)
          grant_type: String
          username:   String?
          scope:      [String] = []
          remember:   Bool = false
          status:     Status\(g)?

        /// One page of a listing of resource \(g).
        model Page\(g)<Entry>
          items:       [Entry]
          next_cursor: String?
          total:       Int

        /// Something that happened to resource \(g), told apart by `kind`.
        union Event\(g) by kind
          created:       Item\(g)
          moved:         Line\(g)
          owner_changed: Owner\(g)

        /// Items of resource \(g) as a tree.
        model Node\(g)
          name:     String
          item:     ID<Item\(g)>?
          children: [Node\(g)] = []

        """
    }

    /// The field names of detail models.
    private static let fieldNames = [
        "title", "summary", "count", "total", "score", "url", "email", "version", "created_by", "updated_by",
        "is_enabled", "external_id", "display_name", "sort_order", "region", "currency", "amount", "notes",
    ]

    /// The field lines of a detail model (no name below is one of `Stamps`'s), and their wire names.
    private static func fields(group g: Int, enums: [String], details: [String], random: inout SeededGenerator) -> (text: String, wireNames: [String]) {
        var names = fieldNames
        var text = ""
        var wireNames: [String] = []
        let count = 4 + random.below(7)
        for _ in 0..<count {
            let wire = names.remove(at: random.below(names.count))
            wireNames.append(wire)
            let type: String
            var defaultValue: String?
            switch random.below(12) {
            case 0, 1: type = "String"
            case 2: type = "Int"; defaultValue = "0"
            case 3: type = "Double"
            case 4: type = "Bool"; defaultValue = "false"
            case 5: type = "Date"
            case 6: type = random.pick(enums)
            case 7: type = "[String]"; defaultValue = "[]"
            case 8: type = "[String: JSONValue]"; defaultValue = "[:]"
            case 9: type = "ID<Item\(g)>"
            case 10: type = details.isEmpty ? "Line\(g)" : random.pick(details)
            default: type = "[\(details.isEmpty ? "Line\(g)" : random.pick(details))]"
            }
            switch random.below(10) {
            case 0, 1, 2, 3: text += "  \(wire): \(type)\n"
            case 4, 5, 6: text += "  \(wire): \(type)?\n"
            case 7: text += "  \(wire): \(type)? required\n"
            default: text += "  \(wire): \(type)" + (defaultValue.map { " = " + $0 } ?? "") + "\n"
            }
        }
        return (text, wireNames)
    }

    private static func enumeration(_ name: String, random: inout SeededGenerator) -> String {
        let cases = ["standard", "express", "overnight", "pickup", "\"same-day\" as sameDay", "international"]
        var text = "\nenum \(name)\n"
        for item in cases.prefix(2 + random.below(cases.count - 1)) { text += "  \(item)\n" }
        return text
    }

    /// A patch of some of a model's fields.
    private static func patch(_ name: String, of model: (name: String, fields: [String]), random: inout SeededGenerator) -> String {
        var text = "\npatch \(name) of \(model.name)\n"
        for field in model.fields.prefix(1 + random.below(model.fields.count)) { text += "  \(field)\n" }
        return text
    }
}
