#include "fix/fixkind.h"
#include "facts/finding.h"
#include "lib/util.h"
#include "vocab.h"	/* the lists of rules/data/ as C strings (scripts/build-rules) */

#include <ctype.h>
#include <stdio.h>
#include <string.h>

static int has(const struct finding *f, const char *name)
{
	const char *v = finding_evidence(f, name);

	return v && strcmp(v, "0") && strcmp(v, "False") && strcmp(v, "false");
}

static int plan_loop(const struct finding *f, struct fix_plan *p, char *why, size_t whylen)
{
	static const char *const extra_pass[] = {
		"array_size_bound_plus1", "array_sized_plus_one", "array_used_at_bound", "index_guarded",
		"guard_in_body", "comment_explains", "clang_array_fits",
	};

	/* The array has E elements, or E is its size in bytes over the element's (quotient_*). */
	if (!has(f, "array_size_is_bound") && !has(f, "clang_array_overrun") &&
	    !has(f, "quotient_store") && !has(f, "quotient_load")) {
		snprintf(why, whylen, "no evidence that the array has exactly %s elements", f->key);
		return -1;
	}
	for (size_t i = 0; i < ARRAY_SIZE(extra_pass); i++)
		if (has(f, extra_pass[i])) {
			snprintf(why, whylen, "the evidence says the extra pass may be deliberate (%s)",
				 extra_pass[i]);
			return -1;
		}
	p->mode = "lt";
	p->race = "The last pass of the loop in {function}() indexes the array one element "
		  "past its end: it reads or writes memory that belongs to something else.";
	p->unmatched = "the loop is not a for loop whose condition is i <= E or E >= i alone";
	p->verb = "stop the loop before";
	p->tail = ", not at it";
	p->brief = "fix the off-by-one loop bound";
	p->why = "The array the loop indexes has exactly that many elements, so the last pass "
		 "is one past its end: the loop must stop before the count.";
	return 0;
}

static int plan_plain(const struct finding *f, struct fix_plan *p, char *why, size_t whylen)
{
	if (has(f, "store_null")) {
		p->mode = "init_null";
		p->race = "Clearing the pointer needs no ordering, so no reader is at risk here; but "
			  "{key} is read under RCU elsewhere, and its update side should say so.";
		p->unmatched = "the store is not a plain assignment of NULL";
		p->verb = "use RCU_INIT_POINTER() to clear";
		p->tail = "";
		p->why = "A NULL store needs no ordering, but RCU_INIT_POINTER() documents that the "
			 "pointer is RCU-protected and keeps sparse's __rcu checking happy.";
	} else if (strstr(f->message, "plain store")) {
		p->mode = "assign";
		p->race = "A reader under rcu_read_lock() that loads {key} while {function}() "
			  "publishes a new object can see the pointer before the stores that "
			  "initialised the object: the compiler, or a weakly ordered CPU, may make "
			  "them visible in either order, and the reader uses uninitialised fields.";
		p->unmatched = "the store is not a plain assignment statement";
		p->verb = "use rcu_assign_pointer() to publish";
		p->tail = "";
		p->why = "A plain store has no release barrier: readers can see the pointer before "
			 "the object's contents. rcu_assign_pointer() orders the initialisation "
			 "before the publication.";
	} else if (has(f, "null_test_only")) {
		p->mode = "access";
		p->race = "No object is dereferenced through {key} here, so no reader is at risk; "
			  "the plain load only hides from sparse and from readers of the code that "
			  "the pointer is RCU-protected.";
		p->unmatched = "the load is not the finding's key expression";
		p->verb = "use rcu_access_pointer() to test";
		p->tail = "";
		p->why = "The pointer is only tested against NULL, never dereferenced: "
			 "rcu_access_pointer() is the documented accessor for that.";
	} else if (has(f, "in_read_section") && !has(f, "update_lock_held") &&
		   !has(f, "update_side_function")) {
		p->mode = "deref";
		p->race = "While {function}() is inside its read-side section an updater can "
			  "replace {key}: a plain load may be torn, or done again by the compiler, "
			  "and then the section uses two different objects, or one the updater has "
			  "already handed to call_rcu().";
		p->unmatched = "the load is not inside a plain rcu_read_lock() section (a _bh, _sched "
			       "or SRCU section wants another accessor)";
		p->verb = "use rcu_dereference() to load";
		p->tail = "";
		p->why = "A plain load inside an RCU read-side section may be torn or refetched by "
			 "the compiler; rcu_dereference() loads the pointer once, with the "
			 "dependency ordering readers need.";
	} else {
		snprintf(why, whylen, "a plain load outside a read-side section (or under the update "
			 "lock) wants rcu_dereference_protected() with the lock the code holds, "
			 "which is not mechanical");
		return -1;
	}
	return 0;
}

static int plan_double(const struct finding *f, struct fix_plan *p, char *why, size_t whylen)
{
	const char *reads = finding_evidence(f, "reads");

	p->at_first = finding_evidence(f, "at_first_read");
	if (!p->at_first || !reads || strncmp(reads, "rcu_dereference_then_", 21)) {
		snprintf(why, whylen, "the first read (%s) is not an rcu_dereference() whose value "
			 "the code keeps", reads ? reads : "unknown");
		return -1;
	}
	p->mode = "reuse_local";
	p->race = "An updater can replace or clear {key} between the two loads in "
		  "{function}(): the second load then returns another object than the one "
		  "that was checked, or NULL, and the code uses it as if it were the first.";
	p->unmatched = "the first read is not stored in a local that stays unchanged up to the second";
	p->verb = "read";
	p->tail = " once";
	p->why = "The second load can see another object than the first, or NULL after the "
		 "first was checked: the section must use the pointer it already loaded.";
	return 0;
}

static int plan_publish(const struct finding *f, struct fix_plan *p, char *why, size_t whylen)
{
	p->fields = finding_evidence(f, "fields_written");
	if (!p->fields || !*p->fields) {
		snprintf(why, whylen, "the evidence does not name the fields written after the publication");
		return -1;
	}
	if (has(f, "object_not_new")) {
		snprintf(why, whylen, "the object was not allocated here: the stores may update a live "
			 "object, and moving them is a design decision");
		return -1;
	}
	p->mode = "move_stores";
	/* "L = c publishes c to RCU readers ...": the subject names c, the object initialised. */
	const char *obj = strstr(f->message, " publishes ");
	if (obj) {
		obj += strlen(" publishes ");
		size_t n = strcspn(obj, " ");
		if (n < sizeof(p->object) && !strncmp(obj + n, " to RCU readers", 15))
			snprintf(p->object, sizeof(p->object), "%.*s", (int)n, obj);
	}
	p->race = "A reader under rcu_read_lock() can find the new object as soon as "
		  "{function}() publishes it, and read {fields} before they are written: "
		  "it sees zeroes or stale memory.";
	if (has(f, "plain_publish")) {
		/* Moved alone, a plain store still orders nothing: it becomes rcu_assign_pointer(). */
		p->unmatched = "the stores written after the publication do not follow it in the same "
			       "block (they are behind a label or after other calls): moving them is not "
			       "mechanical, and a plain publication is never rewritten alone";
		p->verb = "initialise";
		p->tail = " before publishing it";
		p->why = "The object is published with a plain store, which has no release "
			 "semantics: moving it below the stores would not be enough, the CPU or "
			 "the compiler could still make the pointer visible first. The stores "
			 "now come first and the publication becomes rcu_assign_pointer(), "
			 "which orders them before it.";
		return 0;
	}
	p->unmatched = "the stores written after the publication neither follow it in the same block "
		       "nor follow an else branch it ends up to the return (they are behind a label, "
		       "after calls, or after a then branch that changes its own condition): moving "
		       "them is not mechanical";
	p->verb = "initialise";
	p->tail = " before publishing it";
	p->why = "Readers can reach the object as soon as it is published, and would see the "
		 "fields written after that uninitialised: the stores move above the publication.";
	return 0;
}

static int name_in(const char *const *names, const char *s)
{
	for (; *names; names++)
		if (!strcmp(*names, s))
			return 1;
	return 0;
}

static int plan_list(const struct finding *f, struct fix_plan *p, char *why, size_t whylen)
{
	/* A plain op whose name with _rcu is an RCU add, removal or replacement
	 * (rules/data/): that twin takes the same arguments and keeps the
	 * meaning. list_del_init(), list_move() and the splices have none. */
	static const char *const ops[] = { VOCAB_LIST_OPS, NULL };
	static const char *const twins[] = {
		VOCAB_RCU_LIST_ADD, VOCAB_RCU_LIST_DEL, VOCAB_RCU_LIST_REPLACE, NULL
	};
	static const char *const dels[] = { VOCAB_RCU_LIST_DEL, NULL };
	static const char *const not_raced[] = {
		"unpublished", "readers_hold_lock", "after_grace_period", "walked_list_not_rcu",
		"key_member_only",
	};
	char twin[64];

	for (size_t i = 0; i < ARRAY_SIZE(not_raced); i++)
		if (has(f, not_raced[i])) {
			snprintf(why, whylen, "the evidence says no RCU reader may race this op (%s)",
				 not_raced[i]);
			return -1;
		}
	for (size_t i = 0; ops[i]; i++) {
		size_t n = strlen(ops[i]);

		if (strncmp(f->key, ops[i], n) || f->key[n] != '(')
			continue;
		snprintf(twin, sizeof(twin), "%s_rcu", ops[i]);
		if (!name_in(twins, twin))
			break;
		snprintf(p->verbbuf, sizeof(p->verbbuf), "use %s() for", twin);
		p->mode = "rename";
		/* A removal's race, or an addition's (a replacement adds an entry too). */
		p->race = name_in(dels, twin)
			? "A reader walking the list under rcu_read_lock() can stand on the entry "
			  "that {function}() removes with {key}: the plain op poisons or clears "
			  "the entry's links, and the reader follows them into poisoned memory, "
			  "or stops, instead of going on along the list."
			: "A reader walking the list under rcu_read_lock() can reach the entry "
			  "that {function}() links in with {key} before the entry's own links are "
			  "visible: the compiler, or a weakly ordered CPU, may make the pointer to "
			  "it visible first, and the reader follows uninitialised links.";
		p->unmatched = "the op is not a call at the finding's place";
		p->verb = p->verbbuf;
		p->tail = "";
		p->why = "RCU readers walk this list: the plain op has no release ordering "
			 "for a new entry and poisons a removed entry's links while a "
			 "reader may stand on it; the _rcu op does neither.";
		return 0;
	}
	snprintf(why, whylen, "%.40s has no _rcu twin with the same meaning (list_del_init(), "
		 "list_move(), the splices and the iterators need a person)", f->key);
	return -1;
}

static int plan_free_grace(const struct finding *f, struct fix_plan *p, char *why, size_t whylen)
{
	p->fields = finding_evidence(f, "rcu_head_field");
	if (has(f, "exit_drain_not_last")) {
		/* the exit waits, then runs work that may queue more: the wait
		 * must be its last statement, as upstream put it in ib_core */
		p->mode = "module_barrier_last";
		p->race = "{function}() waits for its callbacks, then runs pending work of the "
			  "module that may queue more with call_rcu(): those can still be pending "
			  "when it returns, and run code that was unloaded with the module.";
		p->unmatched = "the module exit is not a function body rcu_barrier() can be added to";
		p->verb = "add an rcu_barrier() at the end of";
		p->tail = "";
		p->why = "rcu_barrier() after the exit's last teardown waits for every callback "
			 "its work queued, so none outlives the module's code.";
		snprintf(p->object, sizeof(p->object), "%s()", f->function);
		return 0;
	}
	if (has(f, "module_callbacks")) {
		p->mode = "module_barrier";
		p->race = "Callbacks this module queued with call_rcu() can still be pending when "
			  "{function}() returns: after the grace period they run code that was "
			  "unloaded with the module, or free into a slab cache the exit has "
			  "destroyed.";
		p->unmatched = "the module exit is not a function body rcu_barrier() can be added to";
		p->verb = "add an rcu_barrier() to";
		p->tail = "";
		p->why = "rcu_barrier() waits until every callback queued with call_rcu() before it "
			 "has run, so the exit waits for them before it destroys what they use, "
			 "or before it returns.";
		snprintf(p->object, sizeof(p->object), "%s()", f->function);
		return 0;
	}
	if (has(f, "hook_unregistered") || has(f, "tunnel_user_data")) {
		/* what the packet path holds has no rcu_head to defer with: wait, as
		 * upstream's x_tables error paths do */
		p->mode = "wait_first";
		p->race = "A packet already on the path {function}() takes {key} off (a "
			  "netfilter hook, a tunnel socket's receive path) can still be using "
			  "it when it is freed: it then reads freed memory.";
		p->unmatched = "the free is not a call statement at the finding's place";
		p->verb = "wait for the packet path before freeing";
		p->tail = "";
		p->why = "synchronize_net() returns once every packet that could still see the "
			 "object is done with it; the path is process context (a registration "
			 "or its error path), where it may sleep.";
		return 0;
	}
	if (!p->fields || !*p->fields) {
		snprintf(why, whylen, "the freed type has no rcu_head in the file or the headers: "
			 "kfree_rcu() needs one, and adding it is a design decision");
		return -1;
	}
	p->mode = "defer_free";
	p->race = "A reader under rcu_read_lock() that found {key} before {function}() "
		  "unlinked it can still be using it when kfree() hands the memory back: "
		  "it then reads freed memory, or another object allocated there.";
	p->unmatched = "the free is not a kfree() statement of the finding's object";
	p->verb = "free";
	p->tail = " after a grace period";
	p->why = "Readers that found the object before it was unlinked may still use it: "
		 "kfree_rcu() frees it only after they are done, through the rcu_head it has.";
	return 0;
}

/*
 * rcu-escape's kinds, in the order they are tried: the least change that
 * keeps the object alive over its uses. Each transformation checks its own
 * preconditions on the code and says which one fails.
 */
static const struct escape_kind {
	const char *mode, *verb, *tail, *why, *unmatched;
} escape_kinds[] = {
	{ "copy_scalars", "copy the fields of", " read after the RCU unlock",
	  "The code after the unlock only reads scalar fields of the object: their values "
	  "are copied into locals inside the section, where the object is still guaranteed "
	  "to exist, and the code uses the copies; it no longer touches the object after the "
	  "unlock.",
	  "the uses after the unlock are not statements of the unlock's own block" },
	{ "extend_section", "keep", " under RCU up to its last use",
	  "Nothing after the unlock up to the last use sleeps or takes a lock that an updater "
	  "holds while it waits for a grace period, so the read-side section can simply cover "
	  "the uses: rcu_read_unlock() moves after the last one, and before each return or "
	  "goto that leaves in between.",
	  "the uses after the unlock are not statements of the unlock's own block" },
	{ "take_reference", "take a reference on", " before the RCU unlock",
	  "The code after the unlock cannot run inside the read-side section, so the object "
	  "needs a reference of its own: it is taken inside the section, where the object "
	  "is still guaranteed to exist (with the get that fails on an object whose last "
	  "reference is already gone, the failure taking the path of a missing object), and "
	  "dropped after the last use and on every path that leaves before it.",
	  "the uses after the unlock are not statements of the unlock's own block" },
};

static void escape_kind(struct fix_plan *p, int alt)
{
	const struct escape_kind *k = &escape_kinds[alt];

	p->alt = alt;
	p->mode = k->mode;
	p->verb = k->verb;
	p->tail = k->tail;
	p->why = k->why;
	p->unmatched = k->unmatched;
	p->race = "Once {function}() has called rcu_read_unlock(), nothing keeps {key} alive: "
		  "an updater that unlinked the object before or during the section frees it "
		  "as soon as the grace period ends (kfree_rcu(), or synchronize_rcu() then "
		  "kfree()), and {function}() then reads freed memory, or another object "
		  "allocated there.";
}

static int plan_escape(const struct finding *f, struct fix_plan *p, char *why, size_t whylen)
{
	const char *use = finding_evidence(f, "use"), *section = finding_evidence(f, "section");

	if (has(f, "returned")) {
		snprintf(why, whylen, "%s is returned: the caller uses it after the section, so "
			 "it needs a reference the caller drops, which changes the function's contract",
			 f->key);
		return -1;
	}
	if (has(f, "stored")) {
		snprintf(why, whylen, "%s is stored in memory that outlives the section: who owns "
			 "that pointer, and who drops it, is a design decision", f->key);
		return -1;
	}
	if (section) {
		snprintf(why, whylen, "the section is a %s scope: it ends where the scope does, and "
			 "moving that is not mechanical", section);
		return -1;
	}
	p->at_unlock = finding_evidence(f, "at_unlock");
	if (!p->at_unlock || !use) {
		snprintf(why, whylen, "the evidence does not say where the section ends");
		return -1;
	}
	escape_kind(p, 0);
	return 0;
}

/*
 * rcu-plain-access's second kind, after the accessor the evidence chose: a
 * member not declared __rcu, where that accessor alone adds a sparse warning,
 * becomes __rcu with every access converted (the race is the first kind's).
 */
static void plain_convert(const struct finding *f, struct fix_plan *p)
{
	const char *member = f->key + strlen(f->key);

	while (member > f->key && (member[-1] == '_' || isalnum((unsigned char)member[-1])))
		member--;
	p->alt = 1;
	p->mode = "convert_member";
	p->any_place = 1;
	snprintf(p->object, sizeof(p->object), "%s", member);
	p->verb = "mark";
	p->tail = " __rcu and access it through RCU";
	p->brief = "access an RCU pointer through RCU";
	p->why = "The member is not declared __rcu, so sparse checks none of its accesses, and an "
		 "RCU accessor on it alone would add a sparse warning: it becomes __rcu, the loads in "
		 "read-side sections rcu_dereference(), the publication rcu_assign_pointer(), the NULL "
		 "store RCU_INIT_POINTER(), the NULL tests rcu_access_pointer(), and the loads "
		 "on the update side rcu_dereference_protected().";
	p->unmatched = "an access to the member is not of a shape the conversion knows";
}

int fix_plan_next(const struct finding *f, struct fix_plan *p)
{
	if (p->rule && !strcmp(p->rule, "rcu-plain-access") && p->alt == 0) {
		plain_convert(f, p);
		return 0;
	}
	if (!p->rule || strcmp(p->rule, "rcu-escape") || p->alt + 1 >= (int)ARRAY_SIZE(escape_kinds))
		return -1;
	escape_kind(p, p->alt + 1);
	return 0;
}

int fix_plan_for(const struct finding *f, struct fix_plan *plan, char *why, size_t whylen)
{
	static const struct {
		const char *rule;
		int (*plan)(const struct finding *, struct fix_plan *, char *, size_t);
	} kinds[] = {
		{ "loop-le-count", plan_loop },
		{ "rcu-plain-access", plan_plain },
		{ "rcu-double-deref", plan_double },
		{ "rcu-publish-before-init", plan_publish },
		{ "rcu-list-api", plan_list },
		{ "rcu-free-without-grace", plan_free_grace },
		{ "rcu-escape", plan_escape },
	};

	memset(plan, 0, sizeof(*plan));
	snprintf(plan->at, sizeof(plan->at), "%u:%u", f->line, f->col);
	for (size_t i = 0; i < ARRAY_SIZE(kinds); i++)
		if (!strcmp(f->rule, kinds[i].rule)) {
			plan->rule = kinds[i].rule;
			return kinds[i].plan(f, plan, why, whylen);
		}
	snprintf(why, whylen, "%s has no mechanical fix", f->rule);
	return -1;
}
