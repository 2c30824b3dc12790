import RoutegenCore
import RoutegenSamples

/// What the emitters of one API share, made once before any file is written: the sample maker,
/// the declared types by name, the concrete uses of the generic ones, and the declared types
/// split into files by the group whose routes name them first. Each is a walk over the whole
/// API that the sources and the audit tests both need.
public struct PreparedAPI: Sendable {
    /// The API the files are emitted for.
    public let api: APIModel
    /// The maker of the served and audit samples: each declared type's sample is made once.
    public let samples: SampleMaker
    /// The first declaration of each name.
    let typesByName: [String: TypeDeclaration]
    /// The concrete uses of each generic declared type, for the preview samples.
    let concreteUses: [String: [[TypeReference]]]
    /// Which module each type name comes from, for the files' imports.
    let origins: TypeOrigins
    /// The declared types by the group whose routes name them first, every part kept (see
    /// `ModelsEmitter.typesByFirstGroup`); nil unless the options lay models out per group.
    private let partsByFirstGroup: [(stem: String, types: [TypeDeclaration])]?

    /// Prepares `api` for emitting with `options`. `samples` is used when given (a maker the
    /// caller shares further).
    public init(api: APIModel, options: EmitOptions, samples: SampleMaker? = nil) {
        self.api = api
        self.samples = samples ?? SampleMaker(api: api)
        typesByName = api.typesByName()
        concreteUses = ConcreteGenericUses.collect(api: api, typesByName: typesByName)
        origins = TypeOrigins(api: api)
        if case .perGroup = options.modelFiles {
            partsByFirstGroup = ModelsEmitter.typesByFirstGroup(api, everyFile: true)
        } else {
            partsByFirstGroup = nil
        }
    }

    /// The declared types by the group whose routes name them first; empty parts only when
    /// `everyFile`. Made now when the API was prepared for another layout.
    func typesByFirstGroup(everyFile: Bool) -> [(stem: String, types: [TypeDeclaration])] {
        let parts = partsByFirstGroup ?? ModelsEmitter.typesByFirstGroup(api, everyFile: true)
        return everyFile ? parts : parts.filter { !$0.types.isEmpty }
    }
}
