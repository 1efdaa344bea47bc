// Boot stage 5 of 6 (src/main.tsx): the restaurant's time zone. The first Intl.DateTimeFormat for a
// zone loads the browser's zone and locale data, about 30 ms of a phone's main thread; done here, in
// a task of its own, instead of inside the first render (opening hours, the open/closed state).
// The formatter it builds is the one opening-hours keeps for the zone.
import { localParts } from '../shared/domain/opening-hours';

localParts(new Date(0));
