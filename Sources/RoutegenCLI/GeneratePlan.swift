#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import RoutegenCore
import RoutegenEmit

/// The difference between what `generate` would write and what the output folder holds:
/// files to create, update or remove, files already right, and user files in the way.
///
/// Only files under the folders of the APIs being generated (`<Api>API/`,
/// `<Api>APIAuditTests/`) are considered, plus the files of other such folders whose header
/// names a route file this run generates (what it wrote before its `api` was renamed); and
/// only files that start with the routegen header are ever updated or removed; everything
/// else in the output folder is the user's.
struct GeneratePlan {
    /// One file that differs.
    struct Change {
        /// What happens to the file.
        enum Kind {
            /// It does not exist yet.
            case create
            /// It exists with other contents.
            case update
            /// It was generated, but nothing generates it any more (its group or API is gone).
            case remove
        }

        /// What happens.
        var kind: Kind
        /// The path as shown to the user: the output folder as given, then the relative path.
        var path: String
        /// The contents on disk now; empty for `create`.
        var oldContents: String
        /// The UTF-8 `generate` writes; empty for `remove`.
        var newUTF8: [UInt8]

        /// The text `generate` writes; empty for `remove`.
        var newContents: String { String(decoding: newUTF8, as: UTF8.self) }
    }

    /// The files that differ, sorted by path.
    var changes: [Change] = []
    /// Paths of generated files that are already up to date.
    var unchangedPaths: [String] = []
    /// Paths `generate` must write that hold a file routegen did not write (or a folder).
    var conflictingPaths: [String] = []

    /// Whether the folder already holds exactly what `generate` writes.
    var isUpToDate: Bool { changes.isEmpty && conflictingPaths.isEmpty }

    /// Compares `files` (relative to `outputFolder`) with the folder; `ownedFolders` are the
    /// relative folders whose stale generated files are removed. In the other top-level folders
    /// whose name ends with one of `staleFolderSuffixes`, generated files whose header names one
    /// of `regeneratedSourcePaths` are removed too: that route file now declares another API.
    static func make(
        files: [GeneratedFile],
        ownedFolders: [String],
        regeneratedSourcePaths: Set<String> = [],
        staleFolderSuffixes: [String] = [],
        outputFolder: String,
        context: CommandContext
    ) throws(FileSystemError) -> GeneratePlan {
        var plan = GeneratePlan()
        let fileSystem = context.fileSystem
        var expected: Set<String> = []
        for file in files {
            let shown = PathNormalizer.joined(outputFolder, file.relativePath)
            let resolved = context.resolvedPath(shown)
            expected.insert(resolved)
            guard fileSystem.fileExists(atPath: resolved) else {
                plan.changes.append(Change(kind: .create, path: shown, oldContents: "", newUTF8: file.utf8))
                continue
            }
            if fileSystem.isDirectory(atPath: resolved) {
                plan.conflictingPaths.append(shown)
                continue
            }
            let bytes = try fileSystem.readFile(atPath: resolved)
            // Most files of a regeneration are unchanged: compared as bytes, never decoded.
            if Self.equal(file.utf8, bytes) {
                plan.unchangedPaths.append(shown)
                continue
            }
            let existing = String(decoding: bytes, as: UTF8.self)
            if GeneratedFileHeader.isGenerated(existing) {
                plan.changes.append(Change(kind: .update, path: shown, oldContents: existing, newUTF8: file.utf8))
            } else {
                plan.conflictingPaths.append(shown)
            }
        }
        for folder in ownedFolders {
            let shownFolder = PathNormalizer.joined(outputFolder, folder)
            for shown in try filesBelow(shownFolder, context: context) where !expected.contains(context.resolvedPath(shown)) {
                let existing = String(decoding: try fileSystem.readFile(atPath: context.resolvedPath(shown)), as: UTF8.self)
                if GeneratedFileHeader.isGenerated(existing) {
                    plan.changes.append(Change(kind: .remove, path: shown, oldContents: existing, newUTF8: []))
                }
            }
        }
        for folder in try renamedAPIFolders(in: outputFolder, besides: ownedFolders, suffixes: staleFolderSuffixes, context: context) {
            for shown in try filesBelow(PathNormalizer.joined(outputFolder, folder), context: context) {
                let existing = String(decoding: try fileSystem.readFile(atPath: context.resolvedPath(shown)), as: UTF8.self)
                if let source = GeneratedFileHeader.sourcePath(of: existing), regeneratedSourcePaths.contains(source) {
                    plan.changes.append(Change(kind: .remove, path: shown, oldContents: existing, newUTF8: []))
                }
            }
        }
        plan.changes.sort { Array($0.path.utf8).lexicographicallyPrecedes(Array($1.path.utf8)) }
        return plan
    }

    /// The top-level folders of the output folder shaped like an API's (`<Name>API`,
    /// `<Name>APIAuditTests`) that this run does not own, in name order.
    /// Whether the generated bytes are exactly the bytes read, compared in one `memcmp`.
    private static func equal(_ generated: [UInt8], _ read: [UInt8]) -> Bool {
        generated.withUnsafeBufferPointer { generated in
            read.withUnsafeBufferPointer { read in
                generated.count == read.count && (generated.isEmpty || memcmp(generated.baseAddress!, read.baseAddress!, generated.count) == 0)
            }
        }
    }

    private static func renamedAPIFolders(
        in outputFolder: String, besides ownedFolders: [String], suffixes: [String], context: CommandContext
    ) throws(FileSystemError) -> [String] {
        guard !suffixes.isEmpty else { return [] }
        let resolved = context.resolvedPath(outputFolder)
        guard context.fileSystem.isDirectory(atPath: resolved) else { return [] }
        return try context.fileSystem.contentsOfDirectory(atPath: resolved).filter { name in
            !name.hasPrefix(".") && !ownedFolders.contains(name)
                && suffixes.contains(where: { name.hasSuffix($0) })
                && context.fileSystem.isDirectory(atPath: PathNormalizer.joined(resolved, name))
        }
    }

    /// Every file below `folder` (shown form), skipping names that start with `.`; none when
    /// the folder does not exist.
    private static func filesBelow(_ folder: String, context: CommandContext) throws(FileSystemError) -> [String] {
        let resolved = context.resolvedPath(folder)
        guard context.fileSystem.isDirectory(atPath: resolved) else { return [] }
        var result: [String] = []
        for name in try context.fileSystem.contentsOfDirectory(atPath: resolved) where !name.hasPrefix(".") {
            let shown = PathNormalizer.joined(folder, name)
            if context.fileSystem.isDirectory(atPath: context.resolvedPath(shown)) {
                result += try filesBelow(shown, context: context)
            } else {
                result.append(shown)
            }
        }
        return result
    }
}
