/*
 * A BPF helper defined with BPF_CALL_2(): without cocci/kernel-macros.h
 * spatch reads its header as a function with no return type and skips it;
 * with it, the loop inside is analysed like any other.
 */
struct table {
	unsigned int nr_entries;
	unsigned long entry[16];
};

BPF_CALL_2(bpf_table_clear, struct table *, t, u64, flags)
{
	unsigned int i;

	for (i = 0; i <= t->nr_entries; i++)
		t->entry[i] = flags;
	return 0;
}

/*
 * check-name: a loop in a BPF_CALL_2() helper is analysed (kernel-macros.h)
 * check-output-start
15:2: warning: t->nr_entries is a count but i reaches it: the loop runs t->nr_entries+1 times [loop-le-count] intended
 * check-output-end
 */
