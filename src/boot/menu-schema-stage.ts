// Boot stage 3 of 6 (src/main.tsx): the menu's schemas, which the first screen parses its answer with
// (building zod schemas is most of what these modules cost). The settings' schemas are the next
// stage: together they made one task over the 50 ms a long task starts at (4x-throttled phone).
import '../shared/schemas/menu';
