import { FIRM_PAGES } from '@/components/firm/firm-pages';
import { historyRoute } from '@/components/register/entity-route';

/** /firm/[frn]/history: what the watch checks saw change on the firm, before and after (not a register section). */
const route = historyRoute(FIRM_PAGES);
export const generateMetadata = route.generateMetadata;
export default route.Page;
