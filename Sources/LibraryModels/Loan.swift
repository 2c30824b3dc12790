import EndpointKit
import Foundation

/// A book the signed-in reader has borrowed.
public struct Loan: Codable, Equatable, Sendable {
    /// The borrowed book.
    public let book: ID<Book>
    /// When it must be returned.
    public let due: Date

    /// Creates a loan.
    public init(book: ID<Book>, due: Date) {
        self.book = book
        self.due = due
    }
}
