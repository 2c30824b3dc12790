import RoutegenCore
import RoutegenYAML

/// A type of the route language as the importer builds it: a value the route file's syntax is
/// made from, never text read back.
indirect enum ImportedType: Hashable, Sendable {
    /// A known type (`String`, `Int64`, `Date`, `JSONValue`, `FilePart`, `Data`).
    case builtin(String)
    /// A type the importer declares (model, enum, union).
    case declared(String)
    /// `[Element]`.
    case array(ImportedType)
    /// `[String: Value]`.
    case dictionary(ImportedType)
    /// `Wrapped?`: a value that may be null where the place itself does not say so (an export's
    /// `[Int?]`, a response `T?`, an optional body).
    case optional(ImportedType)
    /// A type as a description's extension writes it (`x-routegen-type: Int8`, `ID<Book>`,
    /// `Page<Book>`, a generic parameter, an imported module's type), read once.
    case written(WrittenType)

    /// The route language's spelling, for messages and the names made from it.
    var text: String {
        switch self {
        case .builtin(let name), .declared(let name): name
        case .written(let written): written.text
        case .array(let element): "[" + element.text + "]"
        case .dictionary(let value): "[String: " + value.text + "]"
        case .optional(let wrapped): wrapped.text + "?"
        }
    }

    /// Free-form JSON.
    static let json = ImportedType.builtin("JSONValue")

    /// Two types are the same when the route file spells them the same: a component's declared
    /// model and an export's `x-routegen-errors` naming it are one type.
    static func == (lhs: ImportedType, rhs: ImportedType) -> Bool {
        lhs.text == rhs.text
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(text)
    }

    /// The declared type this one holds by value (not through an array or a dictionary).
    var declaredByValue: String? {
        if case .declared(let name) = self { return name }
        return nil
    }

    /// `self?` when `isOptional`, else `self`.
    func optional(_ isOptional: Bool) -> ImportedType {
        isOptional ? .optional(self) : self
    }

    /// Whether it is one text on the wire: what a path, query or header parameter or a form field can hold.
    func isScalar(enums: Set<String>) -> Bool {
        switch self {
        case .builtin(let name): ["String", "Int", "Int64", "Int32", "Double", "Float", "Bool", "Date", "UUID", "URL"].contains(name)
        case .declared(let name): enums.contains(name)
        case .written(let written): written.isScalar
        case .array, .dictionary, .optional: false
        }
    }

    /// The names of the declarations and written types it names, outermost first.
    var names: [String] {
        switch self {
        case .builtin: []
        case .declared(let name): [name]
        case .written(let written): TypeReference(written.syntax).names
        case .array(let inner), .dictionary(let inner), .optional(let inner): inner.names
        }
    }

    /// The model's form of the type.
    var reference: TypeReference {
        switch self {
        case .builtin(let name), .declared(let name): .named(name)
        case .written(let written): TypeReference(written.syntax)
        case .array(let element): .array(element.reference)
        case .dictionary(let value): .named("Dictionary", arguments: [.named("String"), value.reference])
        case .optional(let wrapped): .optional(wrapped.reference)
        }
    }
}

/// A type a description's extension writes as route text (`x-routegen-type: Page<Book>`), read
/// once into syntax. Two are the same type when they are spelled the same.
struct WrittenType: Hashable, Sendable {
    /// The type's syntax.
    let syntax: TypeSyntax
    /// Whether its schema is a string, integer, number or boolean, so it can stand in a path,
    /// query or header parameter.
    let isScalar: Bool

    /// The type `text` spells; nil when it is not one type.
    init?(_ text: String, isScalar: Bool) {
        guard RouteText.isTypeText(text), let syntax = SyntaxFragments.type(text, path: "", line: 1) else { return nil }
        self.syntax = syntax
        self.isScalar = isScalar
    }

    /// The canonical spelling.
    var text: String { syntax.canonicalText }

    static func == (lhs: WrittenType, rhs: WrittenType) -> Bool {
        lhs.text == rhs.text && lhs.isScalar == rhs.isScalar
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(text)
        hasher.combine(isScalar)
    }
}

/// A type with whether it may be null.
struct ConvertedType: Hashable {
    var type: ImportedType
    var isNullable: Bool = false
}

/// One field of an imported model.
struct ImportedField {
    var wireName: String
    var swiftName: String?
    var type: ImportedType
    /// Not in `required`: may be absent.
    var isOptional: Bool
    /// Required but nullable: always present, maybe `null`.
    var isRequiredNullable: Bool
    var defaultValue: String?
    var isDeprecated: Bool
    /// Where the property's schema starts, for warnings about it.
    var position: DocumentPosition
    /// The `///` lines above the field (an export's `description`).
    var documentation: [String] = []
    /// `max-length 100`, `example "Ada"`: what the value must be, in canonical order.
    var constraints: [ImportedConstraint] = []
    /// `additional`: the field keeps the members no other field names.
    var isAdditional = false
}

/// One case of an imported enum.
struct ImportedCase {
    /// The wire value (string enums) or the case name (integer enums).
    var name: String
    var swiftName: String?
    /// The integer, for an integer enum.
    var integer: String?
    /// The `///` lines above the case (an export's `x-routegen-cases`).
    var documentation: [String] = []
    var isDeprecated = false
}

/// One variant of an imported union.
struct ImportedVariant {
    var tag: String
    var swiftName: String?
    /// The model it holds; in a union by shape, any type.
    var model: ImportedType
    /// The `///` lines above the variant (an export's `x-routegen-variants`).
    var documentation: [String] = []
    var isDeprecated = false
}

/// A declaration the importer builds: a model, an enum, a union or a patch.
struct ImportedDeclaration {
    enum Kind {
        case model(includes: [String], fields: [ImportedField])
        case enumeration(isInteger: Bool, cases: [ImportedCase])
        /// A union by a field, or by shape when `discriminator` is nil (each variant's `model` is then any type's text).
        case union(discriminator: String?, variants: [ImportedVariant])
        /// `patch Name of Model`, listing the model's fields by wire name.
        case patch(of: String, fields: [String])
    }

    var name: String
    var kind: Kind
    var documentation: [String]
    var isDeprecated: Bool
    /// Where the declaration goes among the others: (component index, creation order).
    var order: (Int, Int)
    var position: DocumentPosition
    /// A generic model's parameters (`model Page<Item>`).
    var genericParameters: [String] = []
    /// Lint rules turned off for the declaration (`# routegen:disable rule` at its end).
    var disabledRules: [String] = []
}

/// How the importer reads and checks pieces of route text.
enum RouteText {
    /// Whether `name` can stand unquoted as a wire name: a letter or `_`, then letters, digits
    /// and `_ - . @ $`.
    static func isWord(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, first.isASCII,
              first == "_" || first == "$" || first == "@" || isLetter(first) else { return false }
        return name.unicodeScalars.allSatisfy { scalar in
            scalar.isASCII && (isLetter(scalar) || ("0"..."9").contains(scalar) || "_-.@$".unicodeScalars.contains(scalar))
        }
    }

    /// An ASCII letter: what `properties.isAlphabetic` says of an ASCII scalar, without the
    /// Unicode property lookup (a call per character of every name).
    @inline(__always) private static func isLetter(_ scalar: Unicode.Scalar) -> Bool {
        ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar)
    }

    /// Whether `name` is a wire name of a parameter: a letter or `_`, then letters, digits, `_ - .`.
    static func isWireName(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, first.isASCII, first == "_" || isLetter(first) else { return false }
        return name.unicodeScalars.allSatisfy { scalar in
            scalar.isASCII && (isLetter(scalar) || ("0"..."9").contains(scalar) || "_-.".unicodeScalars.contains(scalar))
        }
    }

    /// A query name: a wire name, then brackets each holding a wire name or nothing (`filter[status]`, `ids[]`).
    static func isQueryName(_ name: String) -> Bool {
        guard let open = name.firstIndex(of: "[") else { return isWireName(name) }
        guard isWireName(String(name[..<open])), name.hasSuffix("]") else { return false }
        let inner = name[name.index(after: open)..<name.index(before: name.endIndex)]
        return inner.split(separator: "][", omittingEmptySubsequences: false).allSatisfy { $0.isEmpty || isWireName(String($0)) }
    }

    /// One line of documentation: the text's first non-empty line, trimmed.
    static func documentationLine(_ text: String?) -> String? {
        guard let text else { return nil }
        // The lines between the characters "\n" and "\r", found by bytes and only as far as the
        // first that is not blank (not the whole text split): a "\r\n" pair is one character,
        // neither of those, so it separates nothing, as a split on characters had it.
        let utf8 = text.utf8
        var lineStart = utf8.startIndex
        var index = utf8.startIndex
        var previous: UInt8 = 0
        while index < utf8.endIndex {
            let byte = utf8[index]
            let next = utf8.index(after: index)
            let separates = byte == 0x0A ? previous != 0x0D : byte == 0x0D && (next == utf8.endIndex || utf8[next] != 0x0A)
            if separates {
                let trimmed = text[lineStart..<index].trimmingBlanks
                if !trimmed.isEmpty { return trimmed }
                lineStart = next
            }
            previous = byte
            index = next
        }
        let trimmed = text[lineStart...].trimmingBlanks
        return trimmed.isEmpty ? nil : trimmed
    }
}

extension Substring {
    /// The text without spaces and tabs at either end (trimmed as bytes: in UTF-8 a byte 0x20
    /// or 0x09 is always that whole character).
    var trimmingBlanks: String {
        let bytes = utf8
        var start = bytes.startIndex, end = bytes.endIndex
        while start < end, bytes[start] == 0x20 || bytes[start] == 0x09 { bytes.formIndex(after: &start) }
        while start < end {
            let before = bytes.index(before: end)
            guard bytes[before] == 0x20 || bytes[before] == 0x09 else { break }
            end = before
        }
        return String(self[start..<end])
    }
}

extension String {
    /// The text without spaces and tabs at either end.
    var trimmingBlanks: String { self[...].trimmingBlanks }
}
