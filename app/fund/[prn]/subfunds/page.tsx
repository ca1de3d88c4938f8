import { fundSectionRoute } from '@/components/register/entity-route';

/** /fund/[prn]/subfunds: the section as lib/sections/fund-sections.ts declares it. */
const route = fundSectionRoute('subfunds');
export const generateMetadata = route.generateMetadata;
export default route.Page;
