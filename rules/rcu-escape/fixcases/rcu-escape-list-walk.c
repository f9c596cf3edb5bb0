/* The cursor of an RCU list walk is used after the unlock by code that
 * sleeps (the nfs4_handle_lease_moved() shape): lockers fix pins the
 * server's superblock with nfs_sb_active() inside the section, goes on to
 * the next entry when a racing umount has it on its way out, and drops the
 * pin after the last use and before the goto. */
struct list_head {
	struct list_head *next, *prev;
};

struct super_block {
	int s_active;
};

struct nfs_server {
	struct list_head client_link;
	struct super_block *super;
	int mig_gen;
};

struct nfs_client {
	struct list_head cl_superblocks;
	int cl_mig_gen;
};

int nfs_sb_active(struct super_block *sb);
void nfs_sb_deactive(struct super_block *sb);
int nfs4_try_migration(struct nfs_server *server);
void msleep(unsigned int msecs);

int lease_moved(struct nfs_client *clp)
{
	struct nfs_server *server;

restart:
	rcu_read_lock();
	list_for_each_entry_rcu(server, &clp->cl_superblocks, client_link) {
		if (server->mig_gen == clp->cl_mig_gen)
			continue;
		server->mig_gen = clp->cl_mig_gen;
		rcu_read_unlock();
		msleep(1);
		if (nfs4_try_migration(server) == -EAGAIN)
			goto restart;
		return 0;
	}
	rcu_read_unlock();
	return 0;
}

/*
 * check-name: fix: an RCU list walk's cursor pinned with a get that can fail
 * check-rules: rcu-escape
 * check-fix: offered
 * check-output-start
42:26: warning: server is the cursor of an RCU list walk under rcu_read_lock() and is passed on after rcu_read_unlock() with no reference taken [rcu-escape] intended
 * check-output-end
 */
