/** The account page's titled card, shared code now (billing's sections use it too). */
export { AccountSection } from '@/components/ui/account-section';
