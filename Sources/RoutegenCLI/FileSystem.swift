import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The file operations commands need, so tests can run commands on an in-memory tree.
///
/// Every path given to a file system is absolute and normalized (no `.` or `..`, no
/// trailing `/`); `CommandContext.resolvedPath(_:)` makes it so.
public protocol FileSystem: AnyObject {
    /// The bytes of the file at `path`.
    func readFile(atPath path: String) throws(FileSystemError) -> [UInt8]
    /// Replaces the file at `path` with `contents` so that readers see the old or the new
    /// file, never a half-written one. The parent folder must exist.
    func writeFileAtomically(_ contents: [UInt8], toPath path: String) throws(FileSystemError)
    /// `writeFileAtomically(_:toPath:)` with the UTF-8 bytes of `text`: a file system that can
    /// write them from the string spares a copy (`CommandContext.writeText`: an imported route
    /// file, an export, a formatted route file).
    func writeFileAtomically(text: String, toPath path: String) throws(FileSystemError)
    /// Writes `contents` at `path`, replacing any file there, but not in one step: for a
    /// temporary file that nobody reads before it is renamed over its target.
    func writeTemporaryFile(_ contents: [UInt8], toPath path: String) throws(FileSystemError)
    /// Whether anything exists at `path`.
    func fileExists(atPath path: String) -> Bool
    /// Whether `path` is a folder.
    func isDirectory(atPath path: String) -> Bool
    /// The names (not paths) of the entries of the folder at `path`, sorted by their UTF-8 bytes.
    func contentsOfDirectory(atPath path: String) throws(FileSystemError) -> [String]
    /// Creates the folder at `path` and any missing parents; does nothing if it exists.
    func createDirectory(atPath path: String) throws(FileSystemError)
    /// Removes the file or folder (with its contents) at `path`.
    func removeItem(atPath path: String) throws(FileSystemError)
    /// The size in bytes of the file at `path`, when it can be known without reading it.
    func fileSize(atPath path: String) -> Int?
}

extension FileSystem {
    /// Unknown by default: readers then read the file and check its size afterwards.
    public func fileSize(atPath path: String) -> Int? { nil }

    /// The text's bytes copied into an array, by default.
    public func writeFileAtomically(text: String, toPath path: String) throws(FileSystemError) {
        try writeFileAtomically(Array(text.utf8), toPath: path)
    }

    /// Atomically, by default.
    public func writeTemporaryFile(_ contents: [UInt8], toPath path: String) throws(FileSystemError) {
        try writeFileAtomically(contents, toPath: path)
    }
}

/// Why a file operation failed, worded for a person.
public struct FileSystemError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The path the operation was about, as the file system received it.
    public var path: String
    /// What went wrong, lower case: `no such file or folder`.
    public var reason: String

    /// Creates an error.
    public init(path: String, reason: String) {
        self.path = path
        self.reason = reason
    }

    /// `'path': reason`.
    public var description: String { "'\(path)': \(reason)" }
}

/// The real disk, through Foundation's FileManager.
public final class LocalFileSystem: FileSystem {
    private let manager = FileManager.default

    /// Creates the disk file system.
    public init() {}

    /// Read with `read(2)` straight into the array: through `Data` a 3 MB description was
    /// read into one buffer and copied into another, twice its pages touched (and faulted in).
    public func readFile(atPath path: String) throws(FileSystemError) -> [UInt8] {
        if isDirectory(atPath: path) { throw FileSystemError(path: path, reason: "is a folder, not a file") }
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw FileSystemError(path: path, reason: fileExists(atPath: path) ? "cannot be read" : "no such file or folder")
        }
        defer { close(descriptor) }
        var status = stat()
        // Regular files only, as Foundation's `contents(atPath:)` read them (not /dev/stdin or a pipe).
        guard fstat(descriptor, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG else {
            throw FileSystemError(path: path, reason: "cannot be read")
        }
        // One byte more than the size, so a file read whole is known to be at its end.
        let expected = Int(status.st_size)
        var failed = false
        var bytes = [UInt8](unsafeUninitializedCapacity: expected + 1) { buffer, count in
            count = 0
            while count < buffer.count {
                let got = read(descriptor, buffer.baseAddress! + count, buffer.count - count)
                if got > 0 {
                    count += got
                } else if got == 0 {
                    return
                } else if errno != EINTR {
                    failed = true
                    return
                }
            }
        }
        // A file that grew while it was read: the rest in chunks, up to its end.
        if !failed, bytes.count == expected + 1 {
            var chunk = [UInt8](repeating: 0, count: 65_536)
            while true {
                let got = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress!, $0.count) }
                if got > 0 {
                    bytes.append(contentsOf: chunk[..<got])
                } else if got == 0 {
                    break
                } else if errno != EINTR {
                    failed = true
                    break
                }
            }
        }
        guard !failed else { throw FileSystemError(path: path, reason: "cannot be read") }
        return bytes
    }

    /// Writes a temporary file beside `path`, then renames it over `path`: a reader sees the old
    /// file or the new one, never half of one.
    ///
    /// Without the `fsync` that Foundation's atomic write adds: generated files are rebuilt from
    /// the route file at will, so surviving a power cut is not worth a disk flush per file
    /// (43 flushes were a fifth of generating a 1,000-route API). Build tools skip it alike.
    public func writeFileAtomically(_ contents: [UInt8], toPath path: String) throws(FileSystemError) {
        let failure = contents.withUnsafeBytes { bytes in writeAtomically(bytes, toPath: path) }
        if let failure { throw failure }
    }

    /// Writes the text's own UTF-8 bytes, with no copy of them.
    public func writeFileAtomically(text: String, toPath path: String) throws(FileSystemError) {
        var text = text
        let failure = text.withUTF8 { bytes in writeAtomically(UnsafeRawBufferPointer(bytes), toPath: path) }
        if let failure { throw failure }
    }

    /// Straight to `path`: the temporary file `GenerateWriter` renames once every file is written
    /// needs no temporary file of its own (a rename, a `getpid` and a `getrandom` less per file).
    public func writeTemporaryFile(_ contents: [UInt8], toPath path: String) throws(FileSystemError) {
        let failure = contents.withUnsafeBufferPointer { bytes -> FileSystemError? in
            let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o666)
            guard descriptor >= 0 else { return FileSystemError(path: path, reason: "cannot be written") }
            let wroteAll = Self.writeAll(UnsafeRawBufferPointer(bytes), to: descriptor)
            guard close(descriptor) == 0, wroteAll else {
                unlink(path)
                return FileSystemError(path: path, reason: "cannot be written")
            }
            return nil
        }
        if let failure { throw failure }
    }

    /// The write of both: the error it met, returned (the closures that lend the bytes cannot
    /// throw a typed error).
    private func writeAtomically(_ bytes: UnsafeRawBufferPointer, toPath path: String) -> FileSystemError? {
        let temporary = Self.temporaryPath(beside: path)
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
        guard descriptor >= 0 else { return FileSystemError(path: path, reason: "cannot be written") }
        let wroteAll = Self.writeAll(bytes, to: descriptor)
        let closed = close(descriptor) == 0
        guard wroteAll, closed, rename(temporary, path) == 0 else {
            unlink(temporary)
            return FileSystemError(path: path, reason: "cannot be written")
        }
        return nil
    }

    /// Whether all of `bytes` went to `descriptor`.
    private static func writeAll(_ bytes: UnsafeRawBufferPointer, to descriptor: Int32) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let written = write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
            if written < 0 {
                if errno == EINTR { continue }
                return false
            }
            offset += written
        }
        return true
    }

    /// `folder/.name.routegen-<pid>-<random>`: hidden, in the same folder so the rename stays
    /// on one file system, and unique so two runs never share one.
    private static func temporaryPath(beside path: String) -> String {
        let slash = path.lastIndex(of: "/")
        let folder = slash.map { String(path[...$0]) } ?? ""
        let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
        return folder + "." + name + ".routegen-" + String(getpid()) + "-" + String(UInt32.random(in: .min ... .max), radix: 16)
    }

    public func fileExists(atPath path: String) -> Bool {
        manager.fileExists(atPath: path)
    }

    public func fileSize(atPath path: String) -> Int? {
        var status = stat()
        guard stat(path, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG else { return nil }
        return Int(status.st_size)
    }

    public func isDirectory(atPath path: String) -> Bool {
        var isDirectory: ObjCBool = false
        return manager.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue
    }

    public func contentsOfDirectory(atPath path: String) throws(FileSystemError) -> [String] {
        do {
            return try manager.contentsOfDirectory(atPath: path).sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }
        } catch {
            throw FileSystemError(path: path, reason: fileExists(atPath: path) ? "cannot be listed" : "no such file or folder")
        }
    }

    public func createDirectory(atPath path: String) throws(FileSystemError) {
        do {
            try manager.createDirectory(atPath: path, withIntermediateDirectories: true)
        } catch {
            throw FileSystemError(path: path, reason: "cannot create folder")
        }
    }

    public func removeItem(atPath path: String) throws(FileSystemError) {
        do {
            try manager.removeItem(atPath: path)
        } catch {
            throw FileSystemError(path: path, reason: fileExists(atPath: path) ? "cannot be removed" : "no such file or folder")
        }
    }
}
