import { INDIVIDUAL_PAGES } from '@/components/individual/individual-pages';
import { sectionRoute } from '@/components/register/entity-route';

/** /individual/[irn]/disciplinary-history: the section as lib/sections/individual-sections.ts declares it. */
const route = sectionRoute(INDIVIDUAL_PAGES, 'disciplinary-history');
export const generateMetadata = route.generateMetadata;
export default route.Page;
