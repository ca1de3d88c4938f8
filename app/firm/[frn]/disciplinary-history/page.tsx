import { FIRM_PAGES } from '@/components/firm/firm-pages';
import { sectionRoute } from '@/components/register/entity-route';

/** /firm/[frn]/disciplinary-history: the section as lib/sections/firm-sections.ts declares it. */
const route = sectionRoute(FIRM_PAGES, 'disciplinary-history');
export const generateMetadata = route.generateMetadata;
export default route.Page;
