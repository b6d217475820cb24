#define _GNU_SOURCE
#include "terminal_shim.h"
#include <fcntl.h>
#include <spawn.h>
#include <stdlib.h>
#include <unistd.h>

int terminal_shim_open(char *name, size_t size) {
  int master = posix_openpt(O_RDWR | O_NOCTTY);
  if (master < 0) return -1;
  if (grantpt(master) != 0 || unlockpt(master) != 0 || ptsname_r(master, name, size) != 0) {
    close(master);
    return -1;
  }
  return master;
}

short terminal_shim_spawn_setsid_flag(void) { return POSIX_SPAWN_SETSID; }
