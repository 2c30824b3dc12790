import RoutegenCore

/// `inconsistent-id-type`: one path position typed differently by different routes.
public struct InconsistentIDTypeRule: LintRule {
    public static let id = LintRuleID.inconsistentIDType.rawValue
    public static let defaultSeverity = RuleSeverity.warning
    public static let ruleSet = RuleSet.style
    public static let fixScope = FixScope.routeFile
    public static let exampleMessage = "path parameter 'id' of route 'deleteBook' is 'String' but route 'book' types '/books/{}' as 'ID<Book>'; use one type (the path sent stays the same)"
    public static let summary = "Routes give the parameter at the same place in a path different types."
    public static let rationale = """
        `GET /books/{id: ID<Book>}` and `DELETE /books/{id: String}` address the same resource, yet callers \
        need an `ID<Book>` for one and a `String` for the other, and the typed identifier stops protecting \
        anything. The first route that uses a path position sets its type; later routes that differ are reported.
        """
    public static let triggeringExamples = [
        """
        api Library
        group Books auth
          book GET /books/{id: ID<Book>} -> Book
          deleteBook DELETE /books/{id: ↓String} -> Empty
        """,
        """
        api Library
        group Books auth
          cover GET /books/{bookId: ID<Book>}/cover -> Data
          pages GET /books/{id: ↓Int}/pages -> [Page]
        """,
    ]
    public static let nonTriggeringExamples = [
        """
        api Library
        group Books auth
          book GET /books/{id: ID<Book>} -> Book
          cover GET /books/{bookId: ID<Book>}/cover -> Data
          author GET /authors/{id: ID<Author>} -> Author
        """,
    ]

    public init() {}

    public func check(_ model: APIModel, context: LintContext) -> [LintFinding] {
        var firstUse: [String: (type: TypeReference, route: Route, parameter: Parameter)] = [:]
        var findings: [LintFinding] = []
        for route in model.routes {
            var prefix = ""
            for component in route.path {
                switch component {
                case .literal(let text, _):
                    prefix += "/" + text
                case .joined:
                    // `{sid}.json`: its shape is part of the prefix; its values are not compared.
                    prefix += "/" + component.text(parameterName: false)
                case .parameter(let parameter):
                    prefix += "/{}"
                    if let first = firstUse[prefix] {
                        if first.type != parameter.type {
                            findings.append(LintFinding(
                                message: "path parameter '\(parameter.name)' of route '\(route.name)' is '\(parameter.type)' but route '\(first.route.name)' types '\(prefix)' as '\(first.type)'; use one type (the path sent stays the same)",
                                location: parameter.typeLocation,
                                route: route,
                                about: parameter.name + ": " + parameter.type.description
                            ))
                        }
                    } else {
                        firstUse[prefix] = (parameter.type, route, parameter)
                    }
                }
            }
        }
        return findings
    }
}
