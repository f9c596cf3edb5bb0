/*
 * Unit test of src/gate/api-change.c, the gate's change detector: for each
 * API family a weakening and a strengthening are found, in their function
 * and on the patched file's line; edits that change no API are not.
 */
#include "check.h"
#include "gate/api-change.h"

#include <stdlib.h>
#include <string.h>

/* One function: "void f(struct obj *o)" around body. */
#define FN(body) "struct obj;\nvoid f(struct obj *o)\n{\n" body "}\n"

struct want {
	enum api_family family;
	int weakens;
	const char *function, *api;
	unsigned line;
	const char *removed, *added;	/* NULL: not checked */
};

/* old into new gives exactly the changes of want (n of them), in order. */
static void check_changes(const char *name, const char *old, const char *new, const struct want *want, size_t n)
{
	struct api_changes cs = { 0 };
	int failures = unit_failures;

	api_changes_find(old, strlen(old), new, strlen(new), &cs);
	CHECK(cs.nr == n, "%s: %zu changes, want %zu", name, cs.nr, n);
	for (size_t i = 0; i < n && i < cs.nr; i++) {
		const struct api_change *c = &cs.v[i];
		const struct want *w = &want[i];
		CHECK(c->family == w->family, "%s: family %s, want %s", name, api_family_name(c->family),
		      api_family_name(w->family));
		CHECK(c->weakens == w->weakens, "%s: weakens %d", name, c->weakens);
		CHECK(!strcmp(c->function, w->function), "%s: function '%s'", name, c->function);
		CHECK(!strcmp(c->api, w->api), "%s: api '%s'", name, c->api);
		CHECK(c->line == w->line, "%s: line %u, want %u", name, c->line, w->line);
		CHECK(!w->removed || !strcmp(c->removed, w->removed), "%s: removed '%s'", name, c->removed);
		CHECK(!w->added || !strcmp(c->added, w->added), "%s: added '%s'", name, c->added);
	}
	for (size_t i = 0; unit_failures != failures && i < cs.nr; i++)
		fprintf(stderr, "  %s: found %s %s %s in '%s', line %u: -'%s' +'%s'\n", name,
			api_family_name(cs.v[i].family), cs.v[i].weakens ? "weakens" : "strengthens", cs.v[i].api,
			cs.v[i].function, cs.v[i].line, cs.v[i].removed, cs.v[i].added);
	api_changes_release(&cs);
}

/* The change, then the reverse patch: the same family, the other direction. */
static void check_both_ways(const char *name, const char *old, const char *new, enum api_family family,
			    const char *api_removed, const char *api_added, unsigned line_new, unsigned line_old)
{
	struct want weak = { family, 1, "f", api_removed, line_new, NULL, NULL };
	struct want strong = { family, 0, "f", api_added, line_old, NULL, NULL };

	check_changes(name, old, new, &weak, 1);
	check_changes(name, new, old, &strong, 1);
}

static void test_deferred_free(void)
{
	const char *rcu = FN("\tlist_del_rcu(&o->node);\n\tkfree_rcu(o, rcu);\n");
	const char *plain = FN("\tlist_del_rcu(&o->node);\n\tkfree(o);\n");
	const struct want w = { API_DEFERRED_FREE, 1, "f", "kfree_rcu", 5, "kfree_rcu(o, rcu);", "kfree(o);" };

	check_changes("kfree_rcu to kfree", rcu, plain, &w, 1);
	check_both_ways("kfree_rcu to kfree", rcu, plain, API_DEFERRED_FREE, "kfree_rcu", "kfree_rcu", 5, 5);
	check_both_ways("call_rcu to kmem_cache_free", FN("\tcall_rcu(&o->rcu, obj_free_rcu);\n"),
			FN("\tkmem_cache_free(obj_cache, o);\n"), API_DEFERRED_FREE, "call_rcu", "call_rcu", 4, 4);
	check_both_ways("call_rcu to its callback", FN("\tcall_rcu(&o->rcu, obj_free_rcu);\n"),
			FN("\tobj_free_rcu(&o->rcu);\n"), API_DEFERRED_FREE, "call_rcu", "call_rcu", 4, 4);
	check_both_ways("kvfree_rcu to kvfree", FN("\tkvfree_rcu(o, rcu);\n"), FN("\tkvfree(o);\n"),
			API_DEFERRED_FREE, "kvfree_rcu", "kvfree_rcu", 4, 4);
	/* Freed elsewhere now: no plain free in its place, so nothing to say here. */
	check_changes("kfree_rcu dropped", rcu, FN("\tlist_del_rcu(&o->node);\n"), NULL, 0);
}

static void test_rcu_list(void)
{
	check_both_ways("list_add_rcu to list_add", FN("\tlist_add_rcu(&o->node, &head);\n"),
			FN("\tlist_add(&o->node, &head);\n"), API_RCU_LIST, "list_add_rcu", "list_add_rcu", 4, 4);
	check_both_ways("hlist_del_rcu to hlist_del", FN("\tspin_lock(&l);\n\thlist_del_rcu(&o->h);\n\tspin_unlock(&l);\n"),
			FN("\tspin_lock(&l);\n\thlist_del(&o->h);\n\tspin_unlock(&l);\n"), API_RCU_LIST, "hlist_del_rcu",
			"hlist_del_rcu", 5, 5);
	check_both_ways("list_for_each_entry_rcu to plain",
			FN("\tlist_for_each_entry_rcu(o, &head, node)\n\t\tuse(o);\n"),
			FN("\tlist_for_each_entry(o, &head, node)\n\t\tuse(o);\n"), API_RCU_LIST,
			"list_for_each_entry_rcu", "list_for_each_entry_rcu", 4, 4);
	/* Another RCU op in its place is no weakening. */
	check_changes("list_add_rcu to list_add_tail_rcu", FN("\tlist_add_rcu(&o->node, &head);\n"),
		      FN("\tlist_add_tail_rcu(&o->node, &head);\n"), NULL, 0);
}

static void test_rcu_accessor(void)
{
	const struct want w = { API_RCU_ACCESSOR, 1, "f", "rcu_dereference", 4, "p = rcu_dereference(o->cur);",
				"p = o->cur;" };

	check_changes("rcu_dereference to a plain load", FN("\tp = rcu_dereference(o->cur);\n"),
		      FN("\tp = o->cur;\n"), &w, 1);
	check_both_ways("rcu_dereference to a plain load", FN("\tp = rcu_dereference(o->cur);\n"),
			FN("\tp = o->cur;\n"), API_RCU_ACCESSOR, "rcu_dereference", "rcu_dereference", 4, 4);
	check_both_ways("rcu_assign_pointer to a plain store", FN("\trcu_assign_pointer(o->cur, n);\n"),
			FN("\to->cur = n;\n"), API_RCU_ACCESSOR, "rcu_assign_pointer", "rcu_assign_pointer", 4, 4);
	check_both_ways("RCU_INIT_POINTER to a plain store", FN("\tRCU_INIT_POINTER(o->cur, NULL);\n"),
			FN("\to->cur = NULL;\n"), API_RCU_ACCESSOR, "RCU_INIT_POINTER", "RCU_INIT_POINTER", 4, 4);
	check_both_ways("rcu_access_pointer to a plain read", FN("\tif (rcu_access_pointer(o->cur))\n\t\tgo();\n"),
			FN("\tif (o->cur)\n\t\tgo();\n"), API_RCU_ACCESSOR, "rcu_access_pointer", "rcu_access_pointer", 4, 4);
	check_both_ways("srcu_dereference to a plain load", FN("\tp = srcu_dereference(o->cur, &ss);\n"),
			FN("\tp = o->cur;\n"), API_RCU_ACCESSOR, "srcu_dereference", "srcu_dereference", 4, 4);
	/* One accessor for another, and an unrelated line in its place. */
	check_changes("rcu_dereference to rcu_dereference_protected", FN("\tp = rcu_dereference(o->cur);\n"),
		      FN("\tp = rcu_dereference_protected(o->cur, lockdep_is_held(&l));\n"), NULL, 0);
	check_changes("rcu_dereference dropped", FN("\tp = rcu_dereference(o->cur);\n\tuse(p);\n"),
		      FN("\tuse(NULL);\n"), NULL, 0);
}

static void test_read_section(void)
{
	const char *locked = FN("\tint v;\n\n\trcu_read_lock();\n\tv = rcu_dereference(o->cur)->v;\n"
				"\trcu_read_unlock();\n\treturn v;\n");
	const char *bare = FN("\tint v;\n\n\tv = rcu_dereference(o->cur)->v;\n\treturn v;\n");
	const struct want w = { API_READ_SECTION, 1, "f", "rcu_read_lock", 6, "rcu_read_lock();", "" };

	check_changes("rcu_read_lock removed", locked, bare, &w, 1);
	check_both_ways("rcu_read_lock removed", locked, bare, API_READ_SECTION, "rcu_read_lock", "rcu_read_lock", 6, 6);
	check_both_ways("rcu_read_lock_bh removed", FN("\trcu_read_lock_bh();\n\tgo();\n\trcu_read_unlock_bh();\n"),
			FN("\tgo();\n"), API_READ_SECTION, "rcu_read_lock_bh", "rcu_read_lock_bh", 4, 4);
	check_both_ways("srcu_read_lock removed", FN("\tidx = srcu_read_lock(&ss);\n\tgo();\n\tsrcu_read_unlock(&ss, idx);\n"),
			FN("\tgo();\n"), API_READ_SECTION, "srcu_read_lock", "srcu_read_lock", 4, 4);
	check_both_ways("guard(rcu) removed", FN("\tguard(rcu)();\n\tgo();\n"), FN("\tgo();\n"), API_READ_SECTION,
			"guard(rcu)", "guard(rcu)", 4, 4);
	check_both_ways("scoped_guard(rcu) removed", FN("\tscoped_guard(rcu)\n\t\tgo();\n"), FN("\tgo();\n"),
			API_READ_SECTION, "scoped_guard(rcu)", "scoped_guard(rcu)", 4, 4);
	/* A lock and its unlock as a guard: the same section. */
	check_changes("lock and unlock into guard(rcu)", FN("\trcu_read_lock();\n\tgo();\n\trcu_read_unlock();\n"),
		      FN("\tguard(rcu)();\n\tgo();\n"), NULL, 0);
	/* The section moved within the function: no net change. */
	check_changes("rcu_read_lock moved up", FN("\tprepare();\n\trcu_read_lock();\n\tgo();\n\trcu_read_unlock();\n"),
		      FN("\trcu_read_lock();\n\tprepare();\n\tgo();\n\trcu_read_unlock();\n"), NULL, 0);
	/* guard(mutex) is not a read-side section. */
	check_changes("guard(mutex) removed", FN("\tguard(mutex)(&m);\n\tgo();\n"), FN("\tgo();\n"), NULL, 0);
}

static void test_grace_period(void)
{
	check_both_ways("synchronize_rcu removed", FN("\tlist_del_rcu(&o->node);\n\tsynchronize_rcu();\n\tkfree(o);\n"),
			FN("\tlist_del_rcu(&o->node);\n\tkfree(o);\n"), API_GRACE_PERIOD, "synchronize_rcu",
			"synchronize_rcu", 5, 5);
	check_both_ways("synchronize_srcu removed", FN("\tsynchronize_srcu(&ss);\n\tkfree(o);\n"), FN("\tkfree(o);\n"),
			API_GRACE_PERIOD, "synchronize_srcu", "synchronize_srcu", 4, 4);
	check_both_ways("rcu_barrier removed", FN("\tunregister_thing();\n\trcu_barrier();\n\tkmem_cache_destroy(c);\n"),
			FN("\tunregister_thing();\n\tkmem_cache_destroy(c);\n"), API_GRACE_PERIOD, "rcu_barrier",
			"rcu_barrier", 5, 5);
	check_both_ways("srcu_barrier removed", FN("\tsrcu_barrier(&ss);\n\tcleanup_srcu_struct(&ss);\n"),
			FN("\tcleanup_srcu_struct(&ss);\n"), API_GRACE_PERIOD, "srcu_barrier", "srcu_barrier", 4, 4);
}

static void test_seq_retry(void)
{
	const char *retry = FN("\tunsigned seq;\n\n\tdo {\n\t\tseq = read_seqbegin(&l);\n\t\tv = o->v;\n"
			       "\t} while (read_seqretry(&l, seq));\n");
	const char *once = FN("\tunsigned seq;\n\n\tdo {\n\t\tseq = read_seqbegin(&l);\n\t\tv = o->v;\n"
			      "\t} while (0);\n");
	const struct want w = { API_SEQ_RETRY, 1, "f", "read_seqretry", 9, "} while (read_seqretry(&l, seq));",
				"} while (0);" };

	check_changes("read_seqretry removed", retry, once, &w, 1);
	check_both_ways("read_seqretry removed", retry, once, API_SEQ_RETRY, "read_seqretry", "read_seqretry", 9, 9);
	check_both_ways("read_seqcount_retry removed", FN("\t} while (read_seqcount_retry(&s, seq));\n"),
			FN("\t} while (0);\n"), API_SEQ_RETRY, "read_seqcount_retry", "read_seqcount_retry", 4, 4);
	check_both_ways("need_seqretry removed", FN("\tif (need_seqretry(&l, seq))\n\t\tgoto again;\n"),
			FN("\tif (0)\n\t\tgoto again;\n"), API_SEQ_RETRY, "need_seqretry", "need_seqretry", 4, 4);
}

static void test_loop_bound(void)
{
	const char *lt = FN("\tint i;\n\n\tfor (i = 0; i < o->count; i++)\n\t\tuse(o->buf[i]);\n");
	const char *le = FN("\tint i;\n\n\tfor (i = 0; i <= o->count; i++)\n\t\tuse(o->buf[i]);\n");
	const struct want weak = { API_LOOP_BOUND, 1, "f", "for <", 6, "for (i = 0; i < o->count; i++)",
				   "for (i = 0; i <= o->count; i++)" };
	const struct want strong = { API_LOOP_BOUND, 0, "f", "for <", 6, "for (i = 0; i <= o->count; i++)",
				     "for (i = 0; i < o->count; i++)" };

	check_changes("< to <=", lt, le, &weak, 1);
	check_changes("<= to <", le, lt, &strong, 1);
	/* Not a for loop's bound, or not the only change of the header. */
	check_changes("< to <= in an if", FN("\tif (i < n)\n\t\tgo();\n"), FN("\tif (i <= n)\n\t\tgo();\n"), NULL, 0);
	check_changes("a loop rewritten from 1", lt,
		      FN("\tint i;\n\n\tfor (i = 1; i <= o->count; i++)\n\t\tuse(o->buf[i]);\n"), NULL, 0);
}

static void test_unrelated_edits(void)
{
	const char *base = "struct obj;\n"
			   "/* Callers hold rcu_read_lock(). */\n"
			   "int a(struct obj *o)\n{\n\trcu_read_lock();\n\tgo(o);\n\trcu_read_unlock();\n\treturn 0;\n}\n"
			   "\n"
			   "void b(struct obj *o)\n{\n\tkfree_rcu(o, rcu);\n}\n";
	/* A comment, a string, a statement edited, a function moved: no API change. */
	check_changes("comment edited", base, "struct obj;\n/* Callers hold the lock. */\n"
		      "int a(struct obj *o)\n{\n\trcu_read_lock();\n\tgo(o);\n\trcu_read_unlock();\n\treturn 0;\n}\n"
		      "\nvoid b(struct obj *o)\n{\n\tkfree_rcu(o, rcu);\n}\n", NULL, 0);
	check_changes("string mentions the API", FN("\tpr_info(\"rcu_read_lock() taken\\n\");\n"),
		      FN("\tpr_info(\"nothing\\n\");\n"), NULL, 0);
	check_changes("statement edited", FN("\trcu_read_lock();\n\tgo(o);\n\trcu_read_unlock();\n"),
		      FN("\trcu_read_lock();\n\tgo(o, 1);\n\trcu_read_unlock();\n"), NULL, 0);
	/* The whole of a() moved below b(): each line removed is added back in the same function. */
	check_changes("function moved", base,
		      "struct obj;\n\nvoid b(struct obj *o)\n{\n\tkfree_rcu(o, rcu);\n}\n"
		      "/* Callers hold rcu_read_lock(). */\n"
		      "int a(struct obj *o)\n{\n\trcu_read_lock();\n\tgo(o);\n\trcu_read_unlock();\n\treturn 0;\n}\n",
		      NULL, 0);
}

/* A change is named by the function that holds it, not by its neighbour's. */
static void test_function_of_a_change(void)
{
	const char *old = "int a(void)\n{\n\trcu_read_lock();\n\tgo();\n\trcu_read_unlock();\n\treturn 0;\n}\n"
			  "\nstatic void\nb(struct obj *o) __must_hold(&l)\n{\n\tsynchronize_rcu();\n\tkfree(o);\n}\n";
	const char *new = "int a(void)\n{\n\trcu_read_lock();\n\tgo();\n\trcu_read_unlock();\n\treturn 0;\n}\n"
			  "\nstatic void\nb(struct obj *o) __must_hold(&l)\n{\n\tkfree(o);\n}\n";
	const struct want w = { API_GRACE_PERIOD, 1, "b", "synchronize_rcu", 12, "synchronize_rcu();", "" };

	check_changes("the function of the change", old, new, &w, 1);
}

int main(void)
{
	test_deferred_free();
	test_rcu_list();
	test_rcu_accessor();
	test_read_section();
	test_grace_period();
	test_seq_retry();
	test_loop_bound();
	test_unrelated_edits();
	test_function_of_a_change();
	return unit_failures != 0;
}
