/* A helper reads an RCU pointer with no section of its own. Its callers
 * run where the kernel holds a reader for them: a timer callback (softirq,
 * handed to timer_setup()), an rx_handler (netdev_rx_handler_register():
 * __netif_receive_skb_core() holds rcu_read_lock()) and a BPF helper
 * (BPF_CALL_1(): BPF programs run under rcu_read_lock()). A second helper
 * is also reached from a work function that holds nothing: that one is a
 * finding. */
struct rc_conf { int limit; };
struct rc_zone { struct rc_conf __rcu *conf; int timer; int dev; };

static int rc_limit(struct rc_zone *z)
{
	struct rc_conf *c = rcu_dereference(z->conf);

	return c ? c->limit : 0;
}

static void rc_timer_fn(struct rc_zone *z)
{
	rc_limit(z);
}

static int rc_rx(struct rc_zone *z)
{
	return rc_limit(z);
}

BPF_CALL_1(bpf_rc_limit, struct rc_zone *, z)
{
	return rc_limit(z);
}

void rc_start(struct rc_zone *z)
{
	timer_setup(&z->timer, rc_timer_fn, 0);
	netdev_rx_handler_register(&z->dev, rc_rx, z);
}

static int rc_limit_any(struct rc_zone *z)
{
	struct rc_conf *c = rcu_dereference(z->conf);

	return c ? c->limit : 0;
}

static void rc_timer2_fn(struct rc_zone *z)
{
	rc_limit_any(z);
}

static void rc_work(struct rc_zone *z)
{
	rc_limit_any(z);
}

void rc_setup(struct rc_zone *z)
{
	timer_setup(&z->timer, rc_timer2_fn, 0);
	rc_work(z);
}
/*
 * check-name: callers the kernel runs in a reader (timers, rx handlers, BPF helpers) protect; a work function does not
 * check-output-start
41:22: warning: rcu_dereference(z->conf) outside any RCU read-side section of rc_limit_any, and 1 of its 2 callers hold none: rc_work reader-callbacks.c:53 <- rc_setup reader-callbacks.c:59 [rcu-missing-read-lock] intended
 * check-output-end
 */
