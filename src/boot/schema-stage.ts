// Boot stage 3 of 6 (src/main.tsx): the schemas of the menu and the restaurant's settings, the
// answers the first screen parses (building zod schemas is most of what these modules cost).
import '../shared/schemas/menu';
import '../shared/schemas/restaurant';
