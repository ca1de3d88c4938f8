import { INDIVIDUAL_PAGES } from '@/components/individual/individual-pages';
import { historyRoute } from '@/components/register/entity-route';

/** /individual/[irn]/history: what the watch checks saw change on the individual, before and after (not a register section). */
const route = historyRoute(INDIVIDUAL_PAGES);
export const generateMetadata = route.generateMetadata;
export default route.Page;
