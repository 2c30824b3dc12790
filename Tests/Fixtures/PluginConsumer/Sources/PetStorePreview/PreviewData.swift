// Hand-written beside the generated samples and preview client: what a preview shows.
import EndpointKit
public import PetStore

nonisolated extension Pet {
    /// The pets a list's preview shows: the served sample, and one of another kind.
    public static var previewList: [Pet] {
        [Pet.sample, Pet(id: ID("pet-2"), name: "Tom", kind: .cat)]
    }
}
