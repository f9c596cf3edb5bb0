/* What the build compiled in (Makefile): the version, and where an installed binary's rules are. */
#ifndef LOCKERS_BUILDINFO_H
#define LOCKERS_BUILDINFO_H

/* scripts/version-gen: git describe in a git checkout, else the VERSION file. */
extern const char lockers_version[];
/*
 * $(PREFIX)/share/lockers in the binary make install installs; "" in
 * ./lockers, which finds the rules beside itself (rules_default_dir()).
 */
extern const char lockers_datadir[];

#endif
