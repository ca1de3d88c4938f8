import { FUND_PAGES } from '@/components/fund/fund-pages';
import { sectionRoute } from '@/components/register/entity-route';

/** /fund/[prn]/names: the section as lib/sections/fund-sections.ts declares it. */
const route = sectionRoute(FUND_PAGES, 'names');
export const generateMetadata = route.generateMetadata;
export default route.Page;
