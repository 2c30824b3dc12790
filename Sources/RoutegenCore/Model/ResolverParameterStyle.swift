/// The checks of a parameter's type against where it travels and the style it names.
extension RouteBuilder {
    /// A path parameter: one value or an array of scalar values, never optional or a dictionary,
    /// with `label` or `matrix` (and `explode`) after the type for those styles.
    mutating func pathParameter(name: SyntaxToken, type typeSyntax: TypeSyntax, style styleTokens: [SyntaxToken]) -> Parameter {
        checkWireName(name, kind: .path)
        let type = TypeReference(typeSyntax)
        switch type {
        case .optional:
            error("path parameter '\(name.text)' cannot be optional; a path segment is always sent", at: typeSyntax.location)
        case .array(let element) where element.isArray || element.isOptional || isDictionary(element):
            error("path parameter '\(name.text)' is an array of '\(element)'; an array in a path holds scalar values such as 'String' or 'Int'", at: typeSyntax.location)
        case .named(let typeName, _) where typeName == "Dictionary":
            error("path parameter '\(name.text)' cannot be a dictionary; a path parameter is one value or an array of values", at: typeSyntax.location)
        default:
            break
        }
        var parameter = Parameter(name: name.text, kind: .path, type: type, location: name.location, typeLocation: typeSyntax.location)
        parameter.style = ParameterStyle(words: styleTokens.map(\.text))
        return parameter
    }

    /// The style a query parameter's words name, checked against its type; a dictionary needs one.
    mutating func queryStyle(_ syntax: ParameterSyntax, type: TypeReference) -> ParameterStyle? {
        let name = syntax.name.text
        let value = type.nonOptional
        guard let word = syntax.style.first else {
            if isDictionary(value) {
                error(
                    "query parameter '\(name)' cannot be a dictionary without a style; write 'deep' after the type to send '\(name)[key]=value', 'spread' for 'key=value', 'comma' for '\(name)=key,value', or use one parameter per key",
                    at: syntax.type.location
                )
            }
            return nil
        }
        let style = ParameterStyle(words: syntax.style.map(\.text))
        switch style {
        case .deep?, .spread?:
            guard isDictionary(value) else {
                error("'\(word.text)' applies to a dictionary query parameter, and '\(name)' is '\(type)'; remove '\(word.text)' or make the type '[String: \(value)]'", at: word.location)
                return nil
            }
            checkScalarDictionary(name: name, style: word.text, type: value, at: syntax.type.location)
        case .comma?:
            if isDictionary(value) {
                checkScalarDictionary(name: name, style: word.text, type: value, at: syntax.type.location)
            } else if !value.isArray {
                error("'comma' applies to an array or dictionary query parameter, and '\(name)' is '\(type)'; remove 'comma' or make the type '[\(value)]'", at: word.location)
                return nil
            }
        case .space?, .pipe?:
            guard value.isArray else {
                error("'\(word.text)' applies to an array query parameter, and '\(name)' is '\(type)'; remove '\(word.text)' or make the type '[\(value)]'", at: word.location)
                return nil
            }
        default:
            return nil
        }
        return style
    }

    /// `deep`, `spread` and `comma` dictionaries hold text keys and scalar values.
    private mutating func checkScalarDictionary(name: String, style: String, type: TypeReference, at location: SourceLocation) {
        guard case .named(_, let arguments) = type, arguments[0] != .named("String") || arguments[1].scalarKind == nil || arguments[1].isArray else { return }
        error("'\(style)' query parameter '\(name)' must be '[String: Value]' with a scalar value such as 'String' or 'Int'; keys and values are sent as text", at: location)
    }

    /// A header or a cookie is one value or an array of scalar values (sent joined by `,`).
    mutating func checkSingleValueOrList(name: String, kind: Parameter.Kind, type: TypeReference, at location: SourceLocation) {
        let what = kind == .header ? "header" : "cookie"
        if isDictionary(type) {
            error("\(what) '\(name)' cannot be a dictionary; give it one value such as 'String' or an array such as '[String]'", at: location)
        } else if case .array(let element) = type, element.isArray || element.isOptional || isDictionary(element) {
            error("\(what) '\(name)' is an array of '\(element)'; an array \(kind == .header ? "in a header" : "in a cookie") holds scalar values such as 'String' or 'Int'", at: location)
        }
    }
}
