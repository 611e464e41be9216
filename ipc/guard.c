/* guard.c: copies from shared mappings that survive the mapping shrinking (SIGBUS). */
#include "guard.h"

#include <errno.h>
#include <pthread.h>
#include <setjmp.h>
#include <signal.h>
#include <string.h>

static pthread_once_t guard_once = PTHREAD_ONCE_INIT;
static int guard_installed;
static struct sigaction guard_old; /* SIGBUS's disposition before ours, for other faults */
static _Thread_local sigjmp_buf guard_jmp;
static _Thread_local volatile sig_atomic_t guard_armed;

/* SIGBUS: a fault inside a guarded copy of this thread returns into it. Any other goes to
 * the disposition before ours, which stays installed under it: a handler is called, an
 * ignored SIGBUS sent by kill is dropped, and the default (or a fault, which the kernel
 * never lets be ignored) gets the old disposition back and happens again under it (a
 * fault re-executes; a SIGBUS sent by kill is raised again), ending the process. errno is
 * kept for the interrupted code. */
static void guard_bus(int sig, siginfo_t *si, void *ctx)
{
	int saved = errno;

	if (guard_armed) {
		guard_armed = 0;
		siglongjmp(guard_jmp, 1);
	}
	if (guard_old.sa_flags & SA_SIGINFO)
		guard_old.sa_sigaction(sig, si, ctx);
	else if (guard_old.sa_handler != SIG_DFL && guard_old.sa_handler != SIG_IGN)
		guard_old.sa_handler(sig);
	else if (guard_old.sa_handler == SIG_DFL || si->si_code > 0) {
		sigaction(sig, &guard_old, NULL);
		if (si->si_code <= 0)
			raise(sig);
	}
	errno = saved;
}

/* Install the handler once per process. SA_NODEFER leaves SIGBUS unblocked in the handler,
 * so leaving it by siglongjmp needs no saved signal mask (no system call per copy). */
static void guard_install(void)
{
	struct sigaction sa = {.sa_sigaction = guard_bus, .sa_flags = SA_SIGINFO | SA_NODEFER};

	sigemptyset(&sa.sa_mask);
	guard_installed = sigaction(SIGBUS, &sa, &guard_old) == 0;
}

int bd_guard_copy(void *dst, const void *src, size_t n)
{
	pthread_once(&guard_once, guard_install);
	if (!guard_installed)
		return -1;
	if (sigsetjmp(guard_jmp, 0) != 0)
		return -1;
	guard_armed = 1;
	__atomic_signal_fence(__ATOMIC_SEQ_CST); /* the copy stays between arming and disarming */
	memcpy(dst, src, n);
	__atomic_signal_fence(__ATOMIC_SEQ_CST);
	guard_armed = 0;
	return 0;
}
