import type { Course } from '@fm/contracts';
import { memo, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import DeleteOutlineRounded from '@mui/icons-material/DeleteOutlineRounded';
import FavoriteBorderRounded from '@mui/icons-material/FavoriteBorderRounded';
import FavoriteRounded from '@mui/icons-material/FavoriteRounded';
import PlaceOutlined from '@mui/icons-material/PlaceOutlined';
import PlayCircleOutlineRounded from '@mui/icons-material/PlayCircleOutlineRounded';
import PublicRounded from '@mui/icons-material/PublicRounded';
import ThumbDownAltOutlined from '@mui/icons-material/ThumbDownAltOutlined';
import ThumbDownAltRounded from '@mui/icons-material/ThumbDownAltRounded';
import ThumbUpAltOutlined from '@mui/icons-material/ThumbUpAltOutlined';
import ThumbUpAltRounded from '@mui/icons-material/ThumbUpAltRounded';
import { paths } from '@/config/paths';
import { totalPar } from '@/features/courses/course-validation';

type CourseCardProps = {
  course: Course;
  onDelete?: (course: Course) => void;
  deleting?: boolean;
  onRate: (course: Course, isLike: boolean | null) => void;
  onFavorite: (course: Course, favorite: boolean) => void;
  /** Below the details: e.g. "Ready for the course" (composed by the page, which knows the member). */
  extra?: ReactNode;
};

/** Memoized: a list of up to 200 cards re-renders only the cards whose course or props changed. */
export const CourseCard = memo(function CourseCard({
  course,
  onDelete,
  deleting,
  onRate,
  onFavorite,
  extra,
}: CourseCardProps) {
  const location = [course.city, course.state, course.country].filter(Boolean).join(', ');
  const par = course.totalPar ?? totalPar(course.pars);
  return (
    <Card
      variant="outlined"
      component="article"
      aria-label={course.name}
      sx={{ height: '100%', display: 'flex', flexDirection: 'column', borderRadius: 3 }}
    >
      <CardContent sx={{ flexGrow: 1 }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start', justifyContent: 'space-between' }}>
          <Typography variant="h6" component="h3" sx={{ fontWeight: 600, lineHeight: 1.3, wordBreak: 'break-word' }}>
            {course.name}
          </Typography>
          {course.isPublic && (
            <Tooltip title="Public course">
              <PublicRounded color="primary" titleAccess="Public course" sx={{ mt: 0.25 }} />
            </Tooltip>
          )}
        </Stack>
        {location && (
          <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', color: 'text.secondary', mt: 0.5 }}>
            <PlaceOutlined sx={{ fontSize: 18 }} />
            <Typography variant="body2">{location}</Typography>
          </Stack>
        )}
        {course.description && (
          <Typography
            variant="body2"
            sx={{
              mt: 1.5,
              color: 'text.secondary',
              display: '-webkit-box',
              WebkitLineClamp: 3,
              WebkitBoxOrient: 'vertical',
              overflow: 'hidden',
            }}
          >
            {course.description}
          </Typography>
        )}
        <Stack direction="row" spacing={1} sx={{ mt: 2, flexWrap: 'wrap', rowGap: 1 }}>
          <Chip size="small" label={`Total Par: ${par}`} />
          {!course.isOwner && course.ownerName && (
            <Chip size="small" variant="outlined" label={`By ${course.ownerName}`} />
          )}
        </Stack>
        {extra && <Box sx={{ mt: 2 }}>{extra}</Box>}
      </CardContent>
      <CardActions sx={{ px: 2, pb: 2, pt: 0, flexWrap: 'wrap', gap: 1, justifyContent: 'space-between' }}>
        <Button
          component={RouterLink}
          to={paths.member.coursePlayer.getHref(course.id)}
          variant="contained"
          startIcon={<PlayCircleOutlineRounded />}
        >
          Visualize Course
        </Button>
        <Box sx={{ display: 'flex', alignItems: 'center', ml: 'auto !important' }}>
          <Tooltip title={course.myLike === true ? 'Remove like' : 'Like'}>
            <IconButton
              size="small"
              aria-label="Like"
              aria-pressed={course.myLike === true}
              onClick={() => onRate(course, course.myLike === true ? null : true)}
            >
              {course.myLike === true ? (
                <ThumbUpAltRounded fontSize="small" color="primary" />
              ) : (
                <ThumbUpAltOutlined fontSize="small" />
              )}
            </IconButton>
          </Tooltip>
          <Typography variant="caption" sx={{ minWidth: 16 }} aria-label="Likes">
            {course.likes ?? 0}
          </Typography>
          <Tooltip title={course.myLike === false ? 'Remove dislike' : 'Dislike'}>
            <IconButton
              size="small"
              aria-label="Dislike"
              aria-pressed={course.myLike === false}
              onClick={() => onRate(course, course.myLike === false ? null : false)}
            >
              {course.myLike === false ? (
                <ThumbDownAltRounded fontSize="small" color="primary" />
              ) : (
                <ThumbDownAltOutlined fontSize="small" />
              )}
            </IconButton>
          </Tooltip>
          <Tooltip title={course.isFavorite ? 'Remove from favorites' : 'Add to favorites'}>
            <IconButton
              size="small"
              aria-label="Favorite"
              aria-pressed={course.isFavorite}
              onClick={() => onFavorite(course, !course.isFavorite)}
            >
              {course.isFavorite ? (
                <FavoriteRounded fontSize="small" color="error" />
              ) : (
                <FavoriteBorderRounded fontSize="small" />
              )}
            </IconButton>
          </Tooltip>
          {course.isOwner && onDelete && (
            <Tooltip title="Delete course">
              <span>
                <IconButton
                  size="small"
                  aria-label={`Delete ${course.name}`}
                  onClick={() => onDelete(course)}
                  disabled={deleting}
                  color="error"
                >
                  <DeleteOutlineRounded fontSize="small" />
                </IconButton>
              </span>
            </Tooltip>
          )}
        </Box>
      </CardActions>
    </Card>
  );
});
