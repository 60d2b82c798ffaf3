#!/usr/bin/env python3
"""Bytes of code in a vmlinux: the sum of the sizes of the function symbols
(nm types t/T) between _stext and _etext, and their count.  The x86_64
.text section itself is padded to a 2 MiB boundary, so `size` shows the
same number for kernels whose code differs by tens of kilobytes.

  ktext_size.py VMLINUX   ->  "<bytes> <functions>"
"""
import subprocess
import sys


def main():
    out = subprocess.run(["nm", "-n", "-S", sys.argv[1]], capture_output=True,
                         text=True, check=True).stdout
    st = et = None
    funcs = []
    for line in out.splitlines():
        f = line.split()
        if len(f) == 3 and f[2] in ("_stext", "_etext"):
            if f[2] == "_stext":
                st = int(f[0], 16)
            else:
                et = int(f[0], 16)
        elif len(f) == 4 and f[2] in ("t", "T"):
            funcs.append((int(f[0], 16), int(f[1], 16)))
    if st is None or et is None:
        sys.exit("ktext_size.py: %s has no _stext/_etext; is it a vmlinux?" % sys.argv[1])
    inside = [s for a, s in funcs if st <= a < et]
    print(sum(inside), len(inside))


if __name__ == "__main__":
    main()
