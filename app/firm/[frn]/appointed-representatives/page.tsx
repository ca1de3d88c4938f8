import { firmSectionRoute } from '@/components/firm/firm-section-page';

/** /firm/[frn]/appointed-representatives: the section as lib/sections/firm-sections.ts declares it. */
const route = firmSectionRoute('appointed-representatives');
export const generateMetadata = route.generateMetadata;
export default route.FirmSectionPage;
