#!/bin/sh
# Bad input over a real socket: oversized lines, NUL and binary bytes, lines split across
# writes down to single bytes, numbers out of range or not numbers, bad names, requests out
# of order or by the wrong role. Each must get its documented ERR (docs/PROTOCOL.md), the
# board must not change (`same`: cards, players, state, event count) and the connection
# must still answer ping.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/fault/lib.sh"

start_daemon --board main:4 --board side:4 --min-players 1
"$FAULT" probe <<'SCRIPT' || fail "a bad input was not handled as documented"
# A seated player, so that there is a board to keep unchanged.
conn seated
send hello seated player\n
expect OK hello seated player
send join main\n
expect OK join main 0
mark

# Out of order: nothing but boards, ping and quit before hello.
conn early
send pick 0 0\n
expect ERR hello
send join main\n
expect ERR hello
send players\n
expect ERR hello
send cards\n
expect ERR hello
send boards\n
expect OK boards 2
send ping\n
expect OK pong
same

# Malformed lines.
send \n
expect ERR syntax
send    \t  \n
expect ERR syntax
send HELLO early player\n
expect ERR unknown
send pi\0ng\n
expect ERR syntax
send \x01\x02\x1b[31m\x7f\x80\xc3\xa9\xfe\xff\n
expect ERR syntax
send ping\r\r\n
expect ERR syntax
send ping\r\n
expect OK pong
send ping extra\n
expect ERR syntax
send a b c d e f g h i j k l m n\n
expect ERR syntax
same

# Oversized lines: one toolong each, as soon as 512 bytes came without a newline; the rest
# of the line is discarded; then back to normal.
fill 511 x
send \n
expect ERR unknown
fill 512 x
send \n
expect ERR toolong
quiet
fill 600 x
send \nping\n
expect ERR toolong
expect OK pong
fill 20000 y
expect ERR toolong
quiet
send \n
quiet
send ping\n
expect OK pong
same

# Lines split across writes, down to one byte a write.
send pi
send ng\n
expect OK pong
drip hello early player\n
expect OK hello early player
drip ping\n
expect OK pong
send hello again player\n
expect ERR again
same

# Bad hello on a fresh connection: names and roles.
conn names
send hello\n
expect ERR syntax
send hello ana\n
expect ERR syntax
send hello ana king\n
expect ERR role
send hello ana PLAYER\n
expect ERR role
send hello 
fill 33 n
send  player\n
expect ERR name
send hello an\x01a player\n
expect ERR syntax
send hello an\x7fa player\n
expect ERR syntax
send hello an\xc3\xa9 player\n
expect ERR syntax
send hello an\ta player\n
expect ERR syntax
send hello 
fill 32 n
send  spectator\n
expect OK hello nnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnn spectator
same

# A spectator cannot pick; picks before join; bad boards and tokens.
send join main\n
expect OK join main - - 4 -
send pick 0 0\n
expect ERR spectator
conn unjoined
send hello unjoined player\n
expect OK hello
send pick 0 0\n
expect ERR notjoined
send players\n
expect ERR notjoined
send cards\n
expect ERR notjoined
send join nope\n
expect ERR board
send join ../main\n
expect ERR board
send join mainmainmainmainmainmain1\n
expect ERR board
send join main 123\n
expect ERR token
send join main 0000000000000000\n
expect ERR token
send join main zzzzzzzzzzzzzzzz\n
expect ERR token
send join main 0123456789abcdef\n
expect ERR token
send ping\n
expect OK pong
same

# Numbers out of range or not numbers, from a seated player.
conn seated
send pick 4 0\n
expect ERR range
send pick 0 4\n
expect ERR range
send pick 32 0\n
expect ERR range
send pick -1 0\n
expect ERR range
send pick +1 0\n
expect ERR range
send pick a b\n
expect ERR range
send pick 1e1 0\n
expect ERR range
send pick 0x1 0\n
expect ERR range
send pick 99999999999 0\n
expect ERR range
send pick 4294967296 0\n
expect ERR range
send pick 1\n
expect ERR syntax
send pick 1 2 3\n
expect ERR syntax
send join main\n
expect ERR again
send join side\n
expect ERR again
send ping\n
expect OK pong
same

# A pick acts only on the picker's own board: a pick on side leaves main as it was.
conn other
send hello other player\n
expect OK hello
send join side\n
expect OK join side 0
send pick 0 0\n
expect OK pick 0 0
same

# quit ends the connection; nothing more is read from it.
send quit\nping\n
expect OK bye
eof
SCRIPT
stop_and_count
finish
