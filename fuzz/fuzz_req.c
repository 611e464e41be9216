/* fuzz_req.c: libFuzzer target for the daemon's request parser (bd_req_parse): any bytes a
 * client may send as one line. Checks what the worker relies on after a successful parse. */
#include <stdlib.h>
#include <string.h>

#include "ipc/game/memory.h"
#include "ipc/proto.h"
#include "ipc/shm.h"

/* Abort (a finding) if a parsed request breaks a promise of proto.h. */
static void req_check(const struct bd_req *req, int rc, const struct bd_err *err)
{
	if (rc < 0) {
		if (err->code == NULL || err->text == NULL || strchr(err->code, ' ') != NULL)
			abort();
		return;
	}
	if (req->type == BD_REQ_HELLO && (!bd_player_name_ok(req->name) || req->role > BD_ROLE_SPECTATOR))
		abort();
	if (req->type == BD_REQ_JOIN && !bd_name_ok(req->board, BD_BOARD_NAME_MAX))
		abort();
	if (req->type == BD_REQ_PICK && (req->x >= BD_DIM_MAX || req->y >= BD_DIM_MAX))
		abort();
}

/* One input: one request line. */
int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size)
{
	struct bd_req req;
	struct bd_err err = {0};
	/* A copy of exactly size bytes, so ASan sees any read past the line. */
	char *line = malloc(size ? size : 1);

	if (line == NULL)
		return 0;
	memcpy(line, data, size);
	int rc = bd_req_parse(line, size, &req, &err);
	req_check(&req, rc, &err);
	free(line);
	return 0;
}
