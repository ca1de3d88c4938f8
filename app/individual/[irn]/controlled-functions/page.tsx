import { individualSectionRoute } from '@/components/register/entity-route';

/** /individual/[irn]/controlled-functions: the section as lib/sections/individual-sections.ts declares it. */
const route = individualSectionRoute('controlled-functions');
export const generateMetadata = route.generateMetadata;
export default route.Page;
