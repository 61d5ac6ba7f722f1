#ifndef NOWPLAYING_CSTATFS_SHIM_H
#define NOWPLAYING_CSTATFS_SHIM_H
/* statfs(2): which file system a file is on (its f_type), which Glibc's Swift module leaves out. */
#include <sys/vfs.h>
#endif
