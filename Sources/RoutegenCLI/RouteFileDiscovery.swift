import RoutegenCore

/// Expands `<file or folder>` arguments into route files.
///
/// A file is taken as given, whatever its extension. A folder means every `*.routes` file
/// in it and in its subfolders (folders whose name starts with `.` are skipped, so `.build`
/// and `.git` are never searched), sorted by path in UTF-8 byte order. Arguments keep their
/// order; a file named twice is read once. Paths stay as the user wrote them
/// (`Specs` → `Specs/Library.routes`), so diagnostics point where the user looks.
public enum RouteFileDiscovery {
    /// The extension of route files, without the dot.
    public static let fileExtension = "routes"

    /// The route files named by `arguments`; problems (a missing path, a folder without route
    /// files) go to `diagnostics` as errors without a location.
    public static func routeFiles(for arguments: [String], context: CommandContext, diagnostics: any DiagnosticSink) -> [String] {
        var result: [String] = []
        var seen: Set<String> = []
        for argument in arguments {
            let resolved = context.resolvedPath(argument)
            guard context.fileSystem.fileExists(atPath: resolved) else {
                diagnostics.emit(.error("'\(argument)': no such file or folder", at: nil))
                continue
            }
            var found: [(shown: String, resolved: String)] = []
            if context.fileSystem.isDirectory(atPath: resolved) {
                collect(folder: argument, resolved: resolved, context: context, into: &found, diagnostics: diagnostics)
                found.sort { Array($0.shown.utf8).lexicographicallyPrecedes(Array($1.shown.utf8)) }
                if found.isEmpty {
                    diagnostics.emit(.error("folder '\(argument)' holds no .\(fileExtension) file; name a route file or another folder", at: nil))
                }
            } else {
                found = [(argument, resolved)]
            }
            for file in found where seen.insert(file.resolved).inserted {
                result.append(file.shown)
            }
        }
        return result
    }

    private static func collect(
        folder: String,
        resolved: String,
        context: CommandContext,
        into found: inout [(shown: String, resolved: String)],
        diagnostics: any DiagnosticSink
    ) {
        let names: [String]
        do {
            names = try context.fileSystem.contentsOfDirectory(atPath: resolved)
        } catch {
            diagnostics.emit(.error(error.description, at: nil))
            return
        }
        for name in names where !name.hasPrefix(".") {
            let shown = PathNormalizer.joined(folder, name)
            let entry = PathNormalizer.joined(resolved, name)
            if context.fileSystem.isDirectory(atPath: entry) {
                collect(folder: shown, resolved: entry, context: context, into: &found, diagnostics: diagnostics)
            } else if name.hasSuffix("." + fileExtension) {
                found.append((shown, entry))
            }
        }
    }
}
