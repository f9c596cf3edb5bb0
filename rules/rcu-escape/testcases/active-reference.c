/* nfs_sb_active() takes an active reference on the superblock inside the
 * section, which pins the server the walk found: using it after the unlock is
 * covered (fs/nfs/callback_proc.c). Without it, the same use escapes. */
struct super { int active; };
struct server { struct super *super; struct server *next; };
struct client { struct server __rcu *servers; };

int nfs_sb_active(struct super *sb);
void nfs_sb_deactive(struct super *sb);

int client_pin_first(struct client *clp)
{
	struct server *server;

	rcu_read_lock();
	server = rcu_dereference(clp->servers);
	if (!nfs_sb_active(server->super)) {
		rcu_read_unlock();
		return -1;
	}
	rcu_read_unlock();
	nfs_sb_deactive(server->super);
	return 0;
}

int client_peek_first(struct client *clp)
{
	struct server *server;

	rcu_read_lock();
	server = rcu_dereference(clp->servers);
	rcu_read_unlock();
	return server->super->active;
}

/*
 * check-name: an active reference taken in the section ends the escape
 * check-output-start
33:9: warning: server was read under rcu_read_lock() and is dereferenced after rcu_read_unlock() with no reference taken [rcu-escape] bug
 * check-output-end
 */
