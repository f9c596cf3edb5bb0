#include "facts/fingerprint.h"
#include "facts/finding.h"
#include "lib/strbuf.h"
#include "lib/util.h"

#include <ctype.h>
#include <string.h>

/* The key without any whitespace: spatch and norm() may space it differently. */
static void add_normalised(struct strbuf *sb, const char *key)
{
	for (const char *p = key; *p; p++)
		if (!isspace((unsigned char)*p))
			strbuf_addch(sb, *p);
}

static void identity(struct strbuf *sb, const struct finding *f)
{
	strbuf_reset(sb);
	strbuf_addstr(sb, f->rule);
	strbuf_addch(sb, '\0');
	strbuf_addstr(sb, f->path);
	strbuf_addch(sb, '\0');
	strbuf_addstr(sb, f->function);
	strbuf_addch(sb, '\0');
	add_normalised(sb, f->key);
}

void fingerprint_all(struct finding_list *l)
{
	struct strbuf cur = STRBUF_INIT, other = STRBUF_INIT;

	finding_list_sort_source(l);
	for (size_t i = 0; i < l->nr; i++) {
		struct finding *f = l->v[i];
		unsigned occurrence = 0;
		identity(&cur, f);
		/* Same-identity findings share path, so they are close in source order. */
		for (size_t k = i; k-- > 0;) {
			if (strcmp(l->v[k]->path, f->path))
				break;
			identity(&other, l->v[k]);
			if (other.len == cur.len && !memcmp(other.buf, cur.buf, cur.len))
				occurrence++;
		}
		strbuf_addch(&cur, '\0');
		strbuf_addf(&cur, "%u", occurrence);
		char hex[17];
		hash_hex(hash_bytes(cur.buf, cur.len), hex);
		memcpy(f->id, hex, 12);
		f->id[12] = '\0';
	}
	strbuf_release(&cur);
	strbuf_release(&other);
}
