#ifndef TERMINAL_SHIM_H
#define TERMINAL_SHIM_H
#include <stddef.h>

/* Opens a new pseudo-terminal: returns the master's descriptor and writes the slave's path into `name` (of `size`
 * bytes), or returns -1. Swift's Glibc module does not show posix_openpt and its kin, which need _GNU_SOURCE. */
int terminal_shim_open(char *name, size_t size);

/* POSIX_SPAWN_SETSID, for posix_spawnattr_setflags: the child starts a session of its own. */
short terminal_shim_spawn_setsid_flag(void);

#endif
