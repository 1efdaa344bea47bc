// Boot stage 3 of 4 (src/main.tsx): the schemas the first screen parses and the queries it runs,
// evaluated in a task of their own.
import '@tanstack/react-query';
import '../features/layout/api/get-restaurant';
import '../features/menu/api/get-menu';
