/* rcu_access_pointer() or a plain read as the check, rcu_dereference() as the use. */
struct handler { void (*fn)(int); };
struct irqdesc { struct handler *h; };
#define NULL ((void *)0)
#define rcu_dereference(p) (p)
#define rcu_access_pointer(p) (p)
void rcu_read_lock(void);
void rcu_read_unlock(void);

void fire(struct irqdesc *d, int irq)
{
	rcu_read_lock();
	if (rcu_access_pointer(d->h))
		rcu_dereference(d->h)->fn(irq);
	rcu_read_unlock();
}

void fire_plain(struct irqdesc *d, int irq)
{
	struct handler *h;

	rcu_read_lock();
	if (d->h != NULL) {
		h = rcu_dereference(d->h);
		h->fn(irq);
	}
	rcu_read_unlock();
}

void fire_careful(struct irqdesc *d, int irq)
{
	struct handler *h;

	rcu_read_lock();
	if (rcu_access_pointer(d->h)) {
		h = rcu_dereference(d->h);
		if (h)
			h->fn(irq);
	}
	rcu_read_unlock();
}

/*
 * check-name: marked or plain NULL check, second unchecked load used; both checked scores low
 * check-output-start
14:19: warning: d->h is read twice in one RCU read-side section: the two loads can see different objects [rcu-double-deref] bug
24:23: warning: d->h is read twice in one RCU read-side section: the two loads can see different objects [rcu-double-deref] bug
36:23: warning: d->h is read twice in one RCU read-side section: the two loads can see different objects [rcu-double-deref] false-positive
 * check-output-end
 */
