// The app's own money type: routegen.json maps the description's Money schema to it, so the
// generated Book and BookDraft use it instead of declaring a type of their own.

/// An amount in a currency, as the app's design system shows it.
public nonisolated struct Money: Codable, Hashable, Sendable {
    /// The amount as the API writes it, in the currency's minor-unit-free decimal form.
    public var amount: String
    /// The ISO 4217 code.
    public var currency: String

    /// Creates an amount.
    public init(amount: String, currency: String) {
        self.amount = amount
        self.currency = currency
    }
}
