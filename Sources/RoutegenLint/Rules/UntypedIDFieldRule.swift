import RoutegenCore

/// `untyped-id-field`: a model's identifier, or another model's, held in a plain `String`.
public struct UntypedIDFieldRule: LintRule {
    public static let id = LintRuleID.untypedIDField.rawValue
    public static let defaultSeverity = RuleSeverity.warning
    public static let ruleSet = RuleSet.style
    public static let fixScope = FixScope.routeFile
    public static let exampleMessage = "field 'id' of model 'Book' is a plain 'String'; write 'ID<Book>', so the compiler tells it apart from other ids and strings (the JSON stays the same string)"
    public static let summary = "A model's `id`, or a field named after a declared model's id (`author_id`), is a plain `String` instead of `ID<Model>`."
    public static let rationale = """
        `ID<Book>` and `ID<Author>` are different types, so a book's id cannot be passed where an \
        author's is expected, and the routes that take `{id: ID<Book>}` accept the model's `id` as it \
        is. A `String` accepts any string. `ID` is encoded as a plain JSON string, so the change is \
        only in Swift. The rule looks at a model's own `id` (not in a generic model, nor in a model \
        that others include, whose `id` belongs to each includer) and at fields named `<model>_id` \
        (or `<model>Id`, `<model>_ids` for a `[String]`) after a model declared in the file.
        """
    public static let triggeringExamples = [
        """
        api Library
        model Book
          ↓id: String
          title: String
        group Books public
          book GET /books/{id: ID<Book>} -> Book
        """,
        """
        api Library
        model Author
          id: ID<Author>
        model Contributor
          name: String
        model Book
          id: ID<Book>
          ↓author_id: String
          ↓contributor_ids: [String]?
          contributors: [Contributor]
        group Books public
          book GET /books/{id: ID<Book>} -> Book
          author GET /authors/{id: ID<Author>} -> Author
        """,
    ]
    public static let nonTriggeringExamples = [
        """
        api Library
        model Book
          id: ID<Book>
          author_id: ID<Author>
          isbn: String
          shelf_id: String
        model Author
          id: ID<Author>
        group Books public
          book GET /books/{id: ID<Book>} -> Book
          author GET /authors/{id: ID<Author>} -> Author
        """,
        """
        api Library
        model Entity
          id: String
        model Book includes Entity
          title: String
        model Page<Item>
          id: String
          items: [Item]
        group Books public
          books GET /books -> Page<Book>
        """,
    ]

    public init() {}

    public func check(_ model: APIModel, context: LintContext) -> [LintFinding] {
        let models = model.types.filter { if case .model = $0.kind { $0.genericParameters.isEmpty } else { false } }
        var included: Set<String> = []
        for declaration in model.types {
            if case .model(let shape) = declaration.kind { included.formUnion(shape.includes) }
        }
        var findings: [LintFinding] = []
        for declaration in model.types {
            guard case .model(let shape) = declaration.kind else { continue }
            for field in shape.fields where field.includedFrom == nil {
                let words = NameWords.readingWords(field.wireName)
                guard let last = words.last, last == "id" || last == "ids" else { continue }
                let entity: String
                if words.count == 1 {
                    guard last == "id", declaration.genericParameters.isEmpty, !included.contains(declaration.name) else { continue }
                    entity = declaration.name
                } else {
                    let entityWords = Array(words.dropLast())
                    guard let named = models.first(where: { NameWords.readingWords($0.name) == entityWords }) else { continue }
                    entity = named.name
                }
                guard let typed = Self.identifierType(replacing: field.type, plural: last == "ids", entity: entity) else { continue }
                let holding = entity == declaration.name ? "" : " holding \(last == "ids" ? "ids" : "the id") of model '\(entity)'"
                findings.append(LintFinding(
                    message: "field '\(field.wireName)' of model '\(declaration.name)' is a plain '\(field.type)'\(holding); write '\(typed)', so the compiler tells it apart from other ids and strings (the JSON stays the same string)",
                    location: field.location,
                    type: declaration,
                    member: field.wireName
                ))
            }
        }
        return findings
    }

    /// `type` with its `String` replaced by `ID<entity>`: `String`, `String?`, or, for a plural
    /// name, `[String]` and `[String]?`; nil for any other type.
    static func identifierType(replacing type: TypeReference, plural: Bool, entity: String) -> TypeReference? {
        let identifier = TypeReference.named("ID", arguments: [.named(entity)])
        switch type {
        case .optional(let wrapped):
            return identifierType(replacing: wrapped, plural: plural, entity: entity).map(TypeReference.optional)
        case .array(.named("String", arguments: [])) where plural:
            return .array(identifier)
        case .named("String", arguments: []) where !plural:
            return identifier
        default:
            return nil
        }
    }
}
