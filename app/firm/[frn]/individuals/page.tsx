import { firmSectionRoute } from '@/components/firm/firm-section-page';

/** /firm/[frn]/individuals: the section as lib/sections/firm-sections.ts declares it. */
const route = firmSectionRoute('individuals');
export const generateMetadata = route.generateMetadata;
export default route.FirmSectionPage;
