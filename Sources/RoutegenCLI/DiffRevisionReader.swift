import Foundation

/// Reads a file as it was at a revision, for `routegen diff --base REV`; tests inject their own.
protocol DiffRevisionReader: Sendable {
    /// The text of `path` (as the user wrote it, relative to `currentDirectory` unless absolute) at `revision`.
    func text(ofPath path: String, atRevision revision: String, currentDirectory: String) throws(DiffRevisionError) -> String
}

/// Why a revision could not be read, worded for a person.
struct DiffRevisionError: Error, Hashable, Sendable {
    /// What went wrong, lower case.
    var reason: String
}

/// Runs `git show REV:./name` in the file's folder, so relative and absolute paths both work
/// and git resolves the path against its own checkout.
struct GitRevisionReader: DiffRevisionReader {
    func text(ofPath path: String, atRevision revision: String, currentDirectory: String) throws(DiffRevisionError) -> String {
        let absolute = path.hasPrefix("/") ? path : currentDirectory + "/" + path
        let slash = absolute.lastIndex(of: "/") ?? absolute.startIndex
        let folder = String(absolute[..<slash])
        let name = String(absolute[absolute.index(after: slash)...])

        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git", "show", revision + ":./" + name]
        process.currentDirectoryURL = URL(fileURLWithPath: folder.isEmpty ? "/" : folder)
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        do {
            try process.run()
        } catch {
            throw DiffRevisionError(reason: "cannot run git: \(error.localizedDescription)")
        }
        // Read before waiting: a large file would otherwise fill the pipe and block git.
        let data = output.fileHandleForReading.readDataToEndOfFile()
        let errorData = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            let message = String(decoding: errorData, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
            throw DiffRevisionError(reason: message.isEmpty ? "git show failed" : message.lowercased())
        }
        return String(decoding: data, as: UTF8.self)
    }
}
