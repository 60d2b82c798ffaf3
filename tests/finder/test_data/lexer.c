/* Fixture for the lexer (tests/finder/test_finder.py): a comment with
   { braces } and "quotes", over two lines. */
#define TWICE(x) \
	((x) + \
	 (x))
#include <linux/list.h> // a directive: no tokens
static const char *s = "a \" /* no comment */ {";
static char c = '\'', d = '"', e = '{';
int f(int a) // a line comment {
{
	return TWICE(a) / 2;
}
