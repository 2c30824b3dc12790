/// What `routegen` returns to the shell; build tools and CI read it.
public enum ExitCode: Int32, Sendable {
    /// Everything went well; warnings may have been printed.
    case success = 0
    /// The command ran and found errors (in a route file, or a file it could not read or write).
    case failure = 1
    /// The command line itself was wrong: unknown command or option, missing argument.
    case usageError = 2
}
