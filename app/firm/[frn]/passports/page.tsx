import { firmSectionRoute } from '@/components/firm/firm-section-page';

/** /firm/[frn]/passports: the section as lib/sections/firm-sections.ts declares it. */
const route = firmSectionRoute('passports');
export const generateMetadata = route.generateMetadata;
export default route.FirmSectionPage;
