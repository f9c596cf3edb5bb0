/* The extra pass (i == E) never reaches the array: the body leaves the loop,
 * branches away, or indexes only under i < E. The array having exactly E
 * elements is then no overrun (FlashPoint's MAX_CARDS walk). The last
 * function tests i == E only after indexing: the overrun stands. An inner
 * loop that tests i < E before each pass guards what it indexes (intel_th's
 * output matching walk); one whose test an || can pass does not. */
#define MAX_CARDS 4

struct card { unsigned long io; };

static struct card cards[MAX_CARDS];

void *card_fail(void);
void card_init(struct card *c);
void card_flush(void);

void *card_find(unsigned long io)
{
	int n;

	for (n = 0; n <= MAX_CARDS; n++) {
		if (n == MAX_CARDS)
			return card_fail();
		if (cards[n].io == io)
			return &cards[n];
	}
	return 0;
}

void card_walk_else(void)
{
	int n;

	for (n = 0; n <= MAX_CARDS; n++) {
		if (n == MAX_CARDS)
			card_flush();
		else
			card_init(&cards[n]);
	}
}

void card_walk_below(void)
{
	int n;

	for (n = 0; n <= MAX_CARDS; n++) {
		if (n < MAX_CARDS) {
			card_init(&cards[n]);
			continue;
		}
		card_flush();
	}
}

void card_walk_late(void)
{
	int n;

	for (n = 0; n <= MAX_CARDS; n++) {
		card_init(&cards[n]);
		if (n == MAX_CARDS)
			break;
	}
}

void card_match(int kind)
{
	int n;

	for (n = 0; n <= MAX_CARDS; n++) {
		for (; n < MAX_CARDS; n++) {
			if (cards[n].io == kind)
				break;
		}
		if (n == MAX_CARDS)
			card_flush();
	}
}

void card_match_or(int kind)
{
	int n;

	for (n = 0; n <= MAX_CARDS; n++) {
		while (n < MAX_CARDS || kind) {
			if (cards[n].io == kind)
				break;
			n++;
		}
	}
}

/*
 * check-name: the extra pass leaves or branches before indexing
 * check-output-start
21:2: warning: MAX_CARDS is the size of cards but n reaches it: the loop runs MAX_CARDS+1 times [loop-le-count] false-positive
34:2: warning: MAX_CARDS is the size of cards but n reaches it: the loop runs MAX_CARDS+1 times [loop-le-count] false-positive
46:2: warning: MAX_CARDS is the size of cards but n reaches it: the loop runs MAX_CARDS+1 times [loop-le-count] false-positive
59:2: warning: MAX_CARDS is the size of cards but n reaches it: the loop runs MAX_CARDS+1 times [loop-le-count] intended
70:2: warning: MAX_CARDS is the size of cards but n reaches it: the loop runs MAX_CARDS+1 times [loop-le-count] false-positive
84:2: warning: MAX_CARDS is the size of cards but n reaches it: the loop runs MAX_CARDS+1 times [loop-le-count] intended
 * check-output-end
 */
