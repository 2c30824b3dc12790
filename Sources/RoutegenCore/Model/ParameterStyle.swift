/// How a parameter's value is spelled on the wire where its type alone does not say: OpenAPI's
/// `style` and `explode`, as the word (or words) after the parameter's type.
///
/// Without a word, a query array repeats its name (`ids=1&ids=2`, OpenAPI's `form` exploded),
/// a path or header array joins its elements with `,` (`simple`), and a cookie array too
/// (`form` without explode).
public enum ParameterStyle: Hashable, Sendable {
    /// `comma`: a query array as one item, `ids=1,2` (OpenAPI's `form` without explode); a
    /// dictionary as its keys and values in turn, `point=x,1,y,2`.
    case comma
    /// `space`: a query array as one item, `ids=1%202` (`spaceDelimited`).
    case space
    /// `pipe`: a query array as one item, `ids=1|2` (`pipeDelimited`).
    case pipe
    /// `deep`: a query dictionary as one item per key, `metadata[key]=value` (`deepObject`).
    case deep
    /// `spread`: a query dictionary as one item per key, `key=value` (`form` exploded).
    case spread
    /// `label` (`label explode`): a path value after a `.`, `.1,2` (`.1.2`).
    case label(explode: Bool)
    /// `matrix` (`matrix explode`): a path value as `;name=1,2` (`;name=1;name=2`).
    case matrix(explode: Bool)

    /// The words that start a style after a query parameter's type.
    public static let queryWords = ["comma", "space", "pipe", "deep", "spread"]
    /// The words that start a style after a path parameter's type.
    public static let pathWords = ["label", "matrix"]
    /// The word after `label` or `matrix` that explodes an array.
    public static let explodeWord = "explode"

    /// The style `words` spell (`["matrix", "explode"]`); nil for words that are no style.
    public init?(words: [String]) {
        switch words {
        case ["comma"]: self = .comma
        case ["space"]: self = .space
        case ["pipe"]: self = .pipe
        case ["deep"]: self = .deep
        case ["spread"]: self = .spread
        case ["label"]: self = .label(explode: false)
        case ["label", Self.explodeWord]: self = .label(explode: true)
        case ["matrix"]: self = .matrix(explode: false)
        case ["matrix", Self.explodeWord]: self = .matrix(explode: true)
        default: return nil
        }
    }

    /// The words as the formatter writes them.
    public var words: [String] {
        switch self {
        case .comma: ["comma"]
        case .space: ["space"]
        case .pipe: ["pipe"]
        case .deep: ["deep"]
        case .spread: ["spread"]
        case .label(let explode): explode ? ["label", Self.explodeWord] : ["label"]
        case .matrix(let explode): explode ? ["matrix", Self.explodeWord] : ["matrix"]
        }
    }

    /// Whether it is a style of a path parameter (else of a query parameter).
    public var isPathStyle: Bool {
        switch self {
        case .label, .matrix: true
        case .comma, .space, .pipe, .deep, .spread: false
        }
    }

    /// The separator a query array's elements are joined with in one item: `,`, ` ` or `|`.
    public var querySeparator: String? {
        switch self {
        case .comma: ","
        case .space: " "
        case .pipe: "|"
        case .deep, .spread, .label, .matrix: nil
        }
    }
}
