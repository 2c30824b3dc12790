/// Parses a type: `Name`, `Module.Name`, `Name<T, U>`, `[T]`, `[K: V]`, each optionally
/// followed by a `?` written right after it (`Int?`; `Int ?page` starts a query parameter).
enum TypeParser {
    /// How deep generics, arrays and dictionaries may nest. Real types stay under ten levels;
    /// the limit keeps every recursive stage after the parser (resolver, formatter, emitters)
    /// far from the stack's end on hostile input.
    static let maximumNesting = 64

    static func parse(_ cursor: inout TokenCursor, depth: Int = 0) throws(ParseFailure) -> TypeSyntax {
        guard depth < maximumNesting else {
            throw ParseFailure("type nests deeper than \(maximumNesting) levels; name an inner type with a typealias in Swift", at: cursor.currentLocation)
        }
        var type = try parsePrimary(&cursor, depth: depth)
        if let mark = cursor.current, mark.kind == .questionMark, !mark.isPrecededBySpace {
            cursor.index += 1
            type = TypeSyntax(kind: .optional(type), location: type.location)
            if let again = cursor.current, again.kind == .questionMark, !again.isPrecededBySpace {
                throw ParseFailure("type '\(type.canonicalText)?' is optional twice; write '\(type.canonicalText)'", at: again.location)
            }
        }
        return type
    }

    private static func parsePrimary(_ cursor: inout TokenCursor, depth: Int) throws(ParseFailure) -> TypeSyntax {
        guard let token = cursor.current else {
            throw ParseFailure("expected a type", at: cursor.endLocation)
        }
        switch token.kind {
        case .leftBracket:
            cursor.index += 1
            let element = try parse(&cursor, depth: depth + 1)
            if cursor.take(.colon) != nil {
                let value = try parse(&cursor, depth: depth + 1)
                guard cursor.take(.rightBracket) != nil else {
                    throw ParseFailure("unclosed '[' in type '[\(element.canonicalText): \(value.canonicalText)'; add ']'", at: token.location)
                }
                return TypeSyntax(kind: .dictionary(key: element, value: value), location: token.location)
            }
            guard cursor.take(.rightBracket) != nil else {
                throw ParseFailure("unclosed '[' in type '[\(element.canonicalText)'; add ']'", at: token.location)
            }
            return TypeSyntax(kind: .array(element), location: token.location)
        case .word:
            guard SwiftNaming.isTypeName(token.text) else {
                throw ParseFailure("'\(token.text)' is not a type name; a type is a Swift identifier such as 'Int' or 'Book'", at: token.location)
            }
            cursor.index += 1
            var arguments: [TypeSyntax] = []
            if let open = cursor.current, open.kind == .leftAngle, !open.isPrecededBySpace {
                cursor.index += 1
                repeat {
                    guard !cursor.isAtEnd, cursor.current?.kind != .rightAngle else {
                        throw unclosedAngle(open, name: token.text, arguments: arguments)
                    }
                    arguments.append(try parse(&cursor, depth: depth + 1))
                } while cursor.take(.comma) != nil
                guard cursor.take(.rightAngle) != nil else {
                    throw unclosedAngle(open, name: token.text, arguments: arguments)
                }
            }
            return TypeSyntax(kind: .named(name: token, arguments: arguments), location: token.location)
        default:
            throw ParseFailure("expected a type, found '\(token.text)'", at: token.location)
        }
    }

    private static func unclosedAngle(_ open: SyntaxToken, name: String, arguments: [TypeSyntax]) -> ParseFailure {
        let written = name + "<" + arguments.map(\.canonicalText).joined(separator: ", ")
        return ParseFailure("unclosed '<' in type '\(written)'; add '>'", at: open.location)
    }
}
