/* An object published as a UDP tunnel socket's sk_user_data by
 * setup_udp_tunnel_sock() is in the receive path's reach from then on
 * (encap_rcv reads it with rcu_dereference_sk_user_data()): an error path
 * that releases the socket and frees it at once leaves a packet already in
 * the receive path with freed memory (fou_create(), fixed upstream with
 * kfree_rcu(); tipc_udp_enable()). Waiting first is fine, and so is a free
 * of something the socket never saw. */
struct net;
struct socket;
struct udp_tunnel_sock_cfg { void *sk_user_data; int encap_type; };
struct bearer { struct socket *sock; int port; };
void setup_udp_tunnel_sock(struct net *net, struct socket *sock, struct udp_tunnel_sock_cfg *cfg);
void udp_tunnel_sock_release(struct socket *sock);
int bearer_add_port(struct bearer *b);
void kfree(const void *p);
void synchronize_net(void);

int bearer_enable(struct net *net, struct bearer *b)
{
	struct udp_tunnel_sock_cfg cfg = { 0 };
	int err;

	cfg.sk_user_data = b;
	cfg.encap_type = 1;
	setup_udp_tunnel_sock(net, b->sock, &cfg);
	err = bearer_add_port(b);
	if (err)
		goto free;
	return 0;
free:
	udp_tunnel_sock_release(b->sock);
	kfree(b);
	return err;
}

int bearer_enable_waited(struct net *net, struct bearer *b)
{
	struct udp_tunnel_sock_cfg cfg = { 0 };
	int err;

	cfg.sk_user_data = b;
	setup_udp_tunnel_sock(net, b->sock, &cfg);
	err = bearer_add_port(b);
	if (err) {
		udp_tunnel_sock_release(b->sock);
		synchronize_net();
		kfree(b);
	}
	return err;
}

int bearer_enable_other(struct net *net, struct bearer *b, struct bearer *spare)
{
	struct udp_tunnel_sock_cfg cfg = { 0 };

	cfg.sk_user_data = b;
	setup_udp_tunnel_sock(net, b->sock, &cfg);
	kfree(spare);
	return 0;
}
/*
 * check-name: sk_user_data of a UDP tunnel socket freed on an error path with no wait
 * check-output-start
32:2: warning: b, the sk_user_data setup_udp_tunnel_sock() published at line 25, is freed by kfree() with no grace period: packets already in the socket's receive path may still hold it [rcu-free-without-grace] bug
 * check-output-end
 */
