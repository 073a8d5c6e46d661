import { describe, expect, it } from 'vitest';
import { http, HttpResponse } from 'msw';
import { CourseBuilderForm } from '@/features/courses/components/course-builder-form';
import { buildCourse } from '@/features/courses/__tests__/course-factory';
import { answerGate, apiUrl } from '@/testing/mocks/handlers';
import { server } from '@/testing/mocks/server';
import { renderWithProviders, screen, waitFor } from '@/testing/test-utils';

const renderBuilder = () =>
  renderWithProviders(<CourseBuilderForm />, { path: '/member/course-builder', routePath: '/member/course-builder' });

function captureCreate(answer: () => Response | Promise<Response>) {
  const bodies: unknown[] = [];
  server.use(
    http.post(apiUrl('courses'), async ({ request }) => {
      bodies.push(await request.json());
      return answer();
    }),
  );
  return bodies;
}

async function fillRequired(user: ReturnType<typeof renderBuilder>['user']) {
  for (const [label, value] of [
    [/Course Name/, 'Barton Creek'],
    [/City\/Town/, 'Austin'],
    [/State\/Province/, 'Texas'],
    [/Country/, 'USA'],
  ] as const) {
    await user.click(screen.getByLabelText(label));
    await user.paste(value);
  }
}

// Heavy MUI form in jsdom: allow for a busy machine.
describe('course builder', () => {
  it('has 18 par selectors offering 3, 4 or 5, every hole at par 4, and a private course by default', () => {
    renderBuilder();
    const selectors = Array.from({ length: 18 }, (_, i) => screen.getByLabelText(`Hole ${i + 1}`));
    expect(selectors.map((s) => (s as HTMLSelectElement).value)).toEqual(Array(18).fill('4'));
    expect(Array.from((selectors[0] as HTMLSelectElement).options).map((o) => o.value)).toEqual(['3', '4', '5']);
    expect(screen.getByText(/Total Par 72/)).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Make course public' })).not.toBeChecked();
    expect(screen.getByText('Allow other members to discover and use your course layout')).toBeInTheDocument();
  });

  it('names every missing required field and sends nothing', async () => {
    const bodies = captureCreate(() => HttpResponse.json(buildCourse(), { status: 201 }));
    const { user } = renderBuilder();
    await user.click(screen.getByRole('button', { name: 'Create Course' }));
    expect(screen.getByText('Course name is required')).toBeInTheDocument();
    expect(screen.getByText('City is required')).toBeInTheDocument();
    expect(screen.getByText('State/Province is required')).toBeInTheDocument();
    expect(screen.getByText('Country is required')).toBeInTheDocument();
    expect(bodies).toHaveLength(0);

    await user.type(screen.getByLabelText(/Course Name/), 'X');
    expect(screen.queryByText('Course name is required')).not.toBeInTheDocument();
  });

  it('creates the course with its pars, shows Creating... meanwhile, toasts and goes to My Courses', async () => {
    const gate = answerGate();
    const bodies = captureCreate(async () => {
      await gate.opened;
      return HttpResponse.json(buildCourse({ name: 'Barton Creek' }), { status: 201 });
    });
    const { user, location } = renderBuilder();
    await fillRequired(user);
    await user.selectOptions(screen.getByLabelText('Hole 3'), '3');
    await user.selectOptions(screen.getByLabelText('Hole 18'), '5');
    await user.click(screen.getByRole('checkbox', { name: 'Make course public' }));
    await user.click(screen.getByRole('button', { name: 'Create Course' }));

    expect(await screen.findByRole('button', { name: 'Creating...' })).toBeDisabled();
    gate.open();

    expect(await screen.findByText('Course created successfully!')).toBeInTheDocument();
    await waitFor(() => expect(location().pathname).toBe('/member/my-courses'));
    const pars = Array(18).fill(4);
    pars[2] = 3;
    pars[17] = 5;
    expect(bodies).toEqual([
      { name: 'Barton Creek', city: 'Austin', state: 'Texas', country: 'USA', pars, isPublic: true },
    ]);
  });

  it('shows the server field errors next to the fields and its message in an Error toast', async () => {
    captureCreate(() =>
      HttpResponse.json(
        { message: 'Country is required', code: 'VALIDATION_ERROR', errors: { country: 'Country is required' } },
        { status: 400 },
      ),
    );
    const { user, location } = renderBuilder();
    await fillRequired(user);
    await user.click(screen.getByRole('button', { name: 'Create Course' }));
    expect(await screen.findByText('Error')).toBeInTheDocument();
    expect(screen.getAllByText('Country is required').length).toBeGreaterThanOrEqual(2); // toast + field
    expect(screen.getByLabelText(/Country/)).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('button', { name: 'Create Course' })).toBeEnabled();
    expect(location().pathname).toBe('/member/course-builder');
  });

  it('falls back to "Failed to create course" when the server says nothing useful', async () => {
    captureCreate(() => new HttpResponse(null, { status: 502 }));
    const { user } = renderBuilder();
    await fillRequired(user);
    await user.click(screen.getByRole('button', { name: 'Create Course' }));
    expect(await screen.findByText('Failed to create course')).toBeInTheDocument();
  });

  it('Cancel goes back to My Courses', async () => {
    const { user, location } = renderBuilder();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(location().pathname).toBe('/member/my-courses');
  });
});
