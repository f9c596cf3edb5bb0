/* Fields filled by a copy call after publication; a field readers never read scores lower. */
#define GFP_KERNEL 0
#define __rcu
struct label { char name[16]; unsigned long stamp; };
struct port { struct label __rcu *label; };

int port_label_char(struct port *p)
{
	struct label *l;
	int c;

	rcu_read_lock();
	l = rcu_dereference(p->label);
	c = l->name[0];
	rcu_read_unlock();
	return c;
}

int port_set_label(struct port *p, const char *src)
{
	struct label *l = kzalloc(sizeof(*l), GFP_KERNEL);

	if (!l)
		return -1;
	rcu_assign_pointer(p->label, l);
	strscpy(l->name, src, sizeof(l->name));
	return 0;
}

int port_touch_label(struct port *p, unsigned long now)
{
	struct label *l = kzalloc(sizeof(*l), GFP_KERNEL);

	if (!l)
		return -1;
	strscpy(l->name, "none", sizeof(l->name));
	rcu_assign_pointer(p->label, l);
	l->stamp = now;
	return 0;
}

/*
 * check-name: strscpy() into a published object's field readers use is a bug; a later write to an unread field is intended
 * check-output-start
25:2: warning: rcu_assign_pointer(p->label, l) publishes l to RCU readers before its fields are set (l->name is written after) [rcu-publish-before-init] intended
37:2: warning: rcu_assign_pointer(p->label, l) publishes l to RCU readers before its fields are set (l->stamp is written after) [rcu-publish-before-init] intended
 * check-output-end
 */
