/* Scrolling a list within its room. */
#include "list_window.h"

int tc_list_top(int count, int selected, int room, int top)
{
	if (room < 1)
		room = 1;
	if (selected < top)
		top = selected;
	if (selected >= top + room)
		top = selected - room + 1;
	if (top > count - room)
		top = count - room;
	return top < 0 ? 0 : top;
}
