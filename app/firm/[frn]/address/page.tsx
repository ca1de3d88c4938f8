import { firmSectionRoute } from '@/components/firm/firm-section-page';

/** /firm/[frn]/address: the section as lib/sections/firm-sections.ts declares it. */
const route = firmSectionRoute('address');
export const generateMetadata = route.generateMetadata;
export default route.FirmSectionPage;
