/* Arrays allocated with exactly nr_queues elements (kcalloc, kmalloc with
 * n * sizeof) overrun on the last pass; one allocated with nr_vecs + 1
 * elements is sized for it. */
#include <stddef.h>
#define GFP_KERNEL 0
void *kcalloc(size_t n, size_t size, int flags);
void *kmalloc(size_t size, int flags);
void *kmalloc_array(size_t n, size_t size, int flags);

struct queue { int id; };

struct dev_ctx {
	int nr_queues;
	int nr_irqs;
	int nr_vecs;
	struct queue *queues;
	int *irqs;
	unsigned long *vecs;
};

int ctx_alloc(struct dev_ctx *ctx)
{
	ctx->queues = kcalloc(ctx->nr_queues, sizeof(*ctx->queues), GFP_KERNEL);
	ctx->irqs = kmalloc(ctx->nr_irqs * sizeof(int), GFP_KERNEL);
	ctx->vecs = kmalloc_array(ctx->nr_vecs + 1, sizeof(*ctx->vecs), GFP_KERNEL);
	if (!ctx->queues || !ctx->irqs || !ctx->vecs)
		return -12;
	return 0;
}

void ctx_init(struct dev_ctx *ctx)
{
	int i;

	for (i = 0; i <= ctx->nr_queues; i++)
		ctx->queues[i].id = i;
	for (i = 0; i <= ctx->nr_irqs; i++)
		ctx->irqs[i] = -1;
	for (i = 0; i <= ctx->nr_vecs; i++)
		ctx->vecs[i] = 0;
}

/*
 * check-name: kcalloc(n), kmalloc(n * sizeof) sized arrays overrun; kmalloc_array(n + 1) fits (intended)
 * check-output-start
35:2: warning: ctx->nr_queues is a count but i reaches it: the loop runs ctx->nr_queues+1 times [loop-le-count] bug
37:2: warning: ctx->nr_irqs is a count but i reaches it: the loop runs ctx->nr_irqs+1 times [loop-le-count] bug
39:2: warning: ctx->nr_vecs is a count but i reaches it: the loop runs ctx->nr_vecs+1 times [loop-le-count] false-positive
 * check-output-end
 */
