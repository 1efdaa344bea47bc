// Boot stage 5 of 6 (src/main.tsx): the queries the first screen runs and what they use,
// evaluated in a task of their own.
import '@tanstack/react-query';
import '../entities/restaurant/api/get-restaurant';
import '../entities/menu/api/get-menu';
