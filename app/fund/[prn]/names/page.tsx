import { fundSectionRoute } from '@/components/register/entity-route';

/** /fund/[prn]/names: the section as lib/sections/fund-sections.ts declares it. */
const route = fundSectionRoute('names');
export const generateMetadata = route.generateMetadata;
export default route.Page;
