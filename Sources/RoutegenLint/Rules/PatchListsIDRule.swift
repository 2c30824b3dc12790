import RoutegenCore

/// `patch-lists-id`: a patch that lets a client send a new identifier for the resource it changes.
public struct PatchListsIDRule: LintRule {
    public static let id = LintRuleID.patchListsID.rawValue
    public static let defaultSeverity = RuleSeverity.warning
    public static let ruleSet = RuleSet.recommended
    public static let fixScope = FixScope.routeFile
    public static let exampleMessage = "patch 'BookPatch' lists every field of model 'Book', 'id' included, so a client can send a new 'id'; a resource's identity is its path, not its body: remove 'id', and every other field only the server sets"
    public static let summary = "A patch lists its model's own `id` (often because it lists every field of the model)."
    public static let rationale = """
        A merge patch changes the resource its path names; an `id` in the body either asks the server \
        to change that identity, or is ignored, and a client cannot tell which. A patch that lists every \
        field of its model is usually the model copied over: it also lets clients send what only the \
        server sets (timestamps, counters, owners), and a server that applies every field it receives \
        lets them (mass assignment). List the fields a client may change. The model's own id is its \
        field `id` or a field typed `ID<Model>`; other models' ids (`author_id`) are ordinary fields.
        """
    public static let triggeringExamples = [
        """
        api Library
        model Book
          id: ID<Book>
          title: String
          subtitle: String?
        patch BookPatch of Book
          ↓id
          title
          subtitle
        group Books auth
          updateBook PATCH /books/{id: ID<Book>} body merge-patch BookPatch -> Book
        """,
        """
        api Library
        model Book
          key: ID<Book>
          title: String
          subtitle: String?
        patch BookPatch of Book
          title
          ↓key
        group Books auth
          updateBook PATCH /books/{key: ID<Book>} body merge-patch BookPatch -> Book
        """,
    ]
    public static let nonTriggeringExamples = [
        """
        api Library
        model Book
          id: ID<Book>
          title: String
          author_id: ID<Author>
        model Author
          id: ID<Author>
        patch BookPatch of Book
          title
          author_id
        group Books auth
          updateBook PATCH /books/{id: ID<Book>} body merge-patch BookPatch -> Book
          author GET /authors/{id: ID<Author>} -> Author
        """,
    ]

    public init() {}

    public func check(_ model: APIModel, context: LintContext) -> [LintFinding] {
        var findings: [LintFinding] = []
        for declaration in model.types {
            guard case .patch(let shape) = declaration.kind else { continue }
            let ownIdentifier = TypeReference.named("ID", arguments: [.named(shape.model)])
            for field in shape.fields where NameWords.readingWords(field.wireName) == ["id"] || field.type.nonOptional == ownIdentifier {
                let modelFields = model.type(named: shape.model)?.fields.map(\.wireName) ?? []
                let listsEvery = !modelFields.isEmpty && Set(modelFields) == Set(shape.fields.map(\.wireName))
                let message = listsEvery
                    ? "patch '\(declaration.name)' lists every field of model '\(shape.model)', '\(field.wireName)' included, so a client can send a new '\(field.wireName)'; a resource's identity is its path, not its body: remove '\(field.wireName)', and every other field only the server sets"
                    : "patch '\(declaration.name)' lists '\(field.wireName)' of model '\(shape.model)', so a client can send a new '\(field.wireName)'; a resource's identity is its path, not its body: remove it"
                findings.append(LintFinding(message: message, location: field.location, type: declaration, member: field.wireName))
            }
        }
        return findings
    }
}
