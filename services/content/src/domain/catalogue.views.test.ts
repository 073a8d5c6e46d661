import { lectureFor, lessonFor, type LectureRecord, type LessonRecord } from './catalogue.views';

const lesson = (isFree: boolean): LessonRecord => ({
  id: 'a'.repeat(24),
  title: 'Quiet Eye Putting',
  description: 'Steady gaze.',
  videoUrl: 'https://www.youtube.com/watch?v=premium',
  videoType: 'youtube',
  audioUrl: '/media/guided/three-foot-pressure-putt.mp3',
  duration: '12 min',
  isFree,
  order: 4,
  category: 'concentration',
  publishedAt: '2026-03-16T09:00:00.000Z',
});

const lecture = (isFree: boolean): LectureRecord => ({
  id: 'b'.repeat(24),
  number: isFree ? 1 : 2,
  title: 'Confidence',
  description: 'Where it comes from.',
  duration: '22 min',
  videoUrl: 'https://vimeo.com/1',
  videoType: 'vimeo',
  isFree,
  publishedAt: '2025-10-13T09:00:00.000Z',
});

describe('what a caller may see of a lesson', () => {
  it('when the lesson is free, then everyone gets its media', () => {
    expect(lessonFor(lesson(true), false)).toMatchObject({
      locked: false,
      videoUrl: expect.any(String),
      audioUrl: expect.any(String),
    });
  });

  it('when the lesson is Premium and the caller is not, then it is locked without media keys', () => {
    const view = lessonFor(lesson(false), false);
    expect(view.locked).toBe(true);
    expect(view).not.toHaveProperty('videoUrl');
    expect(view).not.toHaveProperty('audioUrl');
    expect(view).toMatchObject({
      title: 'Quiet Eye Putting',
      duration: '12 min',
      isFree: false,
      category: 'concentration',
    });
  });

  it('when the caller is Premium, then a Premium lesson is open', () => {
    expect(lessonFor(lesson(false), true)).toMatchObject({
      locked: false,
      videoUrl: 'https://www.youtube.com/watch?v=premium',
    });
  });
});

describe('what a caller may see of a lecture', () => {
  it('when the lecture is the free one, then a free member gets its media', () => {
    expect(lectureFor(lecture(true), false)).toMatchObject({
      locked: false,
      videoUrl: 'https://vimeo.com/1',
      videoType: 'vimeo',
    });
  });

  it('when the lecture is Premium and the member is free, then it is locked without media', () => {
    const view = lectureFor(lecture(false), false);
    expect(view).toEqual({
      id: 'b'.repeat(24),
      number: 2,
      title: 'Confidence',
      description: 'Where it comes from.',
      duration: '22 min',
      publishedAt: '2025-10-13T09:00:00.000Z',
      locked: true,
    });
  });

  it('when the member is Premium, then every lecture has media', () => {
    expect(lectureFor(lecture(false), true)).toMatchObject({ locked: false, videoUrl: 'https://vimeo.com/1' });
  });
});
