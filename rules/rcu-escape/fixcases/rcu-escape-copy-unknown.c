/* The field read after the unlock has a type lockers does not know to be a
 * scalar (a typedef of the file's headers), and the code sleeps before it:
 * no copy, no longer section, and no reference pair for struct stamp. */
typedef struct {
	long long ns;
} ktime_t;

struct stamp {
	ktime_t when;
};

struct clock {
	struct stamp *last;
};

void msleep(unsigned int msecs);
void report_time(ktime_t t);

int clock_report(struct clock *c)
{
	struct stamp *s;

	rcu_read_lock();
	s = rcu_dereference(c->last);
	if (!s) {
		rcu_read_unlock();
		return -ENODEV;
	}
	rcu_read_unlock();
	msleep(1);
	report_time(s->when);
	return 0;
}

/*
 * check-name: fix: no copy of a field whose type is not known to be a scalar
 * check-rules: rcu-escape
 * check-fix: refused: which lockers does not know to be a scalar
 * check-output-start
31:14: warning: s was read under rcu_read_lock() and is dereferenced after rcu_read_unlock() with no reference taken [rcu-escape] bug
 * check-output-end
 */
