import RoutegenCore

/// Runs the rule-based lint checks on a valid model (and its file's `source` text, for rules
/// that read comments or columns) and sends their findings to `sink`.
///
/// The call site is `LintCommand`. The lint rules' owner replaces this body with a call
/// into RoutegenLint (e.g. `Linter().lint(model, source: source).forEach(sink.emit)`); until then no
/// rule runs and `lint` checks only what the parser and validator check.
func runLintRules(model: APIModel, source: String, sink: any DiagnosticSink) {}
