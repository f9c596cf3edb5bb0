/* A verifier-style table of subprograms: entries are appended with
 * info[cnt++], and a fake "exit" entry is stored at info[cnt] without
 * counting it, so loops that need the end address walk i <= cnt on
 * purpose. The code storing element cnt is the evidence. */
struct subprog_info { int start; };

struct verifier_env {
	int subprog_cnt;
	struct subprog_info *subprog_info;
};

void add_subprog(struct verifier_env *env, int off)
{
	env->subprog_info[env->subprog_cnt++].start = off;
}

void add_fake_exit(struct verifier_env *env, int insn_cnt)
{
	/* the fake entry is not counted */
	env->subprog_info[env->subprog_cnt].start = insn_cnt;
}

void adjust_subprog_starts(struct verifier_env *env, int off, int len)
{
	int i;

	for (i = 0; i <= env->subprog_cnt; i++) {
		if (env->subprog_info[i].start <= off)
			continue;
		env->subprog_info[i].start += len - 1;
	}
}

/*
 * check-name: the array is used at index cnt elsewhere (fake last entry): intended
 * check-output-start
27:2: warning: env->subprog_cnt is a count but i reaches it: the loop runs env->subprog_cnt+1 times [loop-le-count] false-positive
 * check-output-end
 */
