/// A `routegen` subcommand: what it is called, what help says about it, what it accepts,
/// and what it does. Register new ones in `CommandRegistry`.
public protocol Command: Sendable {
    /// The word after `routegen`: `lint`.
    var name: String { get }
    /// One line for `routegen --help` and the OVERVIEW of the command's help.
    var abstract: String { get }
    /// Paragraphs after the overview in the command's help; may be empty.
    var discussion: String { get }
    /// The options it accepts, in the order help lists them.
    var options: [OptionDeclaration] { get }
    /// Its positional arguments, if it takes any.
    var positional: PositionalDeclaration? { get }
    /// Does the work. Parsing has already checked the options; the command checks meaning.
    func run(_ arguments: ParsedArguments, context: CommandContext) -> ExitCode
}

extension Command {
    /// No discussion unless the command has one.
    public var discussion: String { "" }
}
