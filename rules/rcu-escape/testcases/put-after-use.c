/* A lookup under RCU whose result the function later drops with a put:
 * the lookup took the reference (task_lookup_fdget_rcu() then fput() in
 * tid_fd_mode()), so the use after the unlock is covered (put_after_use).
 * A put of the same variable after it was reused as a list cursor (ksmbd's
 * opinfo) says nothing of the object read under RCU. */
struct rfile { int mode; };
struct rtask { int files; };
struct rop { int is_lease; int entry; };
struct rfp { struct rop __rcu *op; };
void rcu_read_lock(void);
void rcu_read_unlock(void);
struct rfile *task_lookup_rfile_rcu(struct rtask *t, unsigned int fd);
void rfput(struct rfile *f);
void op_put(struct rop *op);

int rtask_fd_mode(struct rtask *t, unsigned int fd, int *mode)
{
	struct rfile *file;

	rcu_read_lock();
	file = task_lookup_rfile_rcu(t, fd);
	rcu_read_unlock();
	if (file) {
		*mode = file->mode;
		rfput(file);
	}
	return !!file;
}

void rfp_close(struct rfp *fp, struct rop *list)
{
	struct rop *op;

	rcu_read_lock();
	op = rcu_dereference(fp->op);
	rcu_read_unlock();
	if (!op->is_lease)
		return;
	op = list;
	op_put(op);
}

/*
 * check-name: a put of the looked-up pointer after the use means the lookup took a reference; not after the variable is reused
 * check-output-start
24:11: warning: file was looked up under rcu_read_lock() and is dereferenced after rcu_read_unlock() with no reference taken [rcu-escape] intended
37:7: warning: op was read under rcu_read_lock() and is dereferenced after rcu_read_unlock() with no reference taken [rcu-escape] bug
 * check-output-end
 */
