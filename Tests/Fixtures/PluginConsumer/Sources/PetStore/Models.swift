import EndpointKit

/// A pet in the store.
public struct Pet: Codable, Equatable, Sendable {
    public var id: ID<Pet>
    public var name: String

    public init(id: ID<Pet>, name: String) {
        self.id = id
        self.name = name
    }
}

/// What a client sends to add a pet.
public struct NewPet: Codable, Equatable, Sendable {
    public var name: String

    public init(name: String) { self.name = name }
}

/// The signed-in owner.
public struct Owner: Codable, Equatable, Sendable {
    public var name: String

    public init(name: String) { self.name = name }
}

extension NewPet: RouteAuditSample {
    /// What the generated audit tests send as the body of `addPet`.
    public static var auditSample: NewPet { NewPet(name: "Rex") }
}
