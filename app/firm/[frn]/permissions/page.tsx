import { FIRM_PAGES } from '@/components/firm/firm-pages';
import { sectionRoute } from '@/components/register/entity-route';

/** /firm/[frn]/permissions: the section as lib/sections/firm-sections.ts declares it. */
const route = sectionRoute(FIRM_PAGES, 'permissions');
export const generateMetadata = route.generateMetadata;
export default route.Page;
