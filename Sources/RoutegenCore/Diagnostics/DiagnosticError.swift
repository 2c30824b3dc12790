/// A problem that stops one step of a stage (a default value, a string's escapes), carried to
/// the caller as an error and reported there, where the stage goes on with the next step.
struct DiagnosticError: Error {
    /// What to report.
    var diagnostic: Diagnostic

    init(_ diagnostic: Diagnostic) {
        self.diagnostic = diagnostic
    }
}
