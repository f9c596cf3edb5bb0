/*
 * Macros for spatch's C parser (spatch --macro-file), for the kernel
 * constructs it cannot parse on its own: lockers runs spatch with
 * --no-includes, so a macro defined in a header is an unknown name, and
 * where it makes a function header or a loop the whole function is skipped.
 * spatch expands these on demand, only where a parse fails; its own
 * standard.h (the builtins) stays in force and wins over a name defined
 * twice. Each entry says which construct it covers; the definitions give
 * the parser the shape of the code (a type, a header, a loop), not its
 * meaning. They were found from the parse errors of a 6.1 scan, grouped by
 * cause (README.md, "Functions analysed"). This file is part of every
 * result's identity: editing it re-runs spatch.
 */

/* kernel/bpf, net/core, drivers: BPF_CALL_2(bpf_map_push_elem, struct bpf_map *, map, ...) { ... }
 * defines a BPF helper: a header of type, name pairs the parser reads as a
 * function with no return type. */
#define BPF_CALL_0(name) u64 name(void)
#define BPF_CALL_1(name, t1, a1) u64 name(t1 a1)
#define BPF_CALL_2(name, t1, a1, t2, a2) u64 name(t1 a1, t2 a2)
#define BPF_CALL_3(name, t1, a1, t2, a2, t3, a3) u64 name(t1 a1, t2 a2, t3 a3)
#define BPF_CALL_4(name, t1, a1, t2, a2, t3, a3, t4, a4) u64 name(t1 a1, t2 a2, t3 a3, t4 a4)
#define BPF_CALL_5(name, t1, a1, t2, a2, t3, a3, t4, a4, t5, a5) \
	u64 name(t1 a1, t2 a2, t3 a3, t4 a4, t5 a5)

/* drivers/infiniband: static int UVERBS_HANDLER(UVERBS_METHOD_X)(struct uverbs_attr_bundle *attrs)
 * names a method handler by token pasting. */
#define UVERBS_HANDLER(id) uverbs_handler_##id

/* drivers/gpu/drm/i915: with_intel_runtime_pm(rpm, wakeref) { ... } and its
 * kin are for loops that take and release a reference around a block. */
#define with_intel_runtime_pm(rpm, wf) for ((wf) = intel_runtime_pm_get(rpm); (wf); (wf) = 0)
#define with_intel_runtime_pm_if_in_use(rpm, wf) \
	for ((wf) = intel_runtime_pm_get_if_in_use(rpm); (wf); (wf) = 0)
#define with_intel_display_power(i915, domain, wf) \
	for ((wf) = intel_display_power_get((i915), (domain)); (wf); (wf) = 0)
#define with_intel_pps_lock(dp, wf) for ((wf) = pps_lock(dp); (wf); (wf) = 0)
#define intel_wedge_on_timeout(W, GT, TIMEOUT) for (__intel_init_wedge((W), (GT), (TIMEOUT)); (W)->gt; (W)->gt = NULL)

/* include/linux/cleanup.h (stable backports): scoped_guard(mutex, &lock) { ... }
 * runs a block with a lock held; u32 *p __free(kfree) = ... frees on exit. */
#define scoped_guard(name, args...) for (int scoped_guard_done = 0; !scoped_guard_done; scoped_guard_done = 1)
#define __free(fn)

/* include/linux/compiler_types.h: noinstr static void f(void), the section
 * attribute written before the storage class. */
#define noinstr

/* include/linux/ethtool.h: __ETHTOOL_DECLARE_LINK_MODE_MASK(mask) = { 0, }; a bitmap
 * declared by a macro, often with an initialiser. */
#define __ETHTOOL_DECLARE_LINK_MODE_MASK(name) unsigned long name[4]

/* drivers/md/bcache: BKEY_PADDED(key) k; a union type made by a macro. */
#define BKEY_PADDED(key) union { struct bkey key; __u64 key##_pad[8]; }

/* drivers/net/ethernet/chelsio/inline_crypto/chtls: DECLARE_TASK_FUNC(fn, task_param) { ... }
 * is a work function's header. */
#define DECLARE_TASK_FUNC(task, task_param) static void task(struct work_struct *task_param)

/* arch/x86: asm output operands written by macros, : CC_OUT(nz) (ok) and
 * : EAX_EDX_RET(val, low, high). */
#define CC_OUT(c) "=qm"
#define EAX_EDX_RET(val, low, high) "=a" (low), "=d" (high)

/* fs, ipc, kernel, net: COMPAT_SYSCALL_DEFINE3(name, type, arg, ...) { ... },
 * the compat system calls (standard.h has the native SYSCALL_DEFINEn only). */
#define COMPAT_SYSCALL_DEFINE0(name) long compat_sys_##name(void)
#define COMPAT_SYSCALL_DEFINE1(name, t1, a1) long compat_sys_##name(t1 a1)
#define COMPAT_SYSCALL_DEFINE2(name, t1, a1, t2, a2) long compat_sys_##name(t1 a1, t2 a2)
#define COMPAT_SYSCALL_DEFINE3(name, t1, a1, t2, a2, t3, a3) long compat_sys_##name(t1 a1, t2 a2, t3 a3)
#define COMPAT_SYSCALL_DEFINE4(name, t1, a1, t2, a2, t3, a3, t4, a4) \
	long compat_sys_##name(t1 a1, t2 a2, t3 a3, t4 a4)
#define COMPAT_SYSCALL_DEFINE5(name, t1, a1, t2, a2, t3, a3, t4, a4, t5, a5) \
	long compat_sys_##name(t1 a1, t2 a2, t3 a3, t4 a4, t5 a5)
#define COMPAT_SYSCALL_DEFINE6(name, t1, a1, t2, a2, t3, a3, t4, a4, t5, a5, t6, a6) \
	long compat_sys_##name(t1 a1, t2 a2, t3 a3, t4 a4, t5 a5, t6 a6)

/* tools/testing/selftests (kselftest_harness.h, landlock's common.h):
 * TEST_F(fixture, name) { ... } and its kin are test functions' headers;
 * FIXTURE_VARIANT_ADD(fixture, name) { .field = ... }; a variant's data. */
#define TEST_F(fixture, name) \
	static void fixture##_##name(struct __test_metadata *_metadata, struct _test_data_##fixture *self, \
				     const struct _fixture_variant_##fixture *variant)
#define TEST_F_SIGNAL(fixture, name, signal) \
	static void fixture##_##name(struct __test_metadata *_metadata, struct _test_data_##fixture *self, \
				     const struct _fixture_variant_##fixture *variant)
#define TEST_F_TIMEOUT(fixture, name, timeout) \
	static void fixture##_##name(struct __test_metadata *_metadata, struct _test_data_##fixture *self, \
				     const struct _fixture_variant_##fixture *variant)
#define TEST_F_FORK(fixture, name) \
	static void fixture##_##name(struct __test_metadata *_metadata, struct _test_data_##fixture *self, \
				     const struct _fixture_variant_##fixture *variant)
#define FIXTURE_VARIANT_ADD(fixture, name) \
	static const struct _fixture_variant_##fixture _##fixture##_##name##_variant =

/* include/linux/compiler.h: typeof_member(struct proc_inode, vfs_inode) *p, a
 * type made from a member. */
#define typeof_member(T, m) typeof(((T *)0)->m)

/* lib/zstd: static TARGET_ATTRIBUTE("bmi2") size_t f(...), a target attribute. */
#define TARGET_ATTRIBUTE(target)
