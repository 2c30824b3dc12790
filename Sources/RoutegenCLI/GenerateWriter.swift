import RoutegenCore
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#elseif canImport(ucrt)
import ucrt
#endif

/// A file system that can move a file over another in one step, as POSIX `rename` does.
public protocol FileMoving: FileSystem {
    /// Moves the file at `source` to `destination`, replacing it in one step.
    func moveItem(atPath source: String, replacing destination: String) throws(FileSystemError)
}

extension LocalFileSystem: FileMoving {
    /// `rename(2)`: atomic on one file system, which a temporary file in the same folder guarantees.
    public func moveItem(atPath source: String, replacing destination: String) throws(FileSystemError) {
        guard rename(source, destination) == 0 else {
            throw FileSystemError(path: destination, reason: "cannot be replaced")
        }
    }
}

/// Applies a `GeneratePlan` so that a failure part-way leaves either the old set of files
/// or the new one: every new content goes to a temporary file in its target's folder first;
/// only when all are written are they renamed over their targets, then stale files removed.
struct GenerateWriter {
    /// The context whose file system is written.
    var context: CommandContext

    /// Applies `plan`; on a failure before the renames, removes the temporary files and
    /// rethrows, leaving the output folder's files as they were.
    func apply(_ plan: GeneratePlan) throws(FileSystemError) {
        let writes = plan.changes.filter { $0.kind != .remove }
        let targets = writes.map { context.resolvedPath($0.path) }
        var folders: [String] = []
        var seenFolders: Set<String> = []
        for target in targets where seenFolders.insert(Self.parent(of: target)).inserted {
            folders.append(Self.parent(of: target))
        }
        for folder in folders { try context.fileSystem.createDirectory(atPath: folder) }
        let staging = Self.write(writes.map(\.newUTF8), at: targets, to: context.fileSystem)
        if let failure = staging.failure {
            for index in staging.staged { try? context.fileSystem.removeItem(atPath: Self.temporaryPath(for: targets[index])) }
            throw failure
        }
        for target in targets {
            try move(Self.temporaryPath(for: target), over: target)
        }
        var emptiedCandidates: [String] = []
        for change in plan.changes where change.kind == .remove {
            let path = context.resolvedPath(change.path)
            try context.fileSystem.removeItem(atPath: path)
            let folder = Self.parent(of: path)
            if !emptiedCandidates.contains(folder) { emptiedCandidates.append(folder) }
        }
        // A folder left empty by removing generated files (an API's old folder after its
        // `api` line was renamed) goes too; one that still holds anything stays.
        for folder in emptiedCandidates.sorted(by: { $0.count > $1.count })
        where (try? context.fileSystem.contentsOfDirectory(atPath: folder))?.isEmpty == true {
            try context.fileSystem.removeItem(atPath: folder)
        }
    }

    /// Writes each content to its target's temporary file, in order, up to the first write that
    /// fails: the indices written, and that write's error.
    private static func write(_ contents: [[UInt8]], at targets: [String], to fileSystem: any FileSystem) -> (staged: [Int], failure: FileSystemError?) {
        var staged: [Int] = []
        for index in targets.indices {
            do {
                try fileSystem.writeTemporaryFile(contents[index], toPath: temporaryPath(for: targets[index]))
            } catch {
                return (staged, error)
            }
            staged.append(index)
        }
        return (staged, nil)
    }

    private func move(_ source: String, over destination: String) throws(FileSystemError) {
        if let mover = context.fileSystem as? any FileMoving {
            try mover.moveItem(atPath: source, replacing: destination)
        } else {
            // A file system without rename (the in-memory one) replaces a file in one step anyway.
            let contents = try context.fileSystem.readFile(atPath: source)
            try context.fileSystem.writeFileAtomically(contents, toPath: destination)
            try context.fileSystem.removeItem(atPath: source)
        }
    }

    /// `folder/.name.routegen-tmp`: in the target's folder, so the rename stays on one file
    /// system, and hidden, so discovery and the stale-file scan never see it.
    static func temporaryPath(for target: String) -> String {
        let folder = parent(of: target)
        let name = target.split(separator: "/").last.map(String.init) ?? target
        return PathNormalizer.joined(folder, "." + name + ".routegen-tmp")
    }

    static func parent(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }
}
