/* Command-line options from a table, and the usage text generated from it (parse-options.h). */
#include "lib/parse-options.h"
#include "lib/strbuf.h"
#include "lib/strvec.h"
#include "lib/util.h"

#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

enum { HELP_COLUMN = 23, TEXT_WIDTH = 80 };

/* What parsing one argument came to. */
enum parsed {
	PARSED_OK = 0,
	PARSED_BAD_VALUE = -1,	/* the message said what is wrong with it */
	PARSED_BAD_USAGE = -2,	/* unknown option, missing or unwanted value: the usage follows */
	PARSED_HELP = 1,	/* -h or --help */
};

/* How an option is named in messages: its long name when it has one. */
static void option_name(const struct option *o, char *buf, size_t len)
{
	if (o->long_name)
		snprintf(buf, len, "--%s", o->long_name);
	else
		snprintf(buf, len, "-%c", o->short_name);
}

static int takes_argument(const struct option *o)
{
	return o->type == OPTION_INTEGER || o->type == OPTION_STRING || o->type == OPTION_STRVEC ||
	       (o->type == OPTION_CALLBACK && o->argh);
}

/* Store the option's value; PARSED_OK, or PARSED_BAD_VALUE after an error message. */
static enum parsed apply(const struct option *o, const char *arg)
{
	char name[64], err[512];

	option_name(o, name, sizeof(name));
	switch (o->type) {
	case OPTION_SET_INT:
		*(int *)o->value = o->defval;
		return PARSED_OK;
	case OPTION_INTEGER: {
		char *end;
		errno = 0;
		long v = strtol(arg, &end, 10);
		if (errno || *end || end == arg || v < o->lo || v > o->hi) {
			error_msg("%s must be a number from %d to %d, not '%s'", name, o->lo, o->hi, arg);
			return PARSED_BAD_VALUE;
		}
		*(int *)o->value = (int)v;
		return PARSED_OK;
	}
	case OPTION_STRING:
		*(const char **)o->value = arg;
		return PARSED_OK;
	case OPTION_STRVEC:
		strvec_push(o->value, arg);
		return PARSED_OK;
	case OPTION_CALLBACK:
		if (!o->callback(o, arg, err, sizeof(err)))
			return PARSED_OK;
		error_msg("%s", err);
		return PARSED_BAD_VALUE;
	case OPTION_END:
	case OPTION_GROUP:
		break;
	}
	return PARSED_BAD_VALUE;
}

/* The long option `name` (len bytes) is, or uniquely begins: an exact name wins over prefixes. */
static const struct option *find_long(const struct option *opts, const char *name, size_t len,
				      int *ambiguous)
{
	const struct option *found = NULL;
	size_t matches = 0;

	*ambiguous = 0;
	for (const struct option *o = opts; o->type != OPTION_END; o++) {
		if (!o->long_name || strncmp(o->long_name, name, len))
			continue;
		if (!o->long_name[len])
			return o;
		found = o;
		matches++;
	}
	*ambiguous = matches > 1;
	return matches == 1 ? found : NULL;
}

static const struct option *find_short(const struct option *opts, int c)
{
	for (const struct option *o = opts; o->type != OPTION_END; o++)
		if (o->type != OPTION_GROUP && o->short_name == c)
			return o;
	return NULL;
}

/* "--all, --all-scores": the long names beginning with name. */
static void list_prefixed(struct strbuf *sb, const struct option *opts, const char *name, size_t len)
{
	for (const struct option *o = opts; o->type != OPTION_END; o++)
		if (o->long_name && !strncmp(o->long_name, name, len))
			strbuf_addf(sb, "%s--%s", sb->len ? ", " : "", o->long_name);
}

/* argv[*i] is "--name[=value]"; its value may be argv[*i + 1]. */
static enum parsed parse_long(int argc, char **argv, int *i, const struct option *opts)
{
	const char *name = argv[*i] + 2, *eq = strchr(name, '=');
	size_t len = eq ? (size_t)(eq - name) : strlen(name);
	int ambiguous;
	const struct option *o = find_long(opts, name, len, &ambiguous);

	if (!o && ambiguous) {
		struct strbuf sb = STRBUF_INIT;
		list_prefixed(&sb, opts, name, len);
		error_msg("ambiguous option '--%.*s' (%s)", (int)len, name, sb.buf);
		strbuf_release(&sb);
		return PARSED_BAD_USAGE;
	}
	if (!o) {
		error_msg("unknown option '--%.*s'", (int)len, name);
		return PARSED_BAD_USAGE;
	}
	if (!takes_argument(o)) {
		if (eq) {
			error_msg("option '--%s' takes no value", o->long_name);
			return PARSED_BAD_USAGE;
		}
		return apply(o, NULL);
	}
	if (eq)
		return apply(o, eq + 1);
	if (*i + 1 >= argc) {
		error_msg("option '--%s' requires a value", o->long_name);
		return PARSED_BAD_USAGE;
	}
	return apply(o, argv[++*i]);
}

/* argv[*i] is "-abc": flags, the last of which may take the rest or the next argument. */
static enum parsed parse_short(int argc, char **argv, int *i, const struct option *opts)
{
	for (const char *p = argv[*i] + 1; *p; p++) {
		const struct option *o = find_short(opts, (unsigned char)*p);
		if (!o && *p == 'h')
			return PARSED_HELP;	/* -h, also among flags */
		if (!o) {
			error_msg("unknown option '-%c'", *p);
			return PARSED_BAD_USAGE;
		}
		if (!takes_argument(o)) {
			if (apply(o, NULL))
				return PARSED_BAD_VALUE;
			continue;
		}
		if (p[1])
			return apply(o, p + 1);
		if (*i + 1 >= argc) {
			error_msg("option '-%c' requires a value", *p);
			return PARSED_BAD_USAGE;
		}
		return apply(o, argv[++*i]);
	}
	return PARSED_OK;
}

int parse_options(int argc, char **argv, const struct option *opts, const struct usage *u)
{
	enum parsed rc = PARSED_OK;
	int n = 0, i;

	for (i = 1; i < argc && !rc; i++) {
		const char *arg = argv[i];
		if (!strcmp(arg, "--")) {
			i++;
			break;
		}
		if (!strcmp(arg, "--help"))
			rc = PARSED_HELP;
		else if (arg[0] != '-' || !arg[1])
			argv[n++] = argv[i];
		else if (arg[1] == '-')
			rc = parse_long(argc, argv, &i, opts);
		else
			rc = parse_short(argc, argv, &i, opts);
	}
	if (rc == PARSED_HELP) {
		usage_print(stdout, u, opts);
		exit(EXIT_CLEAN);
	}
	if (rc == PARSED_BAD_USAGE)
		usage_with_options(u, opts);
	if (rc == PARSED_BAD_VALUE)
		exit(EXIT_USAGE);
	for (; i < argc; i++)
		argv[n++] = argv[i];
	argv[n] = NULL;
	return n;
}

/* Help text from HELP_COLUMN, wrapped at spaces to TEXT_WIDTH. */
static void print_wrapped(FILE *out, const char *text)
{
	while (*text) {
		size_t room = TEXT_WIDTH - 1 - HELP_COLUMN, len = strlen(text);
		if (len > room) {
			len = room;
			while (len && text[len] != ' ')
				len--;
			if (!len)
				len = strcspn(text, " ");
		}
		fprintf(out, "%.*s\n", (int)len, text);
		text += len;
		text += strspn(text, " ");
		if (*text)
			fprintf(out, "%*s", HELP_COLUMN, "");
	}
}

void usage_print(FILE *out, const struct usage *u, const struct option *opts)
{
	const char *s = u->synopsis;

	for (const char *prefix = "usage: "; *s; prefix = "       ") {
		size_t len = strcspn(s, "\n");
		fprintf(out, "%s%.*s\n", prefix, (int)len, s);
		s += len + (s[len] == '\n');
	}
	if (u->about)
		fprintf(out, "\n%s", u->about);
	fputc('\n', out);
	for (const struct option *o = opts; o->type != OPTION_END; o++) {
		if (o->type == OPTION_GROUP) {
			fprintf(out, "%s%s:\n", o == opts ? "" : "\n", o->help);
			continue;
		}
		int col = fprintf(out, "  ");
		if (o->short_name)
			col += fprintf(out, "-%c%s", o->short_name, o->long_name ? ", " : "");
		else
			col += fprintf(out, "    ");
		if (o->long_name)
			col += fprintf(out, "--%s", o->long_name);
		if (o->argh)
			col += fprintf(out, " %s", o->argh);
		if (col < HELP_COLUMN)
			fprintf(out, "%*s", HELP_COLUMN - col, "");
		else
			fprintf(out, "\n%*s", HELP_COLUMN, "");
		print_wrapped(out, o->help);
	}
	if (u->footer)
		fprintf(out, "\n%s", u->footer);
}

void usage_with_options(const struct usage *u, const struct option *opts)
{
	usage_print(stderr, u, opts);
	exit(EXIT_USAGE);
}
