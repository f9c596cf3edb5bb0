/*
 * libFuzzer: function scope over arbitrary file contents (the body walk and
 * the RCU location names of src/scan/locations.c, with what a macro index adds,
 * and the Twice pointers and their stubs). A copy must keep every byte of the
 * file or blank it to a space (or a stub's ';'), and keep every newline.
 */
#include "scan/fnscope.h"
#include "scan/rules.h"
#include "lib/strbuf.h"

#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static char *requires[] = { "rcu_read_lock", NULL }, *facts[] = { "synchronize_rcu", NULL },
		    *locations[] = { "rcu_dereference", "rcu_assign_pointer", NULL },
		    *freed[] = { "call_rcu", "kfree_rcu", NULL },
		    *twice[] = { "rcu_dereference", "call_rcu", NULL };
	struct strvec group = { requires, 1, 0 };
	struct rule r;
	struct strbuf out = STRBUF_INIT;
	unsigned kept, blanked;
	const char *text = (const char *)data;

	memset(&r, 0, sizeof(r));
	r.requires = &group;
	r.nrequires = 1;
	r.scope_function = 1;
	r.facts = (struct strvec){ facts, 1, 0 };
	r.locations = (struct strvec){ locations, 2, 0 };
	r.freed = (struct strvec){ freed, 2, 0 };
	r.twice = (struct strvec){ twice, 2, 0 };
	static struct fnscope_index ix;	/* what an index and macro files give */
	if (!ix.rcu_fields.nr) {
		tokset_add(&ix.accessors, "acc_get_rcu", strlen("acc_get_rcu"));
		tokset_add(&ix.needs_reader, "lookup_helper", strlen("lookup_helper"));
		strvec_push(&ix.rcu_fields, "live");
		strvec_push(&ix.rcu_fields, "holder");
		tokset_add(&ix.macro_file_names, "dn_fib_nh", strlen("dn_fib_nh"));
	}
	r.needs_macro_index = 1;
	r.needs_call_context = 1;
	struct fnscope *fs = fnscope_new(&r, &ix);
	if (fnscope_reduce(fs, "f.c", text, size, &out, &kept, &blanked)) {
		if (out.len != size || !blanked)
			abort();
		for (size_t i = 0; i < size; i++)
			if (out.buf[i] != text[i] && ((out.buf[i] != ' ' && out.buf[i] != ';') || text[i] == '\n'))
				abort();
	}
	strbuf_release(&out);
	fnscope_free(fs);
	return 0;
}
