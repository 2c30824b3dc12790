import RoutegenCore
import RoutegenLint

/// What the lint rules add to `routegen lint`: `--strict`, `--format text|json|sarif|github`,
/// `--config <file>`, `--rule-sets <sets>`, `--baseline <file>` and `--write-baseline <file>`, the
/// `.routegen-lint.json` lookup beside each route file, and the reports. `LintCommand` builds one
/// per run and calls `check` for each valid model.
///
/// The `lint-routes` command plugin runs `routegen lint`, so plugin and CLI apply the same rules.
final class LintRulesRun {
    /// The report forms `--format` accepts.
    enum Format: String, CaseIterable {
        case text, json, sarif, github
    }

    /// The options `routegen lint` declares for the rules.
    static let options: [OptionDeclaration] = [
        .flag("strict", help: "Report every lint finding as an error, so warnings fail the run."),
        .value("format", valueName: "text|json|sarif|github", help: "How to report: compiler-style text on standard error (default), or JSON, SARIF 2.1.0 or GitHub Actions workflow commands (annotations) on standard output."),
        .value("config", valueName: "file", help: "The lint configuration to use instead of the \(LintConfiguration.fileName) beside each route file."),
        .value("rule-sets", valueName: "sets", help: "The rule sets to run, separated by commas: recommended (the default: wrong on the wire or a security risk), style (naming, shape, docs). Replaces the configuration's ruleSets."),
        .value("baseline", valueName: "file", help: "Report only findings not recorded in this baseline; say how many it suppressed and how many of its entries no longer occur."),
        .value("write-baseline", valueName: "file", help: "Record every finding of this run in a baseline file instead of reporting it."),
    ]

    /// The chosen report form.
    let format: Format
    private let isStrict: Bool
    private let explicitConfigurationPath: String?
    private let ruleSetsOverride: [RuleSet]?
    private let context: CommandContext
    /// `--baseline` or `--write-baseline`, as written.
    private let baselinePath: String?
    private let isWritingBaseline: Bool
    /// The command that writes the baseline again, for messages.
    private let writeCommand: String
    /// Configurations already read, by path, so a shared file is read and reported once.
    private var configurations: [String: LintConfiguration] = [:]
    /// The baseline read by `loadBaseline`.
    private var matcher: LintBaselineMatcher?
    /// The findings recorded for `--write-baseline`.
    private var recorded: [LintBaseline.Entry] = []
    /// The route files whose rules ran (as baseline keys), with the ids of the rules that ran on each.
    private var checkedFiles: [String: Set<String>] = [:]

    /// Reads the options; prints a usage error and returns nil when one is wrong.
    init?(_ arguments: ParsedArguments, context: CommandContext, command: any Command) {
        let formatName = arguments.value("format") ?? Format.text.rawValue
        guard let format = Format(rawValue: formatName) else {
            context.standardError.write(HelpText.usageError("unknown format '\(formatName)'; use text, json, sarif or github", command: command))
            return nil
        }
        if let sets = arguments.value("rule-sets") {
            switch RuleSet.parseList(sets) {
            case .success(let chosen): ruleSetsOverride = chosen
            case .failure(let unknown):
                context.standardError.write(HelpText.usageError("unknown rule set '\(unknown.name)' in '--rule-sets \(sets)'; use recommended, style or both: recommended,style", command: command))
                return nil
            }
        } else {
            ruleSetsOverride = nil
        }
        let read = arguments.value("baseline"), write = arguments.value("write-baseline")
        if read != nil && write != nil {
            context.standardError.write(HelpText.usageError("give either --baseline or --write-baseline, not both; --write-baseline records the findings anew", command: command))
            return nil
        }
        self.format = format
        self.isStrict = arguments.flag("strict")
        self.explicitConfigurationPath = arguments.value("config")
        self.context = context
        self.baselinePath = write ?? read
        self.isWritingBaseline = write != nil
        var words = ["routegen", "lint"]
        if let sets = arguments.value("rule-sets") { words += ["--rule-sets", sets] }
        if let config = arguments.value("config") { words += ["--config", config] }
        words += ["--write-baseline", write ?? read ?? ""] + arguments.positionals
        self.writeCommand = words.joined(separator: " ")
    }

    /// For `--baseline`: reads and checks the file, sending its problems to `sink`. Returns false
    /// when the run must stop (the file is missing, unreadable or has errors). The sink learns
    /// the baseline's text, so a printer shows its errors with the line and a caret.
    func loadBaseline(sink: any DiagnosticSink) -> Bool {
        guard let baselinePath, !isWritingBaseline else { return true }
        let resolved = context.resolvedPath(baselinePath)
        guard context.fileSystem.fileExists(atPath: resolved) else {
            sink.emit(.error("baseline '\(baselinePath)' does not exist; write it with '\(writeCommand)'", at: nil))
            return false
        }
        let text: String
        do {
            text = try context.readText(atPath: baselinePath)
        } catch {
            sink.emit(.error("cannot read baseline '\(baselinePath)': \(error.reason)", at: nil))
            return false
        }
        sink.addSource(SourceText(text), path: baselinePath)
        guard let baseline = LintBaseline.parse(text, path: baselinePath, diagnostics: sink) else { return false }
        matcher = LintBaselineMatcher(baseline)
        return true
    }

    /// Runs the rules on a valid `model` with the configuration that applies to its file, and sends
    /// findings (and the configuration's own problems, the first time it is read) to `sink`; findings
    /// the baseline holds are counted instead, and with `--write-baseline` every finding is recorded.
    func check(model: APIModel, source: SourceText, sink: any DiagnosticSink) {
        var configuration = configuration(forRouteFile: model.sourcePath, sink: sink)
        if let ruleSetsOverride { configuration.ruleSets = ruleSetsOverride }
        let linter = Linter(configuration: configuration, isStrict: isStrict)
        // Relative to the baseline's folder, so it matches however the path is spelled.
        let file = baselinePath.map { baseline in
            PathNormalizer.relative(context.resolvedPath(model.sourcePath), toFolderOf: context.resolvedPath(baseline))
        }
        if let file { checkedFiles[file, default: []].formUnion(linter.enabledRuleIDs) }
        for result in linter.results(model, text: source) {
            if let file, let fingerprint = result.fingerprint {
                if isWritingBaseline {
                    recorded.append(LintBaseline.Entry(file: file, fingerprint: fingerprint))
                    continue
                }
                if matcher?.suppresses(file: file, fingerprint: fingerprint) == true { continue }
            }
            sink.emit(format == .text ? Self.taggedWithRuleID(result.diagnostic) : result.diagnostic)
        }
    }

    /// After every file: writes the baseline for `--write-baseline`; returns the line to print
    /// (nil without a baseline) and whether writing failed.
    func finishBaseline() -> (line: String?, failed: Bool) {
        guard let baselinePath else { return (nil, false) }
        if isWritingBaseline {
            let baseline = LintBaseline(entries: recorded)
            do {
                try context.writeText(baseline.render(), toPath: baselinePath)
            } catch {
                return ("error: cannot write baseline '\(baselinePath)': \(error.reason)", true)
            }
            let files = Set(recorded.map(\.file)).count
            return ("wrote baseline '\(baselinePath)': \(Self.counted(recorded.count, "finding")) in \(Self.counted(files, "route file"))", false)
        }
        guard let matcher else { return (nil, false) }
        let stale = staleCount(matcher)
        var line = "baseline '\(baselinePath)' suppressed \(Self.counted(matcher.suppressedCount, "finding"))"
        if stale > 0 {
            line += stale == 1 ? "; 1 of its entries no longer occurs" : "; \(stale) of its entries no longer occur"
            line += ": run '\(writeCommand)' to drop \(stale == 1 ? "it" : "them")"
        }
        return (line, false)
    }

    /// How many suppressed and how many stale, for the JSON report.
    var baselineCounts: LintJSONReport.BaselineSummary? {
        guard let baselinePath, !isWritingBaseline, let matcher else { return nil }
        return LintJSONReport.BaselineSummary(file: baselinePath, suppressed: matcher.suppressedCount, stale: staleCount(matcher))
    }

    private func staleCount(_ matcher: LintBaselineMatcher) -> Int {
        matcher.unusedEntries { entry in checkedFiles[entry.file]?.contains(entry.fingerprint.rule) == true }.count
    }

    private static func counted(_ count: Int, _ noun: String) -> String {
        count == 1 ? "1 \(noun)" : "\(count) \(noun)s"
    }

    /// The printed text form ends with the rule id, as compilers print a warning flag: `message [secret-in-query]`.
    static func taggedWithRuleID(_ diagnostic: Diagnostic) -> Diagnostic {
        guard let ruleID = diagnostic.ruleID else { return diagnostic }
        var tagged = diagnostic
        tagged.message += " [\(ruleID)]"
        return tagged
    }

    /// `--config`, or `.routegen-lint.json` in the route file's folder, or the defaults when there is none.
    private func configuration(forRouteFile path: String, sink: any DiagnosticSink) -> LintConfiguration {
        let configurationPath: String
        if let explicitConfigurationPath {
            configurationPath = explicitConfigurationPath
        } else {
            // Beside the route file: the same folder, whatever form the path was given in.
            if let slash = path.lastIndex(of: "/") {
                configurationPath = String(path[...slash]) + LintConfiguration.fileName
            } else {
                configurationPath = LintConfiguration.fileName
            }
        }
        let key = context.resolvedPath(configurationPath)
        if let known = configurations[key] { return known }
        let configuration: LintConfiguration
        if explicitConfigurationPath == nil && !context.fileSystem.fileExists(atPath: key) {
            configuration = LintConfiguration()
        } else {
            do {
                configuration = LintConfiguration.parse(try context.readText(atPath: configurationPath), path: configurationPath, diagnostics: sink)
            } catch {
                sink.emit(.error("cannot read lint configuration '\(configurationPath)': \(error.reason)", at: nil))
                configuration = LintConfiguration()
            }
        }
        configurations[key] = configuration
        return configuration
    }

    /// `--format json`, `sarif` or `github`: reads and checks `paths` itself, because every
    /// diagnostic (parser errors too) goes into one document on standard output instead of being printed.
    func runReport(paths: [String], report: DiagnosticCollector) -> ExitCode {
        let baselineUsable = loadBaseline(sink: report)
        if baselineUsable {
            _ = RouteFileLoader.load(paths: paths, context: context, sink: report) { model, source, sink in
                check(model: model, source: source, sink: sink)
            }
        }
        let diagnostics = report.diagnostics
        let finished = baselineUsable ? finishBaseline() : (line: nil, failed: false)
        switch format {
        case .text: break
        case .json: context.standardOutput.write(LintJSONReport.render(diagnostics, baseline: baselineCounts))
        case .sarif: context.standardOutput.write(SarifReport.render(diagnostics, toolVersion: routegenVersion))
        case .github: context.standardOutput.write(GitHubAnnotations.render(diagnostics))
        }
        if let line = finished.line, format != .json || isWritingBaseline || finished.failed {
            context.standardError.write(line + "\n")
        }
        return diagnostics.contains { $0.severity == .error } || finished.failed ? .failure : .success
    }
}
