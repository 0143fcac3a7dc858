import { MAX_LIMIT } from '@ritim/shared';
import { queryOptions } from '@tanstack/react-query';
import { list } from './resources';

/** A person the form offers (organisers: active editors; guests: active guests). */
export interface PersonChoice {
  id: number;
  username: string;
  name: string | null;
  surname: string | null;
  timezone: string;
  groups?: { id: number; name: string }[];
}

/** Everyone who may have done something: every role, active or not (the Activity screen's person). */
export const everyoneQuery = () =>
  queryOptions({
    queryKey: ['users', 'choices', 'everyone'] as const,
    queryFn: ({ signal }) => list<PersonChoice>('users', { limit: MAX_LIMIT }, signal),
    retry: false,
  });

export const peopleQuery = (role: 'editor' | 'guest') =>
  queryOptions({
    queryKey: ['users', 'choices', role] as const,
    queryFn: ({ signal }) => list<PersonChoice>('users', { limit: MAX_LIMIT, role, status: 'active' }, signal),
    retry: false,
  });
