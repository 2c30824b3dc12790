/// An option a command accepts: `--check` (a flag) or `--output <dir>` (takes a value).
public struct OptionDeclaration: Sendable {
    /// Whether the option stands alone or takes a value.
    public enum Kind: Sendable {
        /// `--check`: present or not.
        case flag
        /// `--output <dir>` or `--output=<dir>`; `valueName` is what help shows in the angle brackets.
        case value(valueName: String)
    }

    /// The long name without dashes: `check` for `--check`.
    public var name: String
    /// A one-letter alias without the dash (`o` for `-o`), if any.
    public var shortName: Character?
    /// Flag or value.
    public var kind: Kind
    /// One line for the help text.
    public var help: String

    /// Creates an option declaration.
    public init(name: String, shortName: Character? = nil, kind: Kind, help: String) {
        self.name = name
        self.shortName = shortName
        self.kind = kind
        self.help = help
    }

    /// A boolean flag.
    public static func flag(_ name: String, shortName: Character? = nil, help: String) -> OptionDeclaration {
        OptionDeclaration(name: name, shortName: shortName, kind: .flag, help: help)
    }

    /// An option that takes a value.
    public static func value(_ name: String, shortName: Character? = nil, valueName: String, help: String) -> OptionDeclaration {
        OptionDeclaration(name: name, shortName: shortName, kind: .value(valueName: valueName), help: help)
    }

    /// How help and usage lines spell it: `--output <dir>`.
    var synopsis: String {
        switch kind {
        case .flag: "--" + name
        case .value(let valueName): "--" + name + " <" + valueName + ">"
        }
    }
}

/// The positional arguments a command accepts: `<file-or-folder> ...`.
public struct PositionalDeclaration: Sendable {
    /// What help shows in the angle brackets: `file-or-folder`.
    public var name: String
    /// One line for the help text.
    public var help: String
    /// Whether at least one is needed.
    public var isRequired: Bool
    /// Whether more than one may be given.
    public var isRepeated: Bool

    /// Creates a positional declaration.
    public init(name: String, help: String, isRequired: Bool = true, isRepeated: Bool = true) {
        self.name = name
        self.help = help
        self.isRequired = isRequired
        self.isRepeated = isRepeated
    }

    /// How help and usage lines spell it: `<file-or-folder> ...`.
    var synopsis: String {
        let base = "<" + name + ">" + (isRepeated ? " ..." : "")
        return isRequired ? base : "[" + base + "]"
    }
}

/// A command line after parsing against a command's declarations.
public struct ParsedArguments: Sendable {
    /// Flags given, by long name.
    public private(set) var flags: Set<String> = []
    /// Values given, by long name, in command-line order.
    public private(set) var values: [String: [String]] = [:]
    /// Positional arguments in command-line order.
    public internal(set) var positionals: [String] = []

    /// Creates an empty set of arguments.
    public init() {}

    /// Creates arguments directly, for tests of commands.
    public init(flags: Set<String> = [], values: [String: [String]] = [:], positionals: [String] = []) {
        self.flags = flags
        self.values = values
        self.positionals = positionals
    }

    /// Whether the flag `--name` was given.
    public func flag(_ name: String) -> Bool { flags.contains(name) }

    /// The last value given for `--name`, if any.
    public func value(_ name: String) -> String? { values[name]?.last }

    mutating func addFlag(_ name: String) { flags.insert(name) }

    mutating func addValue(_ value: String, for name: String) { values[name, default: []].append(value) }
}
