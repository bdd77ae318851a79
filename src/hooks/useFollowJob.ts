/**
 * A screen's way through an action that may answer with a job (docs/api.md, Jobs): a direct
 * answer is already done; a 202 job is followed to its end, its progress kept for `JobProgress`
 * ("Printing 12 of 72 tickets"), and its result (a print's file is downloaded) given back.
 */
import { useState } from 'react';
import { followJob, isJob } from '../dataProvider/jobs';
import type { Progress } from '../generic/JobProgress';

export function useFollowJob() {
  const [progress, setProgress] = useState<Progress | null>(null);
  const finish = async (answer: unknown, label: string) => {
    if (!isJob(answer)) return answer;
    try {
      return (await followJob(answer, (j) => setProgress({ label, done: j.done, total: j.total }))).result;
    } finally {
      setProgress(null);
    }
  };
  return { progress, finish };
}
