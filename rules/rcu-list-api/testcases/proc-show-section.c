/* A proc show walks the tx list with list_for_each_entry() inside
 * rcu_read_lock() while setup publishes with list_add_rcu(); a walk under
 * the socket lock, and a list of another struct that shares the member name,
 * stay quiet. */
struct op { struct list_head list; int id; };
struct sock_priv { struct list_head tx_ops; struct list_head rx_ops; spinlock_t lock; };
struct other { struct list_head list; };
struct other_owner { struct list_head tx_ops; };

int priv_show(struct sock_priv *bo)
{
	struct op *op;
	int n = 0;

	rcu_read_lock();
	list_for_each_entry(op, &bo->tx_ops, list)
		n += op->id;
	rcu_read_unlock();
	return n;
}

int priv_count_locked(struct sock_priv *bo)
{
	struct op *op;
	int n = 0;

	rcu_read_lock();
	spin_lock(&bo->lock);
	list_for_each_entry(op, &bo->tx_ops, list)
		n++;
	spin_unlock(&bo->lock);
	rcu_read_unlock();
	return n;
}

int other_count(struct other_owner *ow)
{
	struct other *o;
	int n = 0;

	rcu_read_lock();
	list_for_each_entry(o, &ow->tx_ops, list)
		n++;
	rcu_read_unlock();
	return n;
}

void other_drop(struct other *o)
{
	list_del(&o->list);
}

void priv_tx_setup(struct sock_priv *bo, struct op *op)
{
	spin_lock(&bo->lock);
	list_add_rcu(&op->list, &bo->tx_ops);
	spin_unlock(&bo->lock);
}

/*
 * check-name: plain walk inside rcu_read_lock() of a list published with list_add_rcu(); locked walk and a same-named list of another struct type are quiet
 * check-output-start
16:2: warning: list_for_each_entry(op, &bo->tx_ops, list) walks a list inside an RCU read-side section but its writers use the RCU API (list_add_rcu() at line 56): use list_for_each_entry_rcu() [rcu-list-api] intended
 * check-output-end
 */
