#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Prove from the disassembly that list walks hand their body a selected value.

Reads 'objdump -dr' output of pipeline/codegen/walks.o.  In every function
codegen_<iterator>() the loop body is one call, codegen_sink(pos) (a tail
call, "jmp codegen_sink", where the compiler makes one).  For each
such call the first-argument register (x86_64: rdi, arm64: x0) is traced
backwards over the function's control-flow graph, through register moves,
to every instruction that can define it.  The walk passes only if every
definition on every path is a conditional move -- CMOV on x86, CSEL followed
by CSDB on arm64 -- so that no conditional branch chooses the value the body
sees.  A definition by anything else (a load, an add, a call's clobber, a
constant), or a path back to the function's entry, fails it.

A select must also decide for itself: the instruction right before it (in
the same asm statement) is the compare that sets its flags, and that
compare must test a value the code computed, not a constant.  When the
caller has tested the same condition before, a compiler can fold a
condition given as a C value into a constant ("xor %ecx,%ecx; test
%rcx,%rcx; cmovz"): the conditional move then always moves, and a
mispredicted branch of the caller hands on the value the test rejected.

With --expect-fail the verdict is inverted: used on the build without
CONFIG_LIST_NOSPEC as a negative control, where every walk must fail.

Exit status: 0 when every function got the expected verdict, 1 otherwise.
"""

import argparse
import re
import sys

SINK = 'codegen_sink'
PREFIX = 'codegen_'

X86_ALIASES = {}
for r64, r32, r16, r8 in (('rax', 'eax', 'ax', 'al'), ('rbx', 'ebx', 'bx', 'bl'),
                          ('rcx', 'ecx', 'cx', 'cl'), ('rdx', 'edx', 'dx', 'dl'),
                          ('rsi', 'esi', 'si', 'sil'), ('rdi', 'edi', 'di', 'dil'),
                          ('rbp', 'ebp', 'bp', 'bpl'), ('rsp', 'esp', 'sp', 'spl')):
    for name in (r64, r32, r16, r8):
        X86_ALIASES[name] = r64
for n in range(8, 16):
    for suffix in ('', 'd', 'w', 'b'):
        X86_ALIASES[f'r{n}{suffix}'] = f'r{n}'
# A stack slot the compiler spills to and reloads from: "0x8(%rsp)",
# "(%rsp)", "-0x30(%rbp)".  Only plain base+offset, no index register.
X86_STACK_SLOT = re.compile(r'(-?0x[0-9a-f]+|-?[0-9]+)?\(%(rsp|rbp)\)')
X86_CALLER_SAVED = {'rax', 'rcx', 'rdx', 'rsi', 'rdi', 'r8', 'r9', 'r10', 'r11'}
X86_NO_DEST = re.compile(r'^(cmp|test|push|call|j|bt|nop|ud2|ret|endbr|lfence|'
                         r'mfence|sfence|int3|hlt|lock|rep|cs|ds)')

ARM_CALLER_SAVED = {f'x{n}' for n in range(19)}
ARM_NO_DEST = re.compile(r'^(cmp|cmn|tst|st|b|cbz|cbnz|tbz|tbnz|ret|br|blr|bl|nop|'
                         r'hint|csdb|dmb|dsb|isb|prfm|paci|auti|bti|sev|wfe|yield)')


class Insn:
    def __init__(self, addr, mnem, ops):
        self.addr, self.mnem, self.ops, self.reloc = addr, mnem, ops, None


def split_ops(text):
    """Split an operand list at top-level commas."""
    out, depth, cur = [], 0, ''
    for ch in text:
        if ch in '([':
            depth += 1
        elif ch in ')]':
            depth -= 1
        if ch == ',' and depth == 0:
            out.append(cur.strip())
            cur = ''
        else:
            cur += ch
    if cur.strip():
        out.append(cur.strip())
    return out


def parse(text):
    """Return {function: [Insn]} from objdump -dr output."""
    funcs, cur = {}, None
    for line in text.splitlines():
        m = re.match(r'^[0-9a-f]+ <([^>]+)>:$', line)
        if m:
            cur = funcs.setdefault(m.group(1), [])
            continue
        if cur is None:
            continue
        m = re.match(r'^\s+[0-9a-f]+: (R_\S+)\s+(\S+)', line)
        if m and cur:
            cur[-1].reloc = re.sub(r'[-+]0x[0-9a-f]+$', '', m.group(2))
            continue
        m = re.match(r'^\s+([0-9a-f]+):\s+(?:(?:[0-9a-f]{2} )+\s*)?([a-z][\w.]*)\s*(.*)$', line)
        if m:
            ops = re.sub(r'\s*(//|#) .*$', '', m.group(3)).strip()
            cur.append(Insn(int(m.group(1), 16), m.group(2), ops))
    return funcs


class Arch:
    def __init__(self, name):
        self.name = name
        self.x86 = name == 'x86_64'
        self.arg0 = 'rdi' if self.x86 else 'x0'

    def reg(self, op):
        op = op.strip()
        if self.x86:
            m = X86_STACK_SLOT.fullmatch(op)
            if m:	# a spill slot, tracked like a register
                return f'mem:{int(m.group(1) or "0", 16)}({m.group(2)})'
            if not op.startswith('%'):
                return None
            return X86_ALIASES.get(op[1:])
        m = re.fullmatch(r'[xw](\d+)', op)
        return f'x{m.group(1)}' if m else None

    def is_call(self, i):
        return i.mnem.startswith('call') if self.x86 else i.mnem in ('bl', 'blr')

    def hands_to_sink(self, i):
        """A call of the sink, or a tail call (a direct jump relocated to it)."""
        if i.reloc != SINK:
            return False
        tail = i.mnem.startswith('jmp') if self.x86 else i.mnem == 'b'
        return self.is_call(i) or tail

    def branch_target(self, i):
        """Jump target address, or None for non-jumps/indirect jumps.

        A jump with a relocation leaves the function (a tail call, or the
        return thunk): objdump shows the unrelocated target, the next
        instruction, which is not where it goes.
        """
        if i.reloc:
            return None
        if self.x86:
            if not i.mnem.startswith('j'):
                return None
        elif not (i.mnem == 'b' or i.mnem.startswith('b.') or
                  i.mnem in ('cbz', 'cbnz', 'tbz', 'tbnz')):
            return None
        m = re.search(r'\b([0-9a-f]+) <', i.ops)
        return int(m.group(1), 16) if m else None

    def ends_flow(self, i):
        """No fall-through to the next instruction."""
        if self.x86:
            return (i.mnem.startswith('jmp') or i.mnem.startswith('ret') or
                    i.mnem == 'ud2')
        return i.mnem in ('b', 'ret', 'br', 'brk')

    def dests(self, i):
        ops = split_ops(i.ops)
        if not ops:
            return []
        if self.x86:
            if X86_NO_DEST.match(i.mnem):
                return []
            if i.mnem.startswith('xchg'):
                return [r for r in map(self.reg, ops) if r]
            r = self.reg(ops[-1])
            return [r] if r else []
        if ARM_NO_DEST.match(i.mnem) and not i.mnem.startswith('bic'):
            return []
        if i.mnem.startswith('ldp'):
            return [r for r in map(self.reg, ops[:2]) if r]
        r = self.reg(ops[0])
        return [r] if r else []

    def is_move(self, i):
        ops = split_ops(i.ops)
        if len(ops) != 2:
            return None
        if self.x86 and re.fullmatch(r'mov[lq]?', i.mnem):
            return self.reg(ops[0])
        if not self.x86 and i.mnem == 'mov':
            return self.reg(ops[1])
        return None

    def is_select(self, insns, k):
        i = insns[k]
        if self.x86:
            return i.mnem.startswith('cmov')
        if i.mnem != 'csel':
            return False
        nxt = insns[k + 1] if k + 1 < len(insns) else None
        return nxt is not None and (nxt.mnem == 'csdb' or
                                    (nxt.mnem == 'hint' and nxt.ops in ('#0x14', '#20')))

    def select_folded(self, insns, k):
        """None when the select at k is fed by a compare of a computed
        value; else why not (no compare right before it, or a compare
        whose register operands all hold constants)."""
        sel = insns[k]
        cmp = insns[k - 1] if k > 0 else None
        compares = (r'^(cmp|test)' if self.x86 else r'^(cmp|cmn|tst)$')
        if cmp is None or not re.match(compares, cmp.mnem):
            return (f'the select at {sel.addr:#x} has no compare of its own right before it '
                    f'(its condition comes from elsewhere and may be folded)')
        regs = {r for r in map(self.reg, split_ops(cmp.ops)) if r}
        regs.discard(None)
        if not regs or all(self.constant_before(insns, k - 1, r) for r in regs):
            return (f'the compare at {cmp.addr:#x} ("{cmp.mnem} {cmp.ops}") tests a constant: '
                    f'the select\'s condition was folded, the move at {sel.addr:#x} is unconditional')
        return None

    def constant_before(self, insns, k, reg):
        """Whether reg holds a constant at insns[k]: defined, in the straight
        line before it, by xor/sub of itself or a move of an immediate."""
        if reg in ('xzr', 'wzr'):
            return True
        for j in range(k - 1, max(k - 9, -1), -1):
            ins = insns[j]
            if self.ends_flow(ins) or self.branch_target(ins) is not None:
                return False
            if reg not in self.dests(ins):
                continue
            ops = split_ops(ins.ops)
            if self.x86:
                if re.match(r'^(xor|sub)', ins.mnem) and len(ops) == 2 and \
                        self.reg(ops[0]) == self.reg(ops[1]):
                    return True
                return bool(re.match(r'^mov', ins.mnem) and ops and ops[0].startswith('$'))
            return bool(ins.mnem == 'mov' and len(ops) == 2 and
                        (ops[1].startswith('#') or ops[1] in ('xzr', 'wzr')))
        return False

    def caller_saved(self, reg):
        return reg in (X86_CALLER_SAVED if self.x86 else ARM_CALLER_SAVED)


def moves_frame(arch, ins, slot):
    """Whether ins changes the base register of a tracked stack slot, so
    that the same offset names another slot before it (push, pop, or any
    write to the base)."""
    base = slot[slot.index('(') + 1:-1]
    if base == 'rsp' and re.match(r'^(push|pop|enter|leave)', ins.mnem):
        return True
    return base in arch.dests(ins)


def check_call(arch, insns, call_idx):
    """Return None when every definition of the argument is a select,
    else a reason."""
    addr_idx = {ins.addr: k for k, ins in enumerate(insns)}
    preds = {k: [] for k in range(len(insns))}
    for k, ins in enumerate(insns):
        if k + 1 < len(insns) and not arch.ends_flow(ins):
            preds[k + 1].append(k)
        t = arch.branch_target(ins)
        if t is not None and t in addr_idx:
            preds[addr_idx[t]].append(k)

    seen = set()
    stack = [(k, arch.arg0) for k in preds[call_idx]]
    if not stack:
        return 'the call is not reached by any path'
    selects = 0
    while stack:
        k, reg = stack.pop()
        if (k, reg) in seen:
            continue
        seen.add((k, reg))
        ins = insns[k]
        if reg in arch.dests(ins):
            if arch.is_select(insns, k):
                why = arch.select_folded(insns, k)
                if why:
                    return why
                selects += 1
                continue
            src = arch.is_move(ins)
            if src is None:
                return f'{reg} comes from "{ins.mnem} {ins.ops}" at {ins.addr:#x}'
            reg = src
        elif arch.is_call(ins) and arch.caller_saved(reg):
            return f'{reg} is clobbered by the call at {ins.addr:#x}'
        elif reg.startswith('mem:') and moves_frame(arch, ins, reg):
            return f'{reg}: the frame moves at {ins.addr:#x} ("{ins.mnem} {ins.ops}")'
        if not preds[k]:
            return f'{reg} reaches the function entry from {ins.addr:#x} undefined'
        stack.extend((p, reg) for p in preds[k])
    return None if selects else 'no conditional move defines the argument'


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument('--arch', choices=('x86_64', 'arm64'), required=True)
    ap.add_argument('--label', required=True, help='name of this build')
    ap.add_argument('--expect-fail', action='store_true',
                    help='negative control: every walk must fail')
    ap.add_argument('--results', help='append PASS/FAIL lines here')
    ap.add_argument('disasm', help="'objdump -dr' output of walks.o")
    args = ap.parse_args()
    arch = Arch(args.arch)

    with open(args.disasm, encoding='utf-8') as f:
        funcs = parse(f.read())
    # objdump may name padding before a function "<sym-0x10>": not a walk.
    walks = {n: v for n, v in funcs.items()
             if re.fullmatch(PREFIX + r'\w+', n) and n != SINK}
    if not walks:
        print(f'{args.label}: no {PREFIX}* functions in {args.disasm}', file=sys.stderr)
        return 1

    bad = 0
    lines = []
    for name in sorted(walks):
        insns = walks[name]
        calls = [k for k, i in enumerate(insns) if arch.hands_to_sink(i)]
        if not calls:
            reason = f'no call to {SINK}'
            twins = [m.group(1) for i in insns
                     for m in [re.search(r'<(' + PREFIX + r'\w+)>', i.ops)]
                     if m and m.group(1) != name]
            if twins:
                reason += (f': it jumps to {twins[0]}, an identical function gcc folded it into '
                           f'(build the probe with -fno-ipa-icf, as pipeline/codegen/Kbuild does)')
        else:
            reasons = [r for r in (check_call(arch, insns, k) for k in calls) if r]
            reason = reasons[0] if reasons else None
        branchless = reason is None
        ok = branchless != args.expect_fail
        bad += not ok
        what = 'selected (branch-free)' if branchless else f'NOT selected: {reason}'
        print(f'{"ok  " if ok else "FAIL"} {args.label}: {name[len(PREFIX):]}: {what}')
        lines.append(f'{"PASS" if ok else "FAIL"} branchless:{args.label}:{name[len(PREFIX):]}\n')
    if args.results:
        with open(args.results, 'a', encoding='utf-8') as f:
            f.writelines(lines)
    return 1 if bad else 0


if __name__ == '__main__':
    sys.exit(main())
