import { firmSectionRoute } from '@/components/firm/firm-section-page';

/** /firm/[frn]/disciplinary-history: the section as lib/sections/firm-sections.ts declares it. */
const route = firmSectionRoute('disciplinary-history');
export const generateMetadata = route.generateMetadata;
export default route.FirmSectionPage;
