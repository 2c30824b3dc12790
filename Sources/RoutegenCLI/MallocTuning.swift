#if canImport(Glibc)
import Glibc
#endif

/// How the process asks glibc's allocator to behave (Linux; nothing elsewhere). Each setting
/// was measured with interleaved runs of the release binary; see docs/performance.md.
///
/// `malloc.h` is not part of the Glibc module, so its functions are looked up by name.
enum MallocTuning {
    /// Keeps blocks of up to 32 MB in the heap (`mallopt(M_MMAP_THRESHOLD, 32 MB)`), from the
    /// start of a `generate` or `check` on. By default glibc maps a large block (from 128 KB,
    /// growing as such blocks are freed) with `mmap` of its own: each then costs two system calls,
    /// which take the address space's lock and so stall the other core's page faults, and a page
    /// fault for every new page. The writers' buffers and the syntax arrays are such blocks. Reused
    /// from the heap, a 10,000-route generate took 969 ms against 1,223 (CPU 1,658 against 1,781
    /// ms), for 1.5 MB more peak memory. Not for `import`: there it saved nothing measurable and
    /// cost 1 MB of Box's peak, which is held to 10× the input.
    static func keepLargeBlocksInTheHeap() {
        setOption(-3, to: 32 << 20)  // M_MMAP_THRESHOLD in malloc.h
    }

    /// Gives the pages freed so far back to the system (Linux: `malloc_trim`), after the front end
    /// and after emission. The syntax trees are many small allocations, freed all at once when the
    /// models are made; glibc keeps those pages, so without this a large API's emission starts on
    /// top of the whole front end's peak in resident memory, not of what is still alive.
    static func returnFreedMemory() {
        #if canImport(Glibc)
        typealias MallocTrim = @convention(c) (Int) -> Int32
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "malloc_trim") else { return }
        _ = unsafeBitCast(symbol, to: MallocTrim.self)(0)
        #endif
    }

    /// Makes every thread allocate from one malloc arena (Linux: `mallopt(M_ARENA_MAX, 1)`), after
    /// the front end and before emission. glibc gives each thread an arena of its own, and each
    /// keeps the garbage of its writers' doubling buffers and small strings apart: 4 to 5 MB more
    /// resident memory at the end of a 10,000-route emission. Not before: the front end's two
    /// cores parse and resolve in many small allocations, and behind one arena's lock they took
    /// turns (a 1,000-route generate 160 ms against 140 ms, interleaved runs).
    static func shareOneArena() {
        setOption(-8, to: 1)  // M_ARENA_MAX in malloc.h
    }

    /// `mallopt(option, value)`.
    private static func setOption(_ option: Int32, to value: Int32) {
        #if canImport(Glibc)
        typealias MallocOption = @convention(c) (Int32, Int32) -> Int32
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "mallopt") else { return }
        _ = unsafeBitCast(symbol, to: MallocOption.self)(option, value)
        #endif
    }
}
