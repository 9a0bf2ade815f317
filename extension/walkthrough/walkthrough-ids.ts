/**
 * The Get Started walkthrough's identifiers, as package.json's `contributes.walkthroughs` declares them. VS Code names
 * a walkthrough `<publisher>.<name>#<id>` and a step `<that>#<step id>`.
 */
export const WALKTHROUGH = 'privspec.privspec#getStarted';

/** The step that follows opening the example workspace: the walkthrough resumes there in the new window. */
export const STEP_AFTER_OPENING = 'seeViolations';

/** The global state key that tells the window opened on a fresh copy of the example to resume the walkthrough. */
export const RESUME_KEY = 'privspec.walkthrough.resumeIn';
