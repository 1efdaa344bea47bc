// Boot stage 4 of 6 (src/main.tsx): the restaurant settings' schemas (opening hours, locations,
// zones), in a task of their own after the menu's.
import '../shared/schemas/restaurant';
