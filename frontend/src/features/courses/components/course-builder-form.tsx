import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useToast } from '@/components/toast/use-toast';
import { paths } from '@/config/paths';
import { getFieldErrors, getServerMessage } from '@/lib/base-query';
import { useCreateCourseMutation } from '@/features/courses/api/create-course';
import {
  HOLES,
  PAR_OPTIONS,
  emptyCourseForm,
  mapServerErrors,
  totalPar,
  validateCourse,
  type CourseFormErrors,
  type CourseFormValues,
} from '@/features/courses/course-validation';

type TextFieldName = 'name' | 'description' | 'city' | 'state' | 'country';

function ParCard({
  title,
  start,
  pars,
  onChange,
}: {
  title: string;
  start: number;
  pars: number[];
  onChange: (index: number, par: number) => void;
}) {
  const holes = pars.slice(start, start + 9);
  return (
    <Box>
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'baseline', mb: 1 }}>
        <Typography variant="subtitle2" component="h3">
          {title}
        </Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {start === 0 ? 'Out' : 'In'}: {totalPar(holes)}
        </Typography>
      </Stack>
      <Box sx={{ display: 'grid', gap: 1, gridTemplateColumns: { xs: 'repeat(3, 1fr)', sm: 'repeat(9, 1fr)' } }}>
        {holes.map((par, i) => {
          const index = start + i;
          return (
            <TextField
              key={index}
              select
              size="small"
              label={`Hole ${index + 1}`}
              value={par}
              onChange={(e) => onChange(index, Number(e.target.value))}
              slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
            >
              {PAR_OPTIONS.map((option) => (
                <option key={option} value={option}>
                  {option}
                </option>
              ))}
            </TextField>
          );
        })}
      </Box>
    </Box>
  );
}

/** /member/course-builder: create a course (SPEC §2, §5, §8). */
export function CourseBuilderForm() {
  const navigate = useNavigate();
  const { toast } = useToast();
  const [createCourse, { isLoading }] = useCreateCourseMutation();
  const [values, setValues] = useState<CourseFormValues>(emptyCourseForm);
  const [errors, setErrors] = useState<CourseFormErrors>({});

  const setField = (field: TextFieldName, value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    if (errors[field]) setErrors((e) => ({ ...e, [field]: undefined }));
  };

  const setPar = (index: number, par: number) => {
    setValues((v) => ({ ...v, pars: v.pars.map((p, i) => (i === index ? par : p)) }));
    if (errors.pars) setErrors((e) => ({ ...e, pars: undefined }));
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const found = validateCourse(values);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    try {
      await createCourse({
        name: values.name.trim(),
        description: values.description.trim() || undefined,
        city: values.city.trim(),
        state: values.state.trim(),
        country: values.country.trim(),
        pars: values.pars,
        isPublic: values.isPublic,
      }).unwrap();
      toast({ title: 'Course created successfully!' });
      navigate(paths.member.myCourses.getHref());
    } catch (error) {
      setErrors(mapServerErrors(getFieldErrors(error)));
      toast({
        title: 'Error',
        description: getServerMessage(error) ?? 'Failed to create course',
        variant: 'destructive',
      });
    }
  };

  const text = (field: TextFieldName, label: string, extra: { required?: boolean; multiline?: boolean } = {}) => (
    <TextField
      label={label}
      name={field}
      value={values[field]}
      onChange={(e) => setField(field, e.target.value)}
      error={Boolean(errors[field])}
      helperText={errors[field]}
      required={extra.required}
      multiline={extra.multiline}
      minRows={extra.multiline ? 3 : undefined}
      fullWidth
    />
  );

  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 4 }, borderRadius: 3 }}>
      <Box component="form" noValidate onSubmit={onSubmit}>
        <Stack spacing={3}>
          <Stack spacing={2.5}>
            <Typography variant="h6" component="h2">
              Course details
            </Typography>
            {text('name', 'Course Name', { required: true })}
            {text('description', 'Description (optional)', { multiline: true })}
            <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(3, 1fr)' } }}>
              {text('city', 'City/Town', { required: true })}
              {text('state', 'State/Province', { required: true })}
              {text('country', 'Country', { required: true })}
            </Box>
          </Stack>

          <Stack spacing={2}>
            <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'baseline' }}>
              <Typography variant="h6" component="h2">
                Hole pars
              </Typography>
              <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                {HOLES} holes · Total Par {totalPar(values.pars)}
              </Typography>
            </Stack>
            <ParCard title="Front 9" start={0} pars={values.pars} onChange={setPar} />
            <ParCard title="Back 9" start={9} pars={values.pars} onChange={setPar} />
            {errors.pars && <FormHelperText error>{errors.pars}</FormHelperText>}
          </Stack>

          <Box>
            <FormControlLabel
              control={
                <Checkbox
                  checked={values.isPublic}
                  onChange={(e) => setValues((v) => ({ ...v, isPublic: e.target.checked }))}
                />
              }
              label="Make course public"
            />
            <FormHelperText sx={{ ml: 4, mt: -0.5 }}>
              Allow other members to discover and use your course layout
            </FormHelperText>
          </Box>

          <Stack direction={{ xs: 'column-reverse', sm: 'row' }} spacing={1.5} sx={{ justifyContent: 'flex-end' }}>
            <Button variant="outlined" onClick={() => navigate(paths.member.myCourses.getHref())} disabled={isLoading}>
              Cancel
            </Button>
            <Button type="submit" variant="contained" disabled={isLoading}>
              {isLoading ? 'Creating...' : 'Create Course'}
            </Button>
          </Stack>
        </Stack>
      </Box>
    </Paper>
  );
}
