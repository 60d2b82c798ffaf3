#!/usr/bin/env python3
"""Split the code-size difference of two vmlinux files by inlining.

For each function symbol in .text: its size (nm -S) and the number of its
call and CMOV instructions (objdump -d).  Functions in both files whose
number of calls is the same (their inlining did not change, as far as calls
show) are summed apart from those whose number of calls changed, and from
functions only in one file (out of line in one build, inlined in the other).

  ktext_calls.py OLD_VMLINUX NEW_VMLINUX
"""
import re
import subprocess
import sys


def fail(msg):
    sys.exit("ktext_calls.py: error: " + msg)


def functions(vmlinux):
    """{name: [size, calls, cmovs]} of the t/T symbols of VMLINUX."""
    funcs = {}
    nm = subprocess.run(["nm", "-S", vmlinux], capture_output=True, text=True)
    if nm.returncode:
        fail("nm cannot read %s (%s): give two linked vmlinux files, as make ktext builds them"
             % (vmlinux, (nm.stderr.strip().splitlines() or ["no output"])[-1]))
    nm = nm.stdout
    for line in nm.splitlines():
        f = line.split()
        if len(f) == 4 and f[2] in ("t", "T"):
            funcs.setdefault(f[3], [0, 0, 0])[0] += int(f[1], 16)
    dis = subprocess.Popen(["objdump", "-d", "--no-show-raw-insn", "--section=.text", vmlinux],
                           stdout=subprocess.PIPE, text=True)
    head = re.compile(r"^[0-9a-f]+ <(.+)>:$")
    cur = None
    for line in dis.stdout:
        m = head.match(line)
        if m:
            cur = funcs.get(m.group(1))
        elif cur is not None and "\t" in line:
            insn = line.split("\t", 2)[-1]
            if insn.startswith("call"):
                cur[1] += 1
            elif insn.startswith("cmov"):
                cur[2] += 1
    if dis.wait():
        fail("objdump failed on %s: is it an x86_64 vmlinux?" % vmlinux)
    if not funcs:
        fail("%s has no function symbols: give a vmlinux that is not stripped" % vmlinux)
    return funcs


def main():
    if len(sys.argv) != 3:
        fail("name two files: ktext_calls.py OLD_VMLINUX NEW_VMLINUX")
    old, new = functions(sys.argv[1]), functions(sys.argv[2])
    rows = {"same calls": [0, 0, 0], "calls changed": [0, 0, 0]}
    for name in old.keys() & new.keys():
        o, n = old[name], new[name]
        r = rows["same calls" if o[1] == n[1] else "calls changed"]
        r[0] += 1
        r[1] += n[0] - o[0]
        r[2] += n[2] - o[2]
    only_new = [new[k] for k in new.keys() - old.keys()]
    only_old = [old[k] for k in old.keys() - new.keys()]
    rows["only in new"] = [len(only_new), sum(f[0] for f in only_new), sum(f[2] for f in only_new)]
    rows["only in old"] = [len(only_old), -sum(f[0] for f in only_old), -sum(f[2] for f in only_old)]
    print("%-14s %9s %12s %8s" % ("functions", "count", "bytes", "cmovs"))
    for k, (cnt, size, cm) in rows.items():
        print("%-14s %9d %+12d %+8d" % (k, cnt, size, cm))
    print("%-14s %9s %+12d %+8d" % ("total", "", sum(r[1] for r in rows.values()),
                                    sum(r[2] for r in rows.values())))


if __name__ == "__main__":
    main()
