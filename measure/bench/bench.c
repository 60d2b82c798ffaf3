// SPDX-License-Identifier: GPL-2.0
/*
 * nospec-list benchmark driver: builds shuffled lists, checks that every
 * variant visits exactly what vanilla visits, then times the walks of all
 * variants side by side, interleaved round by round, and prints medians.
 *
 *   bench [--sizes N,N,...] [--rounds N] [--elems N] [--tsv FILE]
 *         [--also-check naive] [--check-only]
 *
 * Defaults: sizes 300,1000,10000,100000,1000000; 9 rounds; samples of at
 * least 20000 elements; the TSV on stdout.  --check-only stops after the
 * visit-order self-check; --also-check naive adds the broken walk to it
 * (and so must fail).  measure/bench/bench.sh builds and runs this.
 *
 * Cycles are TSC ticks (rdtsc), the reference clock of the machine, not
 * core clocks; core cycles and instructions come from perf_event_open()
 * where the machine exposes a PMU, and are reported as n/a otherwise.
 *
 * The machine is shared: a sample during which this thread was switched
 * out (getrusage() counts the switches) is measured again, up to a few
 * times; one that cannot run undisturbed (a long walk on a loaded machine)
 * is counted as this thread's CPU time converted to TSC ticks instead, so
 * time spent running other tasks never enters the numbers.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <time.h>
#include <sys/syscall.h>
#include <linux/perf_event.h>
/* The driver builds lists with the vanilla headers' helpers. */
#include <linux/list.h>
#include "bench.h"
#include "item.h"

/* In table order; nospec / cursor is the select's own cost. */
#define NR_VARIANTS 5
enum { V_VANILLA, V_NOSPEC, V_RFC, V_EXP, V_CURSOR };
static const struct variant *const variants[NR_VARIANTS] = {
	[V_VANILLA] = &variant_vanilla, [V_NOSPEC] = &variant_nospec,
	[V_RFC] = &variant_rfc, [V_EXP] = &variant_exp,
	[V_CURSOR] = &variant_cursor,
};

static const char *const macro_names[NR_MACROS] = {
	[M_ENTRY] = "list_for_each_entry",
	[M_SAFE] = "list_for_each_entry_safe",
	[M_REVERSE] = "list_for_each_entry_reverse",
	[M_HLIST] = "hlist_for_each_entry",
	[M_SCOPED] = "list_for_each_entry_scoped",
};
static const char *const body_names[NR_BODIES] = { "empty", "light" };
static const char *const record_names[NR_RECORDS] = {
	"plain", "reassigns pos", "break",
};

static void die(const char *fmt, ...) __attribute__((format(printf, 1, 2), noreturn));
static void die(const char *fmt, ...)
{
	va_list ap;

	fflush(stdout);
	fputs("bench: error: ", stderr);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	exit(1);
}

/* ---- time and counters ------------------------------------------------ */

static inline uint64_t tsc_begin(void)
{
	uint32_t lo, hi;

	/* lfence: earlier instructions done before the read. */
	asm volatile("lfence\n\trdtsc" : "=a" (lo), "=d" (hi) : : "memory");
	return (uint64_t)hi << 32 | lo;
}

static inline uint64_t tsc_end(void)
{
	uint32_t lo, hi, aux;

	/* rdtscp waits for the walk; lfence keeps later work out. */
	asm volatile("rdtscp\n\tlfence" : "=a" (lo), "=d" (hi), "=c" (aux)
		     : : "memory");
	return (uint64_t)hi << 32 | lo;
}

static int perf_fd = -1, perf_fd_ins = -1;
static char perf_status[160] = "not tried";

static int perf_open(uint64_t config, int group)
{
	struct perf_event_attr a;

	memset(&a, 0, sizeof(a));
	a.size = sizeof(a);
	a.type = PERF_TYPE_HARDWARE;
	a.config = config;
	a.disabled = group < 0;
	a.exclude_kernel = 1;
	a.exclude_hv = 1;
	a.read_format = PERF_FORMAT_GROUP;
	return syscall(SYS_perf_event_open, &a, 0, -1, group, 0);
}

static void perf_setup(void)
{
	perf_fd = perf_open(PERF_COUNT_HW_CPU_CYCLES, -1);
	if (perf_fd < 0) {
		snprintf(perf_status, sizeof(perf_status),
			 "not supported here (perf_event_open cycles: %s)",
			 strerror(errno));
		return;
	}
	perf_fd_ins = perf_open(PERF_COUNT_HW_INSTRUCTIONS, perf_fd);
	if (perf_fd_ins < 0) {
		snprintf(perf_status, sizeof(perf_status),
			 "not supported here (perf_event_open instructions: %s)",
			 strerror(errno));
		close(perf_fd);
		perf_fd = -1;
		return;
	}
	ioctl(perf_fd, PERF_EVENT_IOC_ENABLE, PERF_IOC_FLAG_GROUP);
	snprintf(perf_status, sizeof(perf_status),
		 "user-mode cycles and instructions via perf_event_open");
}

/* counts[0] = core cycles, counts[1] = instructions; false if no PMU. */
static bool perf_read(uint64_t counts[2])
{
	uint64_t buf[3];

	if (perf_fd < 0 || read(perf_fd, buf, sizeof(buf)) != sizeof(buf) ||
	    buf[0] != 2)
		return false;
	counts[0] = buf[1];
	counts[1] = buf[2];
	return true;
}

/* ---- lists -------------------------------------------------------------- */

static uint64_t rng_state = 0x9e3779b97f4a7c15ULL;

static uint64_t rng(void)
{
	/* xorshift64* */
	rng_state ^= rng_state >> 12;
	rng_state ^= rng_state << 25;
	rng_state ^= rng_state >> 27;
	return rng_state * 0x2545f4914f6cdd1dULL;
}

struct lists {
	size_t n;
	struct item *items;
	size_t bytes;
	struct list_head head;
	struct hlist_head hhead;
};

/*
 * N items in one array, linked in a random order, so consecutive elements
 * of the walk sit at unrelated addresses and the prefetchers cannot run
 * ahead of the chase.  Huge pages where the kernel grants them, like the
 * kernel's direct map, so TLB misses do not swamp the large walks.
 */
static void lists_build(struct lists *l, size_t n)
{
	size_t *order, i;

	l->n = n;
	l->bytes = (n ? n : 1) * sizeof(struct item);
	l->bytes = (l->bytes + (2UL << 20) - 1) & ~((2UL << 20) - 1);
	l->items = aligned_alloc(2UL << 20, l->bytes);
	order = malloc((n ? n : 1) * sizeof(*order));
	if (!l->items || !order)
		die("out of memory for a %zu-element list; try smaller BENCH_SIZES", n);
	madvise(l->items, l->bytes, MADV_HUGEPAGE);
	memset(l->items, 0, l->bytes);

	for (i = 0; i < n; i++)
		order[i] = i;
	for (i = n; i > 1; i--) {
		size_t j = rng() % i, t = order[i - 1];

		order[i - 1] = order[j];
		order[j] = t;
	}
	INIT_LIST_HEAD(&l->head);
	INIT_HLIST_HEAD(&l->hhead);
	for (i = 0; i < n; i++) {
		struct item *it = &l->items[order[i]];

		it->key = order[i];
		it->val = rng() & 0xffff;
		list_add_tail(&it->link, &l->head);
	}
	/* Same order for the hlist: add at the head, walking backwards. */
	for (i = n; i > 0; i--)
		hlist_add_head(&l->items[order[i - 1]].hnode, &l->hhead);
	free(order);
}

static void lists_free(struct lists *l)
{
	free(l->items);
	l->items = NULL;
}

static void *head_of(struct lists *l, int macro)
{
	return macro == M_HLIST ? (void *)&l->hhead : (void *)&l->head;
}

/* ---- visit-order self-check --------------------------------------------- */

/*
 * Where a complete walk leaves pos: vanilla on the head seen as an entry
 * (hlist: NULL), the series' walks on NULL, the cursor baseline (no select)
 * on container_of() of where its cursor stopped, the head or NULL; a
 * scoped walk has no pos after the loop (its recorder says NULL).
 */
static void *end_of_walk(const struct variant *v, int macro, void *vanilla_end)
{
	if (macro == M_SCOPED)		/* no cursor after a scoped loop */
		return NULL;
	if (v == &variant_cursor)
		return macro == M_HLIST ?
			(void *)(0UL - offsetof(struct item, hnode)) : vanilla_end;
	if (v == &variant_vanilla)
		return vanilla_end;
	return NULL;
}

/*
 * Compare what @v visits with what vanilla visits, for every macro and
 * record body, on a list of @n; returns the number of comparisons.
 */
static unsigned int check_variant(const struct variant *v, size_t n)
{
	struct lists l;
	size_t max = 3 * n + 8, cv, cx;
	unsigned long *ref = malloc(max * sizeof(*ref));
	unsigned long *got = malloc(max * sizeof(*got));
	unsigned int checks = 0;
	int m, r;

	if (!ref || !got)
		die("out of memory in the self-check");
	lists_build(&l, n);
	for (m = 0; m < NR_MACROS; m++) {
		void *head = head_of(&l, m);
		/* Break on the element two thirds into the walk. */
		unsigned long brk = n ? l.items[n / 3].key : 0;

		for (r = 0; r < NR_RECORDS; r++) {
			void *end_ref, *end_got, *want;
			size_t i;

			cv = variant_vanilla.record[m](head, r, brk, ref, max, &end_ref);
			cx = v->record[m](head, r, brk, got, max, &end_got);
			checks++;
			if (cv > max)
				die("vanilla %s (%s body, %zu elements) does not end; the benchmark itself is broken",
				    macro_names[m], record_names[r], n);
			if (r == R_REASSIGN && n > 20 && m != M_SAFE && cv >= n)
				die("the reassigning body skipped nothing in vanilla %s; the self-check would prove nothing",
				    macro_names[m]);
			if (cx != cv)
				die("visit order: %s %s (%s body, %zu elements) visits %s%zu elements, vanilla %zu; the macro does not keep the visit semantics",
				    v->name, macro_names[m], record_names[r], n,
				    cx > max ? "more than " : "",
				    cx > max ? max : cx, cv);
			for (i = 0; i < cv; i++)
				if (got[i] != ref[i])
					die("visit order: %s %s (%s body, %zu elements) visits key %lu at step %zu, vanilla key %lu; the macro does not keep the visit semantics",
					    v->name, macro_names[m], record_names[r], n,
					    got[i], i, ref[i]);
			/* Where pos is left: after a break, on that entry. */
			if (r == R_BREAK && n)
				want = end_ref;
			else
				want = end_of_walk(v, m, end_ref);
			if (end_got != want)
				die("after the loop: %s %s (%s body, %zu elements) leaves pos at %p, expected %p",
				    v->name, macro_names[m], record_names[r], n,
				    end_got, want);
		}
	}
	lists_free(&l);
	free(ref);
	free(got);
	return checks;
}

static void self_check(const struct variant *extra)
{
	static const size_t sizes[] = { 0, 1, 2, 7, 1000 };
	unsigned int checks = 0, i, v;

	for (v = 0; v < NR_VARIANTS + !!extra; v++)
		for (i = 0; i < sizeof(sizes) / sizeof(sizes[0]); i++)
			checks += check_variant(v < NR_VARIANTS ? variants[v] : extra,
						sizes[i]);
	printf("self-check: visit order and final pos identical to vanilla in %u walks (%d variants x %d macros x %d bodies x %zu list sizes)\n",
	       checks, NR_VARIANTS + !!extra, NR_MACROS, NR_RECORDS,
	       sizeof(sizes) / sizeof(sizes[0]));
}

/* ---- timing ------------------------------------------------------------- */

struct sample {
	double tsc;		/* TSC ticks per element */
	double cyc, ins;	/* core cycles, instructions per element; <0: n/a */
};

static volatile unsigned long sink;
static double tsc_per_ns;
static unsigned long nr_samples, nr_retried, nr_cputime;

static uint64_t thread_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
	return (uint64_t)ts.tv_sec * 1000000000u + ts.tv_nsec;
}

static long switches(void)
{
	struct rusage ru;

	getrusage(RUSAGE_THREAD, &ru);
	return ru.ru_nvcsw + ru.ru_nivcsw;
}

/* TSC ticks per nanosecond, against CLOCK_MONOTONIC over ~20 ms. */
static void tsc_calibrate(void)
{
	struct timespec a, b;
	uint64_t t0, t1;
	double ns;

	clock_gettime(CLOCK_MONOTONIC, &a);
	t0 = tsc_begin();
	do {
		clock_gettime(CLOCK_MONOTONIC, &b);
		ns = (b.tv_sec - a.tv_sec) * 1e9 + (b.tv_nsec - a.tv_nsec);
	} while (ns < 2e7);
	t1 = tsc_end();
	tsc_per_ns = (t1 - t0) / ns;
}

#define MAX_TRIES 8

static struct sample time_walk(walk_fn fn, void *head, size_t n, size_t reps)
{
	uint64_t p0[2] = { 0 }, p1[2] = { 0 }, t0, t1, c0, c1;
	struct sample s;
	long sw0, sw1;
	int tries = 0;
	bool pc;
	size_t k;

	nr_samples++;
	for (;;) {
		sw0 = switches();
		c0 = thread_ns();
		pc = perf_read(p0);
		t0 = tsc_begin();
		for (k = 0; k < reps; k++)
			sink += fn(head);
		t1 = tsc_end();
		pc = perf_read(p1) && pc;
		c1 = thread_ns();
		sw1 = switches();
		if (sw1 == sw0)
			break;
		/*
		 * A long walk (over ~2 ms) on a loaded machine will rarely run
		 * undisturbed: count only our own CPU time rather than retry.
		 */
		if (++tries == MAX_TRIES || t1 - t0 > 2e6 * tsc_per_ns) {
			t1 = t0 + (uint64_t)((c1 - c0) * tsc_per_ns);
			nr_cputime++;
			break;
		}
		nr_retried++;
	}
	s.tsc = (double)(t1 - t0) / ((double)n * reps);
	s.cyc = pc ? (double)(p1[0] - p0[0]) / ((double)n * reps) : -1;
	s.ins = pc ? (double)(p1[1] - p0[1]) / ((double)n * reps) : -1;
	return s;
}

/*
 * One round of one macro and body: every variant's value is the best of
 * @subs samples (an interrupt or a busy neighbour only ever adds time),
 * taken in turns -- variant order, then again -- so that all variants see
 * the same machine.  Lists up to 1e5 elements are walked once before, so
 * the first sample finds them as warm as the others do.
 */
static void measure_round(struct sample *best[NR_VARIANTS], const int *order,
			  int m, int b, void *head, size_t n, size_t reps,
			  int subs)
{
	struct sample t;
	int k, i;

	if (n <= 100000)
		sink += variants[order[0]]->walk[m][b](head);
	for (k = 0; k < subs; k++)
		for (i = 0; i < NR_VARIANTS; i++) {
			int v = order[i];

			t = time_walk(variants[v]->walk[m][b], head, n, reps);
			if (k == 0 || t.tsc < best[v]->tsc)
				*best[v] = t;
		}
}

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return x < y ? -1 : x > y;
}

static double median(const double *v, int n)
{
	double t[n];

	memcpy(t, v, n * sizeof(*v));
	qsort(t, n, sizeof(*t), cmp_double);
	return n % 2 ? t[n / 2] : (t[n / 2 - 1] + t[n / 2]) / 2;
}

/*
 * Orders of the variants, round r uses orders[r % NR_ORDERS]: the five
 * rotations and their reverses, so each variant runs first and last
 * equally often, and next to each of the others, over ten rounds.
 */
#define NR_ORDERS 10
static const int orders[NR_ORDERS][NR_VARIANTS] = {
	{ 0, 1, 2, 3, 4 }, { 1, 2, 3, 4, 0 }, { 2, 3, 4, 0, 1 },
	{ 3, 4, 0, 1, 2 }, { 4, 0, 1, 2, 3 },
	{ 4, 3, 2, 1, 0 }, { 0, 4, 3, 2, 1 }, { 1, 0, 4, 3, 2 },
	{ 2, 1, 0, 4, 3 }, { 3, 2, 1, 0, 4 },
};

static const char *fmt_opt(char *buf, size_t len, double v)
{
	if (v < 0)
		snprintf(buf, len, "n/a");
	else
		snprintf(buf, len, "%.2f", v);
	return buf;
}

/* MiB of this process' anonymous memory in transparent huge pages. */
static long thp_mib(void)
{
	FILE *f = fopen("/proc/self/smaps_rollup", "r");
	char line[256];
	long kb = -1;

	if (!f)
		return -1;
	while (fgets(line, sizeof(line), f))
		if (sscanf(line, "AnonHugePages: %ld kB", &kb) == 1)
			break;
	fclose(f);
	return kb < 0 ? -1 : kb / 1024;
}

static void run_size(size_t n, int rounds, size_t elems, FILE *tsv)
{
	struct sample (*s)[NR_BODIES][NR_VARIANTS][rounds];
	size_t reps = n >= elems ? 1 : elems / n;
	int subs = n <= 10000 ? 15 : n <= 100000 ? 5 : 1;
	struct lists l;
	int r, m, b, i;

	s = calloc(NR_MACROS, sizeof(*s));
	if (!s)
		die("out of memory for the samples");
	lists_build(&l, n);
	if (n * sizeof(struct item) >= (2UL << 20))
		printf("(%zu elements: %zu MiB of nodes, %ld MiB in huge pages)\n",
		       n, n * sizeof(struct item) >> 20, thp_mib());
	for (r = 0; r < rounds; r++)
		for (m = 0; m < NR_MACROS; m++)
			for (b = 0; b < NR_BODIES; b++) {
				struct sample *best[NR_VARIANTS];

				for (i = 0; i < NR_VARIANTS; i++)
					best[i] = &s[m][b][i][r];
				measure_round(best, orders[(r + m * NR_BODIES + b) % NR_ORDERS],
					      m, b, head_of(&l, m), n, reps, subs);
			}
	lists_free(&l);

	for (m = 0; m < NR_MACROS; m++)
		for (b = 0; b < NR_BODIES; b++) {
			double med[NR_VARIANTS], mn[NR_VARIANTS], cyc[NR_VARIANTS];
			double ins[NR_VARIANTS], pr[NR_VARIANTS], t[rounds];
			double sel;	/* nospec / cursor, per round */
			char ic[NR_VARIANTS][16];

			for (i = 0; i < NR_VARIANTS; i++) {
				for (r = 0; r < rounds; r++)
					t[r] = s[m][b][i][r].tsc;
				med[i] = median(t, rounds);
				mn[i] = t[0];
				for (r = 1; r < rounds; r++)
					if (t[r] < mn[i])
						mn[i] = t[r];
				/* Median of the per-round ratios (paired). */
				for (r = 0; r < rounds; r++)
					t[r] = s[m][b][i][r].tsc / s[m][b][V_VANILLA][r].tsc;
				pr[i] = median(t, rounds);
				for (r = 0; r < rounds; r++)
					t[r] = s[m][b][i][r].cyc;
				cyc[i] = t[0] < 0 ? -1 : median(t, rounds);
				for (r = 0; r < rounds; r++)
					t[r] = s[m][b][i][r].ins;
				ins[i] = t[0] < 0 ? -1 : median(t, rounds);
			}
			for (r = 0; r < rounds; r++)
				t[r] = s[m][b][V_NOSPEC][r].tsc / s[m][b][V_CURSOR][r].tsc;
			sel = median(t, rounds);
			printf("%-28s %-5s %8zu %7.2f %7.2f %7.2f %7.2f %7.2f  %6.3f %6.3f %6.3f %6.3f  %6.3f %6.3f %6.3f  %s/%s/%s\n",
			       macro_names[m], body_names[b], n,
			       med[V_VANILLA], med[V_NOSPEC], med[V_RFC],
			       med[V_EXP], med[V_CURSOR],
			       med[V_NOSPEC] / med[V_VANILLA],
			       med[V_RFC] / med[V_VANILLA],
			       med[V_EXP] / med[V_VANILLA],
			       med[V_CURSOR] / med[V_VANILLA],
			       pr[V_NOSPEC], pr[V_RFC], sel,
			       fmt_opt(ic[0], sizeof(ic[0]), ins[V_VANILLA]),
			       fmt_opt(ic[1], sizeof(ic[1]), ins[V_NOSPEC]),
			       fmt_opt(ic[2], sizeof(ic[2]), ins[V_RFC]));
			fprintf(tsv, "%s\t%s\t%zu", macro_names[m], body_names[b], n);
			for (i = 0; i < NR_VARIANTS; i++)
				fprintf(tsv, "\t%.4f", med[i]);
			for (i = 1; i < NR_VARIANTS; i++)
				fprintf(tsv, "\t%.4f", med[i] / med[0]);
			for (i = 1; i < NR_VARIANTS; i++)
				fprintf(tsv, "\t%.4f", pr[i]);
			fprintf(tsv, "\t%.4f", sel);
			for (i = 0; i < NR_VARIANTS; i++)
				fprintf(tsv, "\t%.4f", mn[i]);
			for (i = 0; i < NR_VARIANTS; i++)
				fprintf(tsv, cyc[i] < 0 ? "\tNA" : "\t%.4f", cyc[i]);
			for (i = 0; i < NR_VARIANTS; i++)
				fprintf(tsv, ins[i] < 0 ? "\tNA" : "\t%.4f", ins[i]);
			fprintf(tsv, "\t%d\t%zu\t%d\n", rounds, reps, subs);
		}
	free(s);
	fflush(stdout);
	fflush(tsv);
}

/* ---- command line ------------------------------------------------------- */

static unsigned long parse_num(const char *what, const char *s,
			       unsigned long lo, unsigned long hi)
{
	char *end;
	unsigned long v;

	errno = 0;
	v = strtoul(s, &end, 10);
	if (errno || end == s || *end || s[0] == '-' || v < lo || v > hi)
		die("%s '%s' is not a whole number from %lu to %lu", what, s, lo, hi);
	return v;
}

int main(int argc, char **argv)
{
	size_t sizes[16], nsizes = 0, elems = 20000;
	const struct variant *extra = NULL;
	const char *tsv_path = NULL;
	bool check_only = false;
	int rounds = 9, a;
	FILE *tsv;

	for (a = 1; a < argc; a++) {
		const char *arg = argv[a], *val = a + 1 < argc ? argv[a + 1] : NULL;

		if (!strcmp(arg, "--check-only")) {
			check_only = true;
			continue;
		}
		if (!val)
			die("unknown or incomplete option '%s'; see the comment at the top of measure/bench/bench.c", arg);
		a++;
		if (!strcmp(arg, "--rounds")) {
			rounds = parse_num("--rounds", val, 1, 101);
		} else if (!strcmp(arg, "--elems")) {
			elems = parse_num("--elems", val, 1, 1UL << 30);
		} else if (!strcmp(arg, "--tsv")) {
			tsv_path = val;
		} else if (!strcmp(arg, "--also-check")) {
			if (strcmp(val, "naive"))
				die("--also-check knows only 'naive'");
			extra = &variant_naive;
		} else if (!strcmp(arg, "--sizes")) {
			char *copy = strdup(val), *tok, *save = NULL;

			for (tok = strtok_r(copy, ",", &save); tok;
			     tok = strtok_r(NULL, ",", &save)) {
				if (nsizes == sizeof(sizes) / sizeof(sizes[0]))
					die("at most 16 sizes in --sizes");
				sizes[nsizes++] = parse_num("list size", tok, 1, 20000000);
			}
			free(copy);
			if (!nsizes)
				die("--sizes needs a comma-separated list of element counts");
		} else {
			die("unknown option '%s'; see the comment at the top of measure/bench/bench.c", arg);
		}
	}
	if (!nsizes) {
		sizes[nsizes++] = 300;
		sizes[nsizes++] = 1000;
		sizes[nsizes++] = 10000;
		sizes[nsizes++] = 100000;
		sizes[nsizes++] = 1000000;
	}

	self_check(extra);
	if (check_only)
		return 0;

	tsv = tsv_path ? fopen(tsv_path, "w") : stdout;
	if (!tsv)
		die("cannot write %s: %s", tsv_path, strerror(errno));
	perf_setup();
	tsc_calibrate();
	printf("perf counters: %s\n", perf_status);
	printf("TSC: %.3f GHz\n", tsc_per_ns);
	printf("timing: TSC ticks per element; per round and variant the best of 15 (n <= 1e4), 5 (n <= 1e5) or 1 samples of >= %zu elements, variants in turns;\n"
	       "        median of %d interleaved rounds; x/v = ratio of the medians to vanilla's, ~ = median of per-round ratios;\n"
	       "        cursor = the series' walk without its select, so n/cur~ is the select's own cost;\n"
	       "        exp = a C compare drives the loop, the select (flags unused) makes only pos\n",
	       elems, rounds);
	fprintf(tsv, "# macro\tbody\tsize\tvanilla\tnospec\trfc\texp\tcursor\tnospec_ratio\trfc_ratio\texp_ratio\tcursor_ratio\tnospec_paired\trfc_paired\texp_paired\tcursor_paired\tselect_paired\tvanilla_min\tnospec_min\trfc_min\texp_min\tcursor_min\tvanilla_cyc\tnospec_cyc\trfc_cyc\texp_cyc\tcursor_cyc\tvanilla_ins\tnospec_ins\trfc_ins\texp_ins\tcursor_ins\trounds\treps\tsubsamples\n");
	printf("%-28s %-5s %8s %7s %7s %7s %7s %7s  %6s %6s %6s %6s  %6s %6s %6s  %s\n", "macro", "body",
	       "size", "vanilla", "nospec", "rfc", "exp", "cursor", "nos/v", "rfc/v", "exp/v",
	       "cur/v", "nos/v~", "rfc/v~", "n/cur~", "instr/elem v/n/r");
	for (size_t i = 0; i < nsizes; i++)
		run_size(sizes[i], rounds, elems, tsv);
	printf("samples: %lu, re-measured after a context switch: %lu, counted as thread CPU time: %lu\n",
	       nr_samples, nr_retried, nr_cputime);
	if (tsv != stdout && fclose(tsv))
		die("cannot write %s: %s", tsv_path, strerror(errno));
	return 0;
}
