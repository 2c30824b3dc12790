import Foundation

/// Somewhere a command writes text: the terminal, or a string a test reads back.
public protocol OutputSink: AnyObject {
    /// Writes `text` as is; callers include their own line breaks.
    func write(_ text: String)
}

/// Writes to a file descriptor of the process (standard output or standard error).
public final class FileHandleOutputSink: OutputSink {
    private let handle: FileHandle

    /// Creates a sink writing to `handle`.
    public init(handle: FileHandle) {
        self.handle = handle
    }

    public func write(_ text: String) {
        handle.write(Data(text.utf8))
    }
}

/// Keeps everything written, for tests that assert exact output.
public final class StringOutputSink: OutputSink {
    /// Everything written so far.
    public private(set) var text = ""

    /// Creates an empty sink.
    public init() {}

    public func write(_ text: String) {
        self.text += text
    }
}
