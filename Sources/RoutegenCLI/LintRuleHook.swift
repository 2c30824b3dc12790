import RoutegenCore

/// Runs the rule-based lint checks on a valid model (and its file's `source` text, for rules
/// that read comments or columns) and sends their findings to `sink`.
///
/// The call site is `LintCommand`; `run` carries the command line's `--strict`, `--format` and
/// `--config` and finds the `.routegen-lint.json` beside the route file (see `LintRulesRun`).
func runLintRules(model: APIModel, source: SourceText, sink: any DiagnosticSink, run: LintRulesRun) {
    run.check(model: model, source: source, sink: sink)
}
