import Glibc

extension WorkerPool {
    /// Asks glibc to keep every thread's allocations in one arena, once, before the first worker starts.
    ///
    /// glibc gives a thread that allocates while another holds the main arena an arena of its own, and an arena
    /// keeps the pages of what was freed in it. The workers allocate only when a partition's lanes (or a partition solved
    /// together, its gathered inputs) grow, a few times in a world's life, so a second arena bought no speed; it held about 15 bytes a body more
    /// in a pile of 10,000 on two threads (docs/performance.md, "One arena for the workers"). Nothing is allocated
    /// per step, so the arena's lock is not contended while a world steps.
    static let keepsOneArena: Void = {
        // M_ARENA_MAX in glibc's malloc.h, which its Swift module does not declare, nor `mallopt`: looked up by name.
        let arenaMaximum: Int32 = -8
        typealias SetOption = @convention(c) (Int32, Int32) -> Int32
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "mallopt") else { return }
        _ = unsafeBitCast(symbol, to: SetOption.self)(arenaMaximum, 1)
    }()
}
