import RoutegenCore

/// Runs the rule-based lint checks on a valid model and sends their findings to `sink`.
///
/// The call site is `LintCommand`. The lint rules' owner replaces this body with a call
/// into RoutegenLint (e.g. `LintRunner().run(model: model, sink: sink)`); until then no
/// rule runs and `lint` checks only what the parser and validator check.
func runLintRules(model: APIModel, sink: any DiagnosticSink) {}
