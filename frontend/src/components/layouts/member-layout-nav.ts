import type SvgIcon from '@mui/material/SvgIcon';
import AccountCircleRounded from '@mui/icons-material/AccountCircleRounded';
import AppsRounded from '@mui/icons-material/AppsRounded';
import AdminPanelSettingsRounded from '@mui/icons-material/AdminPanelSettingsRounded';
import AccessTimeRounded from '@mui/icons-material/AccessTimeRounded';
import FitnessCenterRounded from '@mui/icons-material/FitnessCenterRounded';
import GolfCourseRounded from '@mui/icons-material/GolfCourseRounded';
import HeadphonesRounded from '@mui/icons-material/HeadphonesRounded';
import HomeRounded from '@mui/icons-material/HomeRounded';
import MapRounded from '@mui/icons-material/MapRounded';
import OndemandVideoRounded from '@mui/icons-material/OndemandVideoRounded';
import RocketLaunchRounded from '@mui/icons-material/RocketLaunchRounded';
import SportsGolfRounded from '@mui/icons-material/SportsGolfRounded';
import SosRounded from '@mui/icons-material/SosRounded';
import { paths } from '@/config/paths';

export type MemberNavItem = {
  label: string;
  href: string;
  icon: typeof SvgIcon;
  /** Shown to free (non-Premium) members too. */
  free: boolean;
};

/** The 12 member-area entries, in SPEC §4 order. */
export const MEMBER_NAV_ITEMS: readonly MemberNavItem[] = [
  { label: 'Member Home', href: paths.member.home.getHref(), icon: HomeRounded, free: false },
  {
    label: 'Start Here - Crash Course',
    href: paths.member.crashCourse.getHref(),
    icon: RocketLaunchRounded,
    free: false,
  },
  { label: 'Lectures', href: paths.member.lectures.getHref(), icon: OndemandVideoRounded, free: true },
  { label: 'Daily Drills', href: paths.member.dailyDrills.getHref(), icon: FitnessCenterRounded, free: false },
  { label: 'Visualizations', href: paths.member.visualizations.getHref(), icon: HeadphonesRounded, free: false },
  { label: 'Tee Time', href: paths.member.teeTime.getHref(), icon: AccessTimeRounded, free: false },
  { label: 'On the Range Drills', href: paths.member.onTheRange.getHref(), icon: GolfCourseRounded, free: false },
  {
    label: 'Swing Training Recommendations',
    href: paths.member.swingTraining.getHref(),
    icon: SportsGolfRounded,
    free: false,
  },
  { label: 'SOS Drills', href: paths.member.sosDrills.getHref(), icon: SosRounded, free: false },
  { label: 'More Stuff', href: paths.member.moreStuff.getHref(), icon: AppsRounded, free: false },
  { label: 'My Courses', href: paths.member.myCourses.getHref(), icon: MapRounded, free: false },
  { label: 'Your Account', href: paths.member.account.getHref(), icon: AccountCircleRounded, free: true },
];

/** Free members see Lectures and Your Account; Premium members see all 12. */
export function memberNavItems(isPremium: boolean): MemberNavItem[] {
  return MEMBER_NAV_ITEMS.filter((item) => isPremium || item.free);
}

/** The founder console's entry: shown only to admins (`role === 'admin'`), after the member entries. */
export const ADMIN_NAV_ITEM: MemberNavItem = {
  label: 'Founder Console',
  href: paths.admin.root.getHref(),
  icon: AdminPanelSettingsRounded,
  free: true,
};

/** The sidebar's entries for this viewer: the member entries, plus Founder Console for an admin. */
export function sidebarNavItems(isPremium: boolean, isAdmin: boolean): MemberNavItem[] {
  return isAdmin ? [...memberNavItems(isPremium), ADMIN_NAV_ITEM] : memberNavItems(isPremium);
}
