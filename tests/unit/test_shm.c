/* test_shm.c: object names, the scan of /dev/shm, and how readers judge a public segment:
 * bd_pub_check on the header, bd_snapshot on everything, each fed boards built and then
 * damaged in plain memory. */
#include <CUnit/CUnit.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "ipc/client.h"
#include "ipc/game/memory.h"
#include "ipc/shm.h"
#include "suites.h"
#include "tests/runner.h"

static struct bd_pub board, copy;

/* Record the sizes a Memory board of its shape has. */
static void test_board_fit(struct bd_pub *b)
{
	b->area_size = (uint32_t)bd_game_memory.pub_size(bd_game_shape_of(b->area));
	b->size = (uint32_t)offsetof(struct bd_pub, area) + b->area_size;
}

/* A sound 4x4 board with 2x2 regions: one card up, a locked pair, one player. */
void test_board_sound(struct bd_pub *b)
{
	struct bd_memory_pub *m = bd_memory_pub_w(b);

	memset(b, 0, sizeof *b);
	b->magic = BD_PUB_MAGIC;
	b->version = BD_LAYOUT_VERSION;
	b->game_kind = BD_GAME_MEMORY;
	m->dim = 4;
	m->region_side = 2;
	m->regions_across = 2;
	test_board_fit(b);
	b->nregions = 4;
	b->game_state = BD_GAME_ON;
	b->game_number = 1;
	b->min_players = 1;
	b->nplaying = 1;
	m->nlocked = 2;
	strcpy(b->name, "main");
	for (unsigned c = 0; c < BD_CARDS_MAX; c++)
		m->cards[c].owner = BD_NO_PLAYER;
	m->cards[0] = (struct bd_card){.state = BD_CARD_UP, .value = {'a', 'b'}, .owner = 0};
	m->cards[5] = (struct bd_card){.state = BD_CARD_LOCKED, .value = {'c', 'd'}, .owner = 0};
	m->cards[15] = (struct bd_card){.state = BD_CARD_LOCKED, .value = {'c', 'd'}, .owner = 0};
	b->players[0].state = BD_PLAYER_PLAYING;
	strcpy(b->players[0].name, "ana");
}

/* Prefix and board names: 1..max of [A-Za-z0-9_-]. */
static void test_name_ok(void)
{
	CU_ASSERT_TRUE(bd_name_ok("main", BD_BOARD_NAME_MAX));
	CU_ASSERT_TRUE(bd_name_ok("A-z_09", BD_BOARD_NAME_MAX));
	CU_ASSERT_TRUE(bd_name_ok("abcdefghijklmnopqrstuvwx", BD_BOARD_NAME_MAX));
	CU_ASSERT_FALSE(bd_name_ok("abcdefghijklmnopqrstuvwxy", BD_BOARD_NAME_MAX));
	CU_ASSERT_FALSE(bd_name_ok("", BD_BOARD_NAME_MAX));
	CU_ASSERT_FALSE(bd_name_ok("a.b", BD_BOARD_NAME_MAX));
	CU_ASSERT_FALSE(bd_name_ok("a/b", BD_BOARD_NAME_MAX));
	CU_ASSERT_FALSE(bd_name_ok("..", BD_BOARD_NAME_MAX));
	CU_ASSERT_FALSE(bd_name_ok("a b", BD_BOARD_NAME_MAX));
	CU_ASSERT_FALSE(bd_name_ok("\xc3\xa9", BD_BOARD_NAME_MAX));
	CU_ASSERT_TRUE(bd_name_ok("x", 1));
	CU_ASSERT_FALSE(bd_name_ok("xy", 1));
}

/* The /dev/shm object names of a board instance, and refused names. */
static void test_obj_names(void)
{
	char buf[BD_OBJ_NAME_MAX], p[BD_PREFIX_MAX + 1], b[BD_BOARD_NAME_MAX + 1], i[BD_INST_LEN + 1];
	const char *in = "0123456789abcdef";

	CU_ASSERT(bd_obj_public(buf, sizeof buf, "boardd", "main", in) == 0 &&
		  strcmp(buf, "/boardd.main.0123456789abcdef") == 0);
	CU_ASSERT(bd_obj_private(buf, sizeof buf, "boardd", "main", in) == 0 &&
		  strcmp(buf, "/boardd.main.0123456789abcdef.private") == 0);
	CU_ASSERT(bd_obj_region_sem(buf, sizeof buf, "p", "b", in, 1023) == 0 && strcmp(buf, "/p.b.0123456789abcdef.r1023") == 0);
	CU_ASSERT(bd_obj_state_sem(buf, sizeof buf, "p", "b", in) == 0 && strcmp(buf, "/p.b.0123456789abcdef.state") == 0);
	CU_ASSERT(bd_obj_public(buf, sizeof buf, "abcdefghijklmnopqrstuvwxyz012345", "abcdefghijklmnopqrstuvwx", in) == 0);
	CU_ASSERT(bd_obj_region_sem(buf, sizeof buf, "abcdefghijklmnopqrstuvwxyz012345", "abcdefghijklmnopqrstuvwx",
				    in, BD_REGIONS_MAX - 1) == 0);
	CU_ASSERT(bd_obj_private(buf, sizeof buf, "abcdefghijklmnopqrstuvwxyz012345", "abcdefghijklmnopqrstuvwx", in) == 0);
	CU_ASSERT_EQUAL(bd_obj_public(buf, sizeof buf, "abcdefghijklmnopqrstuvwxyz0123456", "main", in), -1);
	CU_ASSERT_EQUAL(bd_obj_public(buf, sizeof buf, "boardd", "../etc", in), -1);
	CU_ASSERT_EQUAL(bd_obj_private(buf, sizeof buf, "", "main", in), -1);
	CU_ASSERT_EQUAL(bd_obj_state_sem(buf, 8, "boardd", "main", in), -1); /* does not fit */
	/* An instance is exactly 16 lower-case hex digits. */
	CU_ASSERT_EQUAL(bd_obj_public(buf, sizeof buf, "boardd", "main", "0123456789ABCDEF"), -1);
	CU_ASSERT_EQUAL(bd_obj_public(buf, sizeof buf, "boardd", "main", "0123456789abcde"), -1);
	CU_ASSERT_EQUAL(bd_obj_public(buf, sizeof buf, "boardd", "main", "0123456789abcdef0"), -1);
	CU_ASSERT_EQUAL(bd_obj_public(buf, sizeof buf, "boardd", "main", ""), -1);
	/* New instances are valid and differ. */
	char i1[BD_INST_LEN + 1], i2[BD_INST_LEN + 1];
	CU_ASSERT(bd_inst_new(i1) == 0 && bd_inst_new(i2) == 0 && bd_inst_ok(i1) && bd_inst_ok(i2) && strcmp(i1, i2) != 0);
	/* Splitting a public segment's name, and names that are not one. */
	CU_ASSERT(bd_obj_split("/boardd.main.0123456789abcdef", p, b, i) == 0 && strcmp(p, "boardd") == 0 &&
		  strcmp(b, "main") == 0 && strcmp(i, in) == 0);
	CU_ASSERT_EQUAL(bd_obj_split("boardd.main.0123456789abcdef", p, b, i), -1);
	CU_ASSERT_EQUAL(bd_obj_split("/boardd.main", p, b, i), -1);
	CU_ASSERT_EQUAL(bd_obj_split("/boardd.main.private", p, b, i), -1);
	CU_ASSERT_EQUAL(bd_obj_split("/boardd.main.0123456789abcdef.private", p, b, i), -1);
	CU_ASSERT_EQUAL(bd_obj_split("/boardd.main.0123456789abcdef.", p, b, i), -1);
	CU_ASSERT_EQUAL(bd_obj_split("/boardd..0123456789abcdef", p, b, i), -1);
	CU_ASSERT_EQUAL(bd_obj_split("/../etc.main.0123456789abcdef", p, b, i), -1);
	CU_ASSERT_EQUAL(bd_obj_split("/boardd.main.0123456789abcdef/x", p, b, i), -1);
}

/* A sound board is accepted and copied (also 32x32 with partial regions). */
static void test_snapshot_sound(void)
{
	test_board_sound(&board);
	CU_ASSERT_PTR_NULL(bd_pub_check(&board, sizeof board));
	memset(&copy, 0x55, sizeof copy);
	CU_ASSERT_EQUAL_FATAL(bd_snapshot(&board, &copy), 0);
	CU_ASSERT_EQUAL(memcmp(bd_memory_pub(&copy)->cards, bd_memory_pub(&board)->cards, 16 * sizeof(struct bd_card)), 0);
	CU_ASSERT_EQUAL(memcmp(copy.players, board.players, sizeof board.players), 0);
	CU_ASSERT(bd_memory_pub(&copy)->dim == 4 && copy.game_state == BD_GAME_ON && strcmp(copy.name, "main") == 0);
	/* Cards past dim*dim are not part of the board; the copy has them zeroed. */
	CU_ASSERT(bd_memory_pub(&copy)->cards[16].state == 0 && bd_memory_pub(&copy)->cards[BD_CARDS_MAX - 1].value[0] == 0);
	bd_memory_pub_w(&board)->dim = 32;
	bd_memory_pub_w(&board)->region_side = 3; /* a partial last region */
	bd_memory_pub_w(&board)->regions_across = 11;
	test_board_fit(&board);
	board.nregions = 121;
	CU_ASSERT_PTR_NULL(bd_pub_check(&board, sizeof board));
	CU_ASSERT_EQUAL(bd_snapshot(&board, &copy), 0);
	CU_ASSERT_PTR_NOT_NULL(bd_pub_check(&board, board.size - 1));
}

/* One way to damage a sound board; header says whether bd_pub_check must see it too. */
struct damage {
	const char *what;
	int header;
	void (*apply)(struct bd_pub *p);
};

static void bad_magic(struct bd_pub *p) { p->magic = BD_PRIV_MAGIC; }
static void bad_version(struct bd_pub *p) { p->version = BD_LAYOUT_VERSION + 1; }
static void bad_size(struct bd_pub *p) { p->size += 8; }
static void bad_kind(struct bd_pub *p) { p->game_kind = 0; }
static void dim_zero(struct bd_pub *p) { bd_memory_pub_w(p)->dim = 0; }
static void dim_odd(struct bd_pub *p) { bd_memory_pub_w(p)->dim = 3; }
static void dim_big(struct bd_pub *p) { bd_memory_pub_w(p)->dim = 34; }
static void dim_huge(struct bd_pub *p) { bd_memory_pub_w(p)->dim = 0x80000002u; }
static void region_zero(struct bd_pub *p) { bd_memory_pub_w(p)->region_side = 0; }
static void region_big(struct bd_pub *p) { bd_memory_pub_w(p)->region_side = 5; }
static void across_wrong(struct bd_pub *p) { bd_memory_pub_w(p)->regions_across = 3; }
static void nregions_wrong(struct bd_pub *p) { p->nregions = BD_REGIONS_MAX + 5; }
static void state_wrong(struct bd_pub *p) { p->game_state = BD_GAME_OVER + 1; }
static void name_open(struct bd_pub *p) { memset(p->name, 'x', sizeof p->name); }
static void card_state(struct bd_pub *p) { bd_memory_pub_w(p)->cards[3].state = BD_CARD_LOCKED + 1; }
static void down_value(struct bd_pub *p) { bd_memory_pub_w(p)->cards[3].value[0] = 'x'; bd_memory_pub_w(p)->cards[3].value[1] = 'y'; }
static void down_half(struct bd_pub *p) { bd_memory_pub_w(p)->cards[12].value[1] = 'q'; }
static void up_empty(struct bd_pub *p) { memset(bd_memory_pub_w(p)->cards[0].value, 0, 2); }
static void up_upper(struct bd_pub *p) { bd_memory_pub_w(p)->cards[0].value[0] = 'A'; }
static void locked_digit(struct bd_pub *p) { bd_memory_pub_w(p)->cards[15].value[1] = '1'; }
static void locked_half(struct bd_pub *p) { bd_memory_pub_w(p)->cards[5].value[1] = 0; }
static void player_state(struct bd_pub *p) { p->players[0].state = BD_PLAYER_AWAY + 1; }
static void player_far(struct bd_pub *p) { p->players[BD_PLAYERS_MAX - 1].state = 77; }
static void player_name(struct bd_pub *p) { memset(p->players[9].name, 'n', sizeof p->players[9].name); }
static void seq_stuck(struct bd_pub *p) { p->seq = 7; }           /* a writer died mid-change */
static void region_stuck(struct bd_pub *p) { p->region_seq[3] = 1; }

static const struct damage damages[] = {
	{"bad magic", 1, bad_magic},
	{"other layout version", 1, bad_version},
	{"other size", 1, bad_size},
	{"unknown game kind", 1, bad_kind},
	{"dim 0", 1, dim_zero},
	{"odd dim", 1, dim_odd},
	{"dim 34", 1, dim_big},
	{"dim 2^31+2", 1, dim_huge},
	{"region side 0", 1, region_zero},
	{"region side > dim", 1, region_big},
	{"regions across wrong", 1, across_wrong},
	{"region count wrong", 1, nregions_wrong},
	{"game state out of range", 1, state_wrong},
	{"board name unterminated", 1, name_open},
	{"card state out of range", 0, card_state},
	{"down card with a value", 0, down_value},
	{"down card with half a value", 0, down_half},
	{"up card without a value", 0, up_empty},
	{"up card with an upper-case value", 0, up_upper},
	{"locked card with a digit", 0, locked_digit},
	{"locked card with half a value", 0, locked_half},
	{"player state out of range", 0, player_state},
	{"last seat's state out of range", 0, player_far},
	{"player name unterminated", 0, player_name},
	{"header seqlock stuck odd", 0, seq_stuck},
	{"region seqlock stuck odd", 0, region_stuck},
};

/* Each damage alone makes the board rejected. */
static void test_snapshot_damaged(void)
{
	for (size_t i = 0; i < sizeof damages / sizeof damages[0]; i++) {
		test_board_sound(&board);
		damages[i].apply(&board);
		if (damages[i].header)
			CHECK(bd_pub_check(&board, sizeof board) != NULL, "bd_pub_check accepts: %s", damages[i].what);
		CHECK(bd_snapshot(&board, &copy) == -1, "bd_snapshot accepts: %s", damages[i].what);
	}
}

/* What bd_obj_scan saw: one letter per kind (p, v, r, s) of board b's objects, and links. */
struct seen {
	char kinds[16];
	unsigned links;
};

/* bd_obj_scan callback: note board b's objects. */
static void scan_note(const struct bd_found *f, void *arg)
{
	struct seen *s = arg;
	size_t n = strlen(s->kinds);

	if (strcmp(f->board, "b") != 0 || n + 1 >= sizeof s->kinds)
		return;
	s->links += S_ISLNK(f->mode) != 0;
	s->kinds[n] = "pvrs"[f->kind];
}

/* Make /dev/shm/<entry> (a symlink to /etc/passwd if link), owned by uid. */
static void scan_make(const char *entry, int link, uid_t uid)
{
	char path[200];
	FILE *f;

	snprintf(path, sizeof path, BD_SHM_DIR "/%s", entry);
	if (link) {
		CU_ASSERT(symlink("/etc/passwd", path) == 0);
	} else if ((f = fopen(path, "w")) != NULL) {
		fclose(f);
	}
	CU_ASSERT(lchown(path, uid, (gid_t)-1) == 0 || uid == geteuid());
}

/* The scan reports every object named like a board's, never following links; board_find
 * counts only regular public segments of the uid asked for. */
static void test_scan(void)
{
	static const char *const entries[] = {"%s.b.0123456789abcdef", "%s.b.0123456789abcdef.private",
		"sem.%s.b.0123456789abcdef.r3", "sem.%s.b.0123456789abcdef.state", "%s.b.1111111111111111",
		"%s.b.2222222222222222", "%s.b", "%s.b.private", "sem.%s.b.r0", "%s.b.0123456789abcdef.r3",
		"%s.b.0123456789ABCDEF", "%s.other.0123456789abcdef"};
	char prefix[32], entry[160];
	struct seen seen = {0};
	struct bd_found f;
	uid_t other = geteuid() == 0 ? 65534 : geteuid();

	snprintf(prefix, sizeof prefix, "unitscan%d", (int)getpid());
	for (unsigned i = 0; i < sizeof entries / sizeof entries[0]; i++) {
		snprintf(entry, sizeof entry, entries[i], prefix);
		scan_make(entry, i == 5, i == 4 ? other : geteuid());
	}
	CU_ASSERT_EQUAL(bd_obj_scan(prefix, scan_note, &seen), 0);
	CU_ASSERT_EQUAL(strlen(seen.kinds), 6); /* the old scheme's names and bad instances are not objects */
	CU_ASSERT(strchr(seen.kinds, 'v') && strchr(seen.kinds, 'r') && strchr(seen.kinds, 's'));
	CU_ASSERT_EQUAL(seen.links, 1);
	CU_ASSERT_EQUAL(bd_board_find(prefix, "b", (uid_t)-1, &f), 2); /* not the symlink */
	CU_ASSERT(bd_board_find(prefix, "b", geteuid(), &f) == (other == geteuid() ? 2 : 1) &&
		  (other == geteuid() || strcmp(f.inst, "0123456789abcdef") == 0));
	CU_ASSERT(strcmp(f.board, "b") == 0 && f.kind == BD_OBJ_PUBLIC && S_ISREG(f.mode) && f.name[0] == '/');
	CU_ASSERT_EQUAL(bd_board_find(prefix, "nope", (uid_t)-1, &f), 0);
	for (unsigned i = 0; i < sizeof entries / sizeof entries[0]; i++) {
		char path[200];
		snprintf(entry, sizeof entry, entries[i], prefix);
		snprintf(path, sizeof path, BD_SHM_DIR "/%s", entry);
		unlink(path);
	}
}

/* Register this file's tests. */
void suite_shm(void)
{
	CU_pSuite s = CU_add_suite("shm", NULL, NULL);
	CU_add_test(s, "name_ok", test_name_ok);
	CU_add_test(s, "obj_names", test_obj_names);
	CU_add_test(s, "scan", test_scan);
	CU_add_test(s, "snapshot_sound", test_snapshot_sound);
	CU_add_test(s, "snapshot_damaged", test_snapshot_damaged);
}
