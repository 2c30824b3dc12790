import RoutegenCore
import RoutegenSamples

/// What the emitters of one API share, made once before any file is written: the sample maker,
/// the declared types by name, the concrete uses of the generic ones, and the declared types
/// split into files by the group whose routes name them first.
///
/// Each is a walk over the whole API (5,000 types and 10,000 routes in the large benchmark, some
/// 20 ms apiece there); the sources and the audit tests both need them, and made together they
/// run as jobs on the cores rather than one after another inside each emitter.
public struct PreparedAPI: Sendable {
    /// The API the files are emitted for.
    public let api: APIModel
    /// The maker of the served and audit samples: each declared type's sample is made once.
    public let samples: SampleMaker
    /// The first declaration of each name.
    let typesByName: [String: TypeDeclaration]
    /// The concrete uses of each generic declared type, for the preview samples.
    let concreteUses: [String: [[TypeReference]]]
    /// The declared types by the group whose routes name them first, every part kept (see
    /// `ModelsEmitter.typesByFirstGroup`); nil unless the options lay models out per group.
    private let partsByFirstGroup: [(stem: String, types: [TypeDeclaration])]?

    /// Prepares `api` for emitting with `options`. `samples` is used when given (a maker the
    /// caller shares further). `sideJob` runs as one more job beside the preparation, so the
    /// caller's own single-core work (freeing the syntax tree) shares the cores with it.
    public init(api: APIModel, options: EmitOptions, samples: SampleMaker? = nil, alongside sideJob: (() -> Void)? = nil) {
        self.api = api
        var maker = samples
        var byName: [String: TypeDeclaration] = [:]
        var uses: [String: [[TypeReference]]] = [:]
        var parts: [(stem: String, types: [TypeDeclaration])]?
        let perGroup = if case .perGroup = options.modelFiles { true } else { false }
        _ = ConcurrentJobs.each(count: 4) { job in
            switch job {
            case 0: sideJob?()
            case 1: if maker == nil { maker = SampleMaker(api: api) }
            case 2:
                byName = api.typesByName()
                uses = ConcreteGenericUses.collect(api: api, typesByName: byName)
            default: if perGroup { parts = ModelsEmitter.typesByFirstGroup(api, everyFile: true) }
            }
        }
        self.samples = maker!
        typesByName = byName
        concreteUses = uses
        partsByFirstGroup = parts
    }

    /// The declared types by the group whose routes name them first; empty parts only when
    /// `everyFile`. Made now when the API was prepared for another layout.
    func typesByFirstGroup(everyFile: Bool) -> [(stem: String, types: [TypeDeclaration])] {
        let parts = partsByFirstGroup ?? ModelsEmitter.typesByFirstGroup(api, everyFile: true)
        return everyFile ? parts : parts.filter { !$0.types.isEmpty }
    }

}
