// The C allocator's settings the server starts with: `npm start` sets them on its command line
// (apps/api/package.json), and the processes the tests and benchmarks start take them from here.
//
// glibc's malloc raises its mmap threshold each time a large block is freed, then serves such blocks
// from its arenas, whose free memory it gives back only above a trim threshold raised along (up to
// 64 MB): what V8 frees after compiling (the embedded PostgreSQL's WebAssembly, and the server's own
// code, in each thread) stayed in the process. Setting the trim threshold keeps both at their
// defaults (128 KB), and the freed memory goes back to the system: 40 to 55 MB less at idle on PGlite
// (docs/performance/memory.md). Other C libraries ignore the variable.
export const ALLOCATOR_ENV = { MALLOC_TRIM_THRESHOLD_: '131072' } as const;
