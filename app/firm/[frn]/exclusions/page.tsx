import { firmSectionRoute } from '@/components/firm/firm-section-page';

/** /firm/[frn]/exclusions: the section as lib/sections/firm-sections.ts declares it. */
const route = firmSectionRoute('exclusions');
export const generateMetadata = route.generateMetadata;
export default route.FirmSectionPage;
