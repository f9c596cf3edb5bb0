/* A BPF program runs only inside a reader (its helpers look maps up under
 * RCU): kcm's stream parser ran one with none, called through its
 * strparser callbacks (upstream "net: kcm: Hold RCU read lock while running
 * BPF parser"). Negative through a reader helper: a function that returns
 * inside the reader it opened (timer_enter(), as bpf_test_timer_enter())
 * covers its caller's sites until the helper that closes it (timer_leave());
 * after that, it does not; so do wrappers of them. */
struct bpf_prog;
struct sk_buff;
struct strparser { int (*parse_msg)(struct strparser *, struct sk_buff *); };
struct psock { struct strparser strp; struct bpf_prog *prog; };

static int parse_strparser(struct strparser *strp, struct sk_buff *skb)
{
	struct psock *psock = container_of(strp, struct psock, strp);

	return bpf_prog_run_pin_on_cpu(psock->prog, skb);
}

void psock_init(struct psock *psock)
{
	psock->strp.parse_msg = parse_strparser;
}

struct timer { int mode; };

static void timer_enter(struct timer *t)
{
	rcu_read_lock();
	if (t->mode)
		preempt_disable();
	else
		migrate_disable();
}

static void timer_leave(struct timer *t)
{
	if (t->mode)
		preempt_enable();
	else
		migrate_enable();
	rcu_read_unlock();
}

static int dissect(struct bpf_prog *prog, void *ctx)
{
	return bpf_prog_run_pin_on_cpu(prog, ctx);
}

int test_run_dissect(struct bpf_prog *prog, void *ctx, int repeat)
{
	struct timer t = { 1 };
	int ret = 0;

	timer_enter(&t);
	while (repeat--)
		ret = dissect(prog, ctx);
	timer_leave(&t);
	return ret;
}

int test_run_after(struct bpf_prog *prog, void *ctx)
{
	struct timer t = { 0 };

	timer_enter(&t);
	timer_leave(&t);
	return dissect(prog, ctx);
}
/* wrappers of the helpers are helpers too (rhashtable_walk_start() calls
 * rhashtable_walk_start_check(), which opens the reader) */
static void walk_start(struct timer *t)
{
	timer_enter(t);
}

static void walk_stop(struct timer *t)
{
	timer_leave(t);
}

int walk_dissect(struct bpf_prog *prog, void *ctx)
{
	struct timer t = { 0 };
	int ret;

	walk_start(&t);
	ret = dissect(prog, ctx);
	walk_stop(&t);
	return ret;
}
/*
 * check-name: a BPF program run outside a reader; covered by a reader helper and its wrappers, until they close
 * check-output-start
17:9: warning: bpf_prog_run_pin_on_cpu(psock->prog) outside any RCU read-side section of parse_strparser, whose callers are unknown (called through a pointer) [rcu-missing-read-lock] intended
47:9: warning: bpf_prog_run_pin_on_cpu(prog) outside any RCU read-side section of dissect, and 1 of its 3 callers hold none: test_run_after reader-helpers.c:68 [rcu-missing-read-lock] intended
68:9: warning: dissect() reads RCU-protected data with no section of its own, and is called outside any RCU read-side section of test_run_after, whose callers are unknown (no caller by name) [rcu-missing-read-lock] false-positive
 * check-output-end
 */
