/* A use after the inner unlock that another section still covers: the SRCU
 * section around perf_init_event()'s idr lookup (kernel/events/core.c), and
 * rcu_read_lock_trace() around a nested rcu_read_lock() (bpf.h's
 * bpf_prog_run_array_sleepable()). The object cannot be freed before the
 * outer section ends. Once the outer section has ended, the use escapes. */
struct pmu { int caps; };
struct srcu_struct { int x; };
struct srcu_struct pmus_srcu;
struct pmu __rcu *cur_pmu;

int pmu_caps(void)
{
	struct pmu *pmu;
	int idx, caps;

	idx = srcu_read_lock(&pmus_srcu);
	rcu_read_lock();
	pmu = rcu_dereference(cur_pmu);
	rcu_read_unlock();
	caps = pmu->caps;
	srcu_read_unlock(&pmus_srcu, idx);
	return caps;
}

int pmu_caps_trace(int sleepable)
{
	struct pmu *pmu;

	rcu_read_lock_trace();
	if (!sleepable)
		rcu_read_lock();
	pmu = rcu_dereference(cur_pmu);
	if (!sleepable)
		rcu_read_unlock();
	sleepable = pmu->caps;
	rcu_read_unlock_trace();
	return sleepable;
}

int pmu_caps_late(void)
{
	struct pmu *pmu;
	int idx;

	idx = srcu_read_lock(&pmus_srcu);
	srcu_read_unlock(&pmus_srcu, idx);
	rcu_read_lock();
	pmu = rcu_dereference(cur_pmu);
	rcu_read_unlock();
	return pmu->caps;
}

/* the use comes before the read in the text, on the next pass of the loop:
 * the read's own section has ended by then */
int pmu_caps_loop(int n)
{
	struct pmu *pmu = NULL;
	int caps = 0;

	while (n--) {
		if (pmu)
			caps += pmu->caps;
		rcu_read_lock();
		pmu = rcu_dereference(cur_pmu);
		rcu_read_unlock();
	}
	return caps;
}

/* guard(srcu) holds its section to the end of its block: 7.x's
 * perf_init_event(), a scoped_guard(rcu) lookup inside it */
int pmu_caps_guard(void)
{
	struct pmu *pmu;

	guard(srcu)(&pmus_srcu);
	scoped_guard (rcu)
		pmu = rcu_dereference(cur_pmu);
	return pmu->caps;
}

/* a guard whose block ended before the use covers nothing */
int pmu_caps_guard_ended(int n)
{
	struct pmu *pmu;

	if (n) {
		guard(srcu)(&pmus_srcu);
		n++;
	}
	rcu_read_lock();
	pmu = rcu_dereference(cur_pmu);
	rcu_read_unlock();
	return pmu->caps + n;
}

/*
 * check-name: a use still inside an outer read-side section scores low
 * check-output-start
20:9: warning: pmu was read under rcu_read_lock() and is dereferenced after rcu_read_unlock() with no reference taken [rcu-escape] intended
35:14: warning: pmu was read under rcu_read_lock() and is dereferenced after rcu_read_unlock() with no reference taken [rcu-escape] intended
50:9: warning: pmu was read under rcu_read_lock() and is dereferenced after rcu_read_unlock() with no reference taken [rcu-escape] bug
62:12: warning: pmu was read under rcu_read_lock() and is dereferenced after rcu_read_unlock() with no reference taken [rcu-escape] bug
79:9: warning: pmu was read under scoped_guard(rcu) and is dereferenced after the guarded block with no reference taken [rcu-escape] intended
94:9: warning: pmu was read under rcu_read_lock() and is dereferenced after rcu_read_unlock() with no reference taken [rcu-escape] bug
 * check-output-end
 */
