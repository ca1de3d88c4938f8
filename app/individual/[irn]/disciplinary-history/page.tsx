import { individualSectionRoute } from '@/components/register/entity-route';

/** /individual/[irn]/disciplinary-history: the section as lib/sections/individual-sections.ts declares it. */
const route = individualSectionRoute('disciplinary-history');
export const generateMetadata = route.generateMetadata;
export default route.Page;
