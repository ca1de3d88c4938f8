import { FUND_PAGES } from '@/components/fund/fund-pages';
import { historyRoute } from '@/components/register/entity-route';

/** /fund/[prn]/history: what the watch checks saw change on the fund, before and after (not a register section). */
const route = historyRoute(FUND_PAGES);
export const generateMetadata = route.generateMetadata;
export default route.Page;
