import { firmSectionRoute } from '@/components/firm/firm-section-page';

/** /firm/[frn]/waivers: the section as lib/sections/firm-sections.ts declares it. */
const route = firmSectionRoute('waivers');
export const generateMetadata = route.generateMetadata;
export default route.FirmSectionPage;
