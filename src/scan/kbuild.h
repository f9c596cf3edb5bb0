/*
 * kbuild: what a directory's Makefile (or Kbuild) says of its objects, read
 * as text: the assignments one a line, and the composite objects
 * (ib_core-y := ... device.o cache.o) Kbuild links into one module.
 */
#ifndef LOCKERS_KBUILD_H
#define LOCKERS_KBUILD_H

struct strbuf;
struct strvec;

/* KDIR/DIR/Kbuild, else KDIR/DIR/Makefile, with continuation lines joined:
 * one assignment a line. Returns 0, or -1 when neither can be read. */
int kbuild_read_makefile(const char *kdir, const char *dir, struct strbuf *text);

/*
 * The parts of the composite object that lists obj ("device.o") in DIR's
 * Makefile: every word ending in .o on a `name-y`, `name-objs`, `name-m` or
 * `name-$(CONFIG_X)` line of that name, whatever the option, as paths of
 * their .c files relative to KDIR ("drivers/infiniband/core/cache.c"),
 * obj's own included. Returns how many, 0 when obj is part of no composite
 * object (a module of one file, or built into the kernel by obj-y).
 */
int kbuild_composite_parts(const char *kdir, const char *dir, const char *obj, struct strvec *parts);
/* The same, from the text kbuild_read_makefile() gives (continuations joined). */
int kbuild_composite_parts_of(const char *makefile, const char *dir, const char *obj, struct strvec *parts);

#endif
