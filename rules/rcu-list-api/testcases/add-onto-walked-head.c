/* A socket's receive ops, as CAN's broadcast manager kept them before
 * "can: bcm: add missing rcu list annotations and operations": the proc
 * file walks the list under rcu_read_lock() alone, the delete path unlinks
 * with list_del_rcu(), but setup publishes a new op with plain list_add()
 * onto the very head the reader walks, so the reader may follow the new
 * entry before its fields land. */
struct op { struct list_head list; unsigned int id; int frames; struct rcu_head rcu; };
struct bsock { struct list_head rx_ops; struct sock sk; };

void ops_show(struct seq_file *m, struct bsock *bo)
{
	struct op *op;

	rcu_read_lock();
	list_for_each_entry_rcu(op, &bo->rx_ops, list)
		seq_printf(m, "%x %d\n", op->id, op->frames);
	rcu_read_unlock();
}

int op_delete(struct bsock *bo, struct op *op)
{
	list_del_rcu(&op->list);
	call_rcu(&op->rcu, op_free_rcu);
	return 1;
}

int rx_setup(struct bsock *bo, unsigned int id)
{
	struct op *op;

	lock_sock(&bo->sk);
	op = kzalloc(sizeof(*op), GFP_KERNEL);
	if (!op) {
		release_sock(&bo->sk);
		return -ENOMEM;
	}
	op->id = id;
	list_add(&op->list, &bo->rx_ops);
	release_sock(&bo->sk);
	return 0;
}

/*
 * check-name: a plain add onto the head a lock-free reader walks (CAN bcm's rx_ops)
 * check-output-start
38:2: warning: list_add(&op->list, &bo->rx_ops) changes a list that RCU readers walk (list_for_each_entry_rcu() at line 15): use list_add_rcu() [rcu-list-api] bug
 * check-output-end
 */
