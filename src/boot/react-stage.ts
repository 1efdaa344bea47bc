// Boot stage 1 of 6 (src/main.tsx): React and ReactDOM, evaluated in a task of their own.
import 'react';
import 'react-dom/client';
