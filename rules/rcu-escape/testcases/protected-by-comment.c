/* A comment naming another protection than the section ("protected by
 * kvm->srcu", kvm_xen_hcall_evtchn_send()) explains the use after the
 * unlock; "protected by RCU" explains nothing and the same shape stays a
 * bug. */
struct port { int ctx; };
struct vm { int ports; int srcu; int pool; };
void rcu_read_lock(void);
void rcu_read_unlock(void);
void *idr_find(int *idr, unsigned long id);
void signal_ctx(int ctx);
int pool_tryget(int *pool);

void vm_port_send(struct vm *vm, unsigned long id)
{
	struct port *p;

	/*
	 * The port is protected by vm->srcu, which the caller holds; the idr
	 * lookup instead is protected by RCU.
	 */
	rcu_read_lock();
	p = idr_find(&vm->ports, id);
	rcu_read_unlock();
	if (!p)
		return;
	signal_ctx(p->ctx);
}

void vm_port_kick(struct vm *vm, unsigned long id)
{
	struct port *p;

	/* the port table is protected by RCU */
	rcu_read_lock();
	p = idr_find(&vm->ports, id);
	rcu_read_unlock();
	if (!p)
		return;
	signal_ctx(p->ctx);
}

void vm_port_map(struct vm *vm, unsigned long id)
{
	struct port *p;

	rcu_read_lock();
	p = idr_find(&vm->ports, id);
	/*
	 * mapping can sleep, so a reference is taken on the pool such that
	 * rcu_read_unlock() can be done before the pages are inserted
	 */
	if (!p || !pool_tryget(&vm->pool)) {
		rcu_read_unlock();
		return;
	}
	rcu_read_unlock();
	signal_ctx(p->ctx);
}

/*
 * check-name: a comment naming another protection or a reference marks the escape as known; "protected by RCU" does not
 * check-output-start
26:13: warning: p was looked up under rcu_read_lock() and is dereferenced after rcu_read_unlock() with no reference taken [rcu-escape] intended
39:13: warning: p was looked up under rcu_read_lock() and is dereferenced after rcu_read_unlock() with no reference taken [rcu-escape] bug
57:13: warning: p was looked up under rcu_read_lock() and is dereferenced after rcu_read_unlock() with no reference taken [rcu-escape] intended
 * check-output-end
 */
