/*
 * Command-line options from a table, after git's parse-options: each
 * command lists its options once (short and long name, type, where the value
 * goes, help), and the parser and the usage text both come from that list.
 */
#ifndef LOCKERS_PARSE_OPTIONS_H
#define LOCKERS_PARSE_OPTIONS_H

#include <stddef.h>
#include <stdio.h>

enum option_type {
	OPTION_END,
	OPTION_GROUP,		/* a heading in the usage text, not an option */
	OPTION_SET_INT,		/* no argument: *(int *)value = defval */
	OPTION_INTEGER,		/* *(int *)value = N, lo <= N <= hi */
	OPTION_STRING,		/* *(const char **)value = the argument (argv's own) */
	OPTION_STRVEC,		/* the argument pushed to (struct strvec *)value: repeatable */
	OPTION_CALLBACK,	/* callback(opt, arg, ...): 0, or -1 with a message in err */
};

struct option {
	enum option_type type;
	int short_name;		/* 0: none */
	const char *long_name;	/* NULL: none */
	void *value;
	const char *argh;	/* the argument's name in the usage ("N", "DIR"); NULL: none */
	const char *help;
	int defval;		/* OPTION_SET_INT */
	int lo, hi;		/* OPTION_INTEGER */
	int (*callback)(const struct option *opt, const char *arg, char *err, size_t errlen);
};

/* A compile-time check that a value pointer has the type its option writes. */
#define OPT_TYPED_(type, v) (1 ? (v) : (type *)0)

#define OPT_END() { .type = OPTION_END }
#define OPT_GROUP(h) { .type = OPTION_GROUP, .help = (h) }
#define OPT_SET_INT(s, l, v, h, i) { .type = OPTION_SET_INT, .short_name = (s), .long_name = (l), \
	.value = OPT_TYPED_(int, v), .help = (h), .defval = (i) }
#define OPT_BOOL(s, l, v, h) OPT_SET_INT(s, l, v, h, 1)
#define OPT_INTEGER(s, l, v, a, min, max, h) { .type = OPTION_INTEGER, .short_name = (s), .long_name = (l), \
	.value = OPT_TYPED_(int, v), .argh = (a), .help = (h), .lo = (min), .hi = (max) }
#define OPT_STRING(s, l, v, a, h) { .type = OPTION_STRING, .short_name = (s), .long_name = (l), \
	.value = OPT_TYPED_(const char *, v), .argh = (a), .help = (h) }
#define OPT_STRVEC(s, l, v, a, h) { .type = OPTION_STRVEC, .short_name = (s), .long_name = (l), \
	.value = OPT_TYPED_(struct strvec, v), .argh = (a), .help = (h) }
#define OPT_CALLBACK(s, l, v, a, h, fn) { .type = OPTION_CALLBACK, .short_name = (s), .long_name = (l), \
	.value = (v), .argh = (a), .help = (h), .callback = (fn) }

struct strvec;

/* What a command's usage says around its options. */
struct usage {
	const char *synopsis;	/* "lockers check [options] [KDIR [PATH...]]"; '\n' between forms */
	const char *about;	/* what the command does, before the options, or NULL */
	const char *footer;	/* after the options (output format, exit codes), or NULL */
};

/*
 * Parse argv[1..argc) against opts (ended by OPT_END()). Options may come
 * before, between and after the other arguments, as with GNU getopt: a long
 * name may be shortened to a unique prefix, "--name=value" and "--name value",
 * "-j4" and "-j 4" and "-qj4" all work, and "--" ends the options. The other
 * arguments are moved, in their order, to argv[0..n) and n is returned.
 * -h and --help print the usage on stdout and exit 0; an unknown option, a
 * missing or unwanted argument, or a bad value is an error on stderr, with
 * the usage for the first three, and exits 2.
 */
int parse_options(int argc, char **argv, const struct option *opts, const struct usage *u);
/* The usage text generated from the table. */
void usage_print(FILE *out, const struct usage *u, const struct option *opts);
/* The usage on stderr, and exit 2: for arguments the table cannot check. */
void usage_with_options(const struct usage *u, const struct option *opts) __attribute__((noreturn));

#endif
