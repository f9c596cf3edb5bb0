/* A stable field that leads to an object freed with call_rcu(): not an RCU slot. */
struct rcu_head { struct rcu_head *next; };
struct prog_aux { struct rcu_head rcu; int id; };
struct prog { struct prog_aux *aux; int type; };

static void aux_free_rcu(struct rcu_head *head)
{
	kfree(head);
}

void prog_put(struct prog *prog)
{
	call_rcu(&prog->aux->rcu, aux_free_rcu);
}

int prog_id(struct prog *prog)
{
	int id;

	rcu_read_lock();
	id = prog->aux->id;
	rcu_read_unlock();
	return id;
}

/*
 * check-name: prog->aux is never stored in this file, so its RCU-freed target does not make it an RCU pointer
 * check-output-start
 * check-output-end
 */
