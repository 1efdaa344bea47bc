/**
 * Writes src/shared/data/ploiesti-streets.json: the projection of the gazetteer
 * (api/data/geo/ploiesti-streets.json) that the PWA searches on the device while offline. Run after
 * changing the gazetteer: `npx tsx scripts/make-street-index.ts`. A unit test
 * (api/integrations/geo/gazetteer.test.ts) fails while the two disagree.
 */
import { writeFileSync } from 'node:fs';

import { loadStreets } from '../api/integrations/geo/gazetteer';
import { streetIndexFileText } from '../src/shared/domain/street-search';

writeFileSync(new URL('../src/shared/data/ploiesti-streets.json', import.meta.url), streetIndexFileText(loadStreets()));
