// SPDX-License-Identifier: GPL-2.0
/*
 * udpecho ADDR PORT: a UDP echo over ADDR within one process, for the
 * 'make validate' guest (busybox's nc has no UDP).  A server socket bound
 * to ADDR:PORT returns every datagram a client socket sends it; 100 round
 * trips must come back intact.  Built static on the host for the guest.
 */
#include <arpa/inet.h>
#include <netinet/in.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/time.h>
#include <unistd.h>

static int fail(const char *what)
{
	perror(what);
	return 1;
}

int main(int argc, char **argv)
{
	struct timeval tmo = { .tv_sec = 2 };
	struct sockaddr_in srv = { .sin_family = AF_INET }, from;
	socklen_t flen;
	char buf[64], msg[64];
	int s, c, i;
	ssize_t n;

	if (argc != 3) {
		fprintf(stderr, "usage: udpecho ADDR PORT\n");
		return 2;
	}
	if (inet_pton(AF_INET, argv[1], &srv.sin_addr) != 1)
		return fail("inet_pton");
	srv.sin_port = htons(atoi(argv[2]));
	s = socket(AF_INET, SOCK_DGRAM, 0);
	c = socket(AF_INET, SOCK_DGRAM, 0);
	if (s < 0 || c < 0)
		return fail("socket");
	if (bind(s, (struct sockaddr *)&srv, sizeof(srv)))
		return fail("bind");
	if (setsockopt(s, SOL_SOCKET, SO_RCVTIMEO, &tmo, sizeof(tmo)) ||
	    setsockopt(c, SOL_SOCKET, SO_RCVTIMEO, &tmo, sizeof(tmo)))
		return fail("setsockopt");
	for (i = 0; i < 100; i++) {
		snprintf(msg, sizeof(msg), "udp-echo %d", i);
		if (sendto(c, msg, strlen(msg), 0, (struct sockaddr *)&srv,
			   sizeof(srv)) < 0)
			return fail("sendto");
		flen = sizeof(from);
		n = recvfrom(s, buf, sizeof(buf), 0, (struct sockaddr *)&from, &flen);
		if (n < 0)
			return fail("server recvfrom");
		if (sendto(s, buf, n, 0, (struct sockaddr *)&from, flen) != n)
			return fail("server sendto");
		n = recv(c, buf, sizeof(buf) - 1, 0);
		if (n < 0)
			return fail("client recv");
		buf[n] = '\0';
		if (strcmp(buf, msg)) {
			fprintf(stderr, "round %d: sent '%s', got '%s'\n", i, msg, buf);
			return 1;
		}
	}
	printf("udp-echo-ok 100\n");
	return 0;
}
