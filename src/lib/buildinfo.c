/* The build's compiled-in facts; the Makefile builds this file once per binary (./lockers, the installed one). */
#include "lib/buildinfo.h"
#include "version.h"		/* build/version.h, from scripts/version-gen */

#ifndef LOCKERS_DATADIR
#define LOCKERS_DATADIR ""
#endif

const char lockers_version[] = LOCKERS_VERSION;
const char lockers_datadir[] = LOCKERS_DATADIR;
