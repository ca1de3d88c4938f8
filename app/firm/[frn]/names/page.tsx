import { firmSectionRoute } from '@/components/firm/firm-section-page';

/** /firm/[frn]/names: the section as lib/sections/firm-sections.ts declares it. */
const route = firmSectionRoute('names');
export const generateMetadata = route.generateMetadata;
export default route.FirmSectionPage;
