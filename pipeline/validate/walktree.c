// SPDX-License-Identifier: GPL-2.0
/*
 * walktree DIR: visit every entry under DIR the way 'ls -R DIR' does in
 * the kernel -- read each directory with getdents64, lstat every entry,
 * descend into the subdirectories, follow no symbolic link -- and print
 * how many directories and entries it saw.  For the 'make validate' guest.
 *
 * Why not busybox's ls -R: busybox lowers glibc's mmap threshold to just
 * under 32 KiB, the size of the buffer opendir() allocates, so whether a
 * directory's buffer comes from a fresh mmap (faulted in, zeroed, unmapped
 * again) or from the heap depends on how fragmented ls's heap happens to
 * be.  Over /sys that swings the kernel instructions of one traversal by
 * more than a tenth from boot to boot, which 'make icount' cannot tell from
 * a cost.  This walker allocates nothing: one buffer per depth, on the
 * stack, and the same system calls for the same tree every time.
 * Built static on the host for the guest.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

/* Deeper than any path in sysfs; a deeper tree is reported, not walked. */
#define MAX_DEPTH 64

struct linux_dirent64 {
	unsigned long long d_ino;
	long long d_off;
	unsigned short d_reclen;
	unsigned char d_type;
	char d_name[];
};

static unsigned long dirs, entries, errors;

static void walk(int dfd, int depth)
{
	char buf[8192];
	long n, off;

	dirs++;
	if (depth >= MAX_DEPTH) {
		errors++;
		return;
	}
	while ((n = syscall(SYS_getdents64, dfd, buf, sizeof(buf))) > 0) {
		for (off = 0; off < n; ) {
			struct linux_dirent64 *d = (void *)(buf + off);
			struct stat st;
			int sub;

			off += d->d_reclen;
			if (!strcmp(d->d_name, ".") || !strcmp(d->d_name, ".."))
				continue;
			entries++;
			if (fstatat(dfd, d->d_name, &st, AT_SYMLINK_NOFOLLOW)) {
				errors++;
				continue;
			}
			if (!S_ISDIR(st.st_mode))
				continue;
			sub = openat(dfd, d->d_name,
				     O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
			if (sub < 0) {
				errors++;
				continue;
			}
			walk(sub, depth + 1);
			close(sub);
		}
	}
	if (n < 0)
		errors++;
}

int main(int argc, char **argv)
{
	int fd;

	if (argc != 2) {
		fprintf(stderr, "walktree: error: name one directory: walktree DIR\n");
		return 2;
	}
	fd = open(argv[1], O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (fd < 0) {
		fprintf(stderr, "walktree: error: %s: %s\n", argv[1], strerror(errno));
		return 1;
	}
	walk(fd, 0);
	close(fd);
	printf("%s: %lu directories, %lu entries, %lu errors\n",
	       argv[1], dirs, entries, errors);
	return 0;
}
