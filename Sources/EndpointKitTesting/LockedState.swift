import HTTPWire

/// A value that several threads and tasks share, reachable only through a lock: HTTPWire's
/// `Locked`, which LocalServer's sockets use too.
typealias LockedState<State: Sendable> = Locked<State>
