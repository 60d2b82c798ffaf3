// SPDX-License-Identifier: GPL-2.0
/*
 * insns.so: a QEMU TCG plugin that counts the guest instructions executed
 * between two markers, split into kernel and user space, for 'make icount'.
 *
 * Every translation block adds its instruction count, inline, to one of two
 * counters chosen by the block's virtual address (upper half: kernel).  A
 * marker is one instruction no compiler emits: "nopl 0x3156534e(%rax)" on
 * x86_64 (0f 1f 80 4e 53 56 31; the displacement spells "NSV1"), "hint #127"
 * on arm64 (d5032fff, a hint no architecture version allocates, so a NOP),
 * executed by the guest's nsvmark helper.  Each execution of it prints one line
 *
 *   insns: mark N kernel K user U
 *
 * with the counters at that point (N counts from 1), and the plugin prints
 * the totals when QEMU exits.  Counts are per translation block, so a block
 * left early by an exception still counts whole: "instructions" here means
 * what TCG executed, the same way for the kernels it compares.  Run the
 * guest with one vCPU; the counters are not atomic.
 *
 * The plugin API is QEMU's (include/qemu/qemu-plugin.h, API version 1 as in
 * QEMU 7.2).  Debian ships no header for it, so the few declarations this
 * plugin uses are written out below.
 */
#include <inttypes.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#define EXPORT __attribute__((visibility("default")))

typedef uint64_t qemu_plugin_id_t;
struct qemu_info_t;
struct qemu_plugin_tb;
struct qemu_plugin_insn;

enum qemu_plugin_cb_flags { QEMU_PLUGIN_CB_NO_REGS };
enum qemu_plugin_op { QEMU_PLUGIN_INLINE_ADD_U64 };

void qemu_plugin_outs(const char *string);
void qemu_plugin_register_vcpu_tb_trans_cb(qemu_plugin_id_t id,
	void (*cb)(qemu_plugin_id_t id, struct qemu_plugin_tb *tb));
void qemu_plugin_register_atexit_cb(qemu_plugin_id_t id,
	void (*cb)(qemu_plugin_id_t id, void *userdata), void *userdata);
size_t qemu_plugin_tb_n_insns(const struct qemu_plugin_tb *tb);
uint64_t qemu_plugin_tb_vaddr(const struct qemu_plugin_tb *tb);
struct qemu_plugin_insn *qemu_plugin_tb_get_insn(const struct qemu_plugin_tb *tb,
						 size_t idx);
const void *qemu_plugin_insn_data(const struct qemu_plugin_insn *insn);
size_t qemu_plugin_insn_size(const struct qemu_plugin_insn *insn);
void qemu_plugin_register_vcpu_tb_exec_inline(struct qemu_plugin_tb *tb,
	enum qemu_plugin_op op, void *ptr, uint64_t imm);
void qemu_plugin_register_vcpu_insn_exec_cb(struct qemu_plugin_insn *insn,
	void (*cb)(unsigned int vcpu_index, void *userdata),
	enum qemu_plugin_cb_flags flags, void *userdata);

EXPORT int qemu_plugin_version = 1;

static const unsigned char marker_x86[] = { 0x0f, 0x1f, 0x80, 0x4e, 0x53, 0x56, 0x31 };
static const unsigned char marker_arm64[] = { 0xff, 0x2f, 0x03, 0xd5 };

static int is_marker(const struct qemu_plugin_insn *insn)
{
	size_t size = qemu_plugin_insn_size(insn);
	const void *data = qemu_plugin_insn_data(insn);

	return (size == sizeof(marker_x86) && !memcmp(data, marker_x86, size)) ||
	       (size == sizeof(marker_arm64) && !memcmp(data, marker_arm64, size));
}

static uint64_t kernel_insns, user_insns;
static unsigned int marks;

static void report(const char *what)
{
	char line[128];

	snprintf(line, sizeof(line), "insns: %s kernel %" PRIu64 " user %" PRIu64 "\n",
		 what, kernel_insns, user_insns);
	qemu_plugin_outs(line);
}

static void on_marker(unsigned int vcpu_index, void *userdata)
{
	char what[32];

	(void)vcpu_index;
	(void)userdata;
	snprintf(what, sizeof(what), "mark %u", ++marks);
	report(what);
}

static void on_translate(qemu_plugin_id_t id, struct qemu_plugin_tb *tb)
{
	size_t i, n = qemu_plugin_tb_n_insns(tb);
	uint64_t *counter = (qemu_plugin_tb_vaddr(tb) >> 63) ? &kernel_insns : &user_insns;

	(void)id;
	qemu_plugin_register_vcpu_tb_exec_inline(tb, QEMU_PLUGIN_INLINE_ADD_U64,
						 counter, n);
	if (counter == &kernel_insns)
		return;
	for (i = 0; i < n; i++) {
		struct qemu_plugin_insn *insn = qemu_plugin_tb_get_insn(tb, i);

		if (is_marker(insn))
			qemu_plugin_register_vcpu_insn_exec_cb(insn, on_marker,
							       QEMU_PLUGIN_CB_NO_REGS, NULL);
	}
}

static void on_exit(qemu_plugin_id_t id, void *userdata)
{
	(void)id;
	(void)userdata;
	report("exit");
}

EXPORT int qemu_plugin_install(qemu_plugin_id_t id, const struct qemu_info_t *info,
			       int argc, char **argv)
{
	(void)info;
	(void)argv;
	if (argc) {
		qemu_plugin_outs("insns: this plugin takes no arguments\n");
		return -1;
	}
	qemu_plugin_register_vcpu_tb_trans_cb(id, on_translate);
	qemu_plugin_register_atexit_cb(id, on_exit, NULL);
	return 0;
}
