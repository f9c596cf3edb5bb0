/* A comment extension is queued for freeing before the pointer to it is
 * cleared: a reader that loads the pointer between kfree_rcu() and the
 * store finds an object whose grace period began before it did, and uses
 * it after the free (the shape of ipset's ip_set_comment_free() before
 * "netfilter: ipset: fix order of kfree_rcu() and rcu_assign_pointer()").
 * The reverse order is right and quiet. */
struct comment_rcu { struct rcu_head rcu; char str[]; };
struct comment { struct comment_rcu __rcu *c; };

void comment_free(struct comment *comment)
{
	struct comment_rcu *c = rcu_dereference_protected(comment->c, 1);

	if (!c)
		return;
	kfree_rcu(c, rcu);
	rcu_assign_pointer(comment->c, NULL);
}

void comment_free_ordered(struct comment *comment)
{
	struct comment_rcu *c = rcu_dereference_protected(comment->c, 1);

	if (!c)
		return;
	rcu_assign_pointer(comment->c, NULL);
	kfree_rcu(c, rcu);
}

int comment_len(struct comment *comment)
{
	struct comment_rcu *c;
	int n = 0;

	rcu_read_lock();
	c = rcu_dereference(comment->c);
	if (c)
		n = c->str[0];
	rcu_read_unlock();
	return n;
}

void comment_destroy(struct comment *comment)
{
	comment_free(comment);
	kfree(comment);
}
/*
 * check-name: kfree_rcu() before the pointer is cleared
 * check-output-start
16:2: warning: c is queued for freeing by kfree_rcu() before comment->c stops pointing at it (line 17): the grace period began while readers could still find it, and does not wait for those that do [rcu-free-without-grace] intended
 * check-output-end
 */
