"""Item E: what a mispredicted exit test of a nulls walk hands the body.

tpos = hlist_nulls_entry(marker) = NULLS_MARKER(v) - offsetof(type, member)
NULLS_MARKER(v) = (v << 1) | 1                      (include/linux/list_nulls.h)

Inputs below are read off the 6.12 source (file:line given) for x86_64 with
Debian's configuration (IPv6 and NET_NS on, no spinlock/lockdep debugging);
member offsets are computed by hand from the struct definitions:
  struct sock_common: addrpair 0, hash 8, portpair 12, family/state/bits 16,
  bound_dev_if 20, bind_node 24, prot 40, net 48, v6_daddr 56,
  v6_rcv_saddr 72, cookie 88, flags 96, skc_nulls_node 104 (0x68).
Run: python3 itemE-ranges.py > itemE-ranges.out
"""
MMAP_MIN = 65536          # Debian amd64 vm.mmap_min_addr (CONFIG_DEFAULT_MMAP_MIN_ADDR)
TOP = 1 << 64


def marker(v):
    return (v << 1) | 1


def fmt(a):
    a %= TOP
    return '0x%016x' % a


def row(name, where, vmin, vmax, off, member):
    lo = marker(vmin) - off
    hi = marker(vmax) - off
    # first bucket whose transient tpos lies at or above mmap_min_addr
    first_user = None
    if hi >= MMAP_MIN:
        first_user = max(vmin, (MMAP_MIN + off - 1 + 1) // 2)
    print('%-34s %-34s v=[%d..%d] off=%d(%s)' % (name, where, vmin, vmax, off, member))
    print('    tpos from %s to %s%s' % (
        fmt(lo), fmt(hi),
        ('   user-mappable (>= 64 KiB) for v >= %d, i.e. %.1f%% of the values'
         % (first_user, 100.0 * (vmax - first_user + 1) / (vmax - vmin + 1)))
        if first_user is not None else '   never >= mmap_min_addr'))


SK = 104
print('x86_64; mmap_min_addr = %d; negative values wrap to the top of the address space\n' % MMAP_MIN)
row('TCP established (ehash), default', 'net/ipv4/tcp.c:5140', 0, 512 * 1024 - 1, SK, 'sock.sk_nulls_node')
row('TCP ehash, thash_entries=/child', 'inet_hashtables.c:1295 (<=16M)', 0, 16 * 1024 * 1024 - 1, SK, 'sock.sk_nulls_node')
row('TCP listening (lhash2)', 'net/ipv4/inet_hashtables.c:1189', (1 << 29), (1 << 29) + 64 * 1024 - 1, SK, 'sock.sk_nulls_node')
row('DCCP established', 'net/dccp/proto.c:1181', 0, 512 * 1024 - 1, SK, 'sock.sk_nulls_node')
row('MPTCP token msk_chain', 'net/mptcp/token.c:465', 0, 64 * 1024 - 1, SK, 'sock.sk_nulls_node')
row('nf_conntrack hash, default >4 GiB', 'nf_conntrack_core.c:2533/2641', 0, 262144 - 1, 0, 'nf_conntrack_tuple_hash.hnnode')
row('nf_conntrack dying/evicted', 'nf_conntrack_ecache.c:60,349', (1 << 30) + 1, (1 << 30) + 1, 0, 'nf_conntrack_tuple_hash.hnnode')
row('BPF hash map (n_buckets <= 2^28)', 'kernel/bpf/hashtab.c:147,617', 0, (1 << 28) - 1, 0, 'htab_elem.hash_node')
row('LLC laddr hash', 'net/llc/llc_core.c:43', 0, 63, SK, 'sock.sk_nulls_node')
row('io-wq free_list', 'io_uring/io-wq.c:1288', 0, 0, 16, 'io_worker.nulls_node')
print('\nhlist_bl_*/llist_*_entry: the terminator is NULL, so tpos/pos = -offsetof(member):')
print('    0x%016x .. 0x%016x for member offsets 8 .. 4096 (top page(s) of the address space)'
      % ((TOP - 4096), (TOP - 8)))
