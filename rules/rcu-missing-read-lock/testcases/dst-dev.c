/* dst->dev names a device the kernel frees after a grace period once it is
 * unregistered, though the member is declared without __rcu before 6.18
 * (rcu-plain-members.list). The shape of sk_setup_caps() before "net: use
 * dst_dev_rcu() in sk_setup_caps()": a connect path reads the device's
 * features with no reader; the one under rcu_read_lock(), the one whose
 * caller holds RTNL (the writers' lock) and the store are not findings. */
struct net_device { unsigned long features; unsigned int flags; };
struct dst_entry { struct net_device *dev; };
struct rtable { struct dst_entry dst; };
struct sock { unsigned long sk_route_caps; };
struct sk_buff { int len; };

static void sock_setup_caps(struct sock *sk, struct dst_entry *dst)
{
	sk->sk_route_caps = dst->dev->features;
}

static int sock_connect(struct sock *sk, struct dst_entry *dst)
{
	sock_setup_caps(sk, dst);
	return 0;
}

int sock_connect_syscall(struct sock *sk, struct dst_entry *dst)
{
	return sock_connect(sk, dst);
}

static int route_is_loopback(struct rtable *rt, struct sk_buff *skb)
{
	int lo;

	rcu_read_lock();
	lo = (rt->dst.dev->flags & 8) || (skb_dst(skb)->dev->flags & 8);
	rcu_read_unlock();
	return lo;
}

static unsigned long route_features(struct dst_entry *dst)
{
	return dst->dev->features;
}

static void route_flush_dev(struct dst_entry *dst, struct net_device *blackhole)
{
	dst->dev = blackhole;
}

void route_ifdown(struct dst_entry *dst, struct net_device *blackhole, struct rtable *rt,
		  struct sk_buff *skb)
{
	rtnl_lock();
	route_features(dst);
	route_flush_dev(dst, blackhole);
	rtnl_unlock();
	route_is_loopback(rt, skb);
}
/*
 * check-name: dst->dev read with no reader on a connect path, and with one, under RTNL, stored
 * check-output-start
15:27: warning: plain load dst->dev outside any RCU read-side section of sock_setup_caps, and 1 of its 1 callers hold none: sock_connect dst-dev.c:20 <- sock_connect_syscall dst-dev.c:26 [rcu-missing-read-lock] intended
 * check-output-end
 */
