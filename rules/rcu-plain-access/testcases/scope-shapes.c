/* Shapes where a plain access sits in a function with no RCU call: function
 * scope keeps its body only because it names one of the file's RCU
 * locations, so each must be found as the whole file finds it. */
struct entry { int v; };
struct obj { struct rcu_head rcu; struct inner in; int v; };
struct holder { struct obj *slot; };

static int __rcu *gcount;
static struct entry __rcu *gtab[8];
static struct entry __rcu *gslot;
static struct obj gobj;

static void free_cb(struct rcu_head *h)
{
}

int reader(int i)
{
	struct entry *p;
	int *c, v;

	rcu_read_lock();
	c = rcu_dereference(gcount);
	p = rcu_dereference(gtab[i]);
	v = c ? *c : 0;
	v += p ? p->v : 0;
	p = rcu_dereference(gslot);
	v += p ? p->v : 0;
	rcu_read_unlock();
	return v;
}

/* "*gcount" and "*gtab[i]" are uses, not declarations of locals */
int peek(int i)
{
	return *gcount + (*gtab[i] ? 1 : 0);
}

/* a member of a struct defined in the body is not a local */
int snap(void)
{
	struct { struct entry *gslot; int n; } s;

	s.n = 1;
	return gslot->v + s.n;
}

/* call_rcu(&gobj.in.rcu, cb): the rule's F(E, fld) takes &gobj.in.rcu
 * whole and keys the freed location ->rcu, so o->rcu below is reported */
void retire(void)
{
	call_rcu(&gobj.in.rcu, free_cb);
}

void reset(struct obj *o, struct rcu_head h)
{
	o->rcu = h;
}

/* the local handed to call_rcu() is assigned after the call, on the loop's back edge */
void drain(struct holder *hd, int n)
{
	struct obj *old = NULL;

	while (n--) {
		if (old)
			call_rcu(&old->rcu, free_cb);
		old = hd->slot;
	}
}

void install(struct holder *hd, struct obj *o)
{
	hd->slot = o;
}

/*
 * check-name: plain accesses in functions that name a location and no RCU call
 * check-output-start
36:10: warning: gcount is accessed with rcu_dereference() elsewhere in this file but is loaded here without rcu_dereference() [rcu-plain-access] intended
36:21: warning: gtab[i] is accessed with rcu_dereference() elsewhere in this file but is loaded here without rcu_dereference() [rcu-plain-access] intended
45:9: warning: gslot is accessed with rcu_dereference() elsewhere in this file but is loaded here without rcu_dereference() [rcu-plain-access] intended
57:2: warning: o->rcu is RCU-protected (its objects are freed with call_rcu()) but is assigned here with a plain store, not rcu_assign_pointer() [rcu-plain-access] intended
74:2: warning: hd->slot is RCU-protected (its objects are freed with call_rcu()) but is assigned here with a plain store, not rcu_assign_pointer() [rcu-plain-access] intended
 * check-output-end
 */
