import { firmSectionRoute } from '@/components/firm/firm-section-page';

/** /firm/[frn]/requirements: the section as lib/sections/firm-sections.ts declares it. */
const route = firmSectionRoute('requirements');
export const generateMetadata = route.generateMetadata;
export default route.FirmSectionPage;
