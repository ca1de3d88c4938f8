import { firmSectionRoute } from '@/components/firm/firm-section-page';

/** /firm/[frn]/regulators: the section as lib/sections/firm-sections.ts declares it. */
const route = firmSectionRoute('regulators');
export const generateMetadata = route.generateMetadata;
export default route.FirmSectionPage;
