-- Trigram indexes serve the lists' substring search (pg_trgm is a trusted extension since PostgreSQL 13).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
-- Case- and accent-insensitive folding for list search, independent of the database locale
-- (PGlite and many servers run with the C locale, where lower() leaves Turkish letters alone).
-- I, İ, ı and i all fold to i, so 'istanbul' finds 'İSTANBUL' and 'ılgaz' finds 'Ilgaz'.
CREATE FUNCTION ritim_fold(value text) RETURNS text
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
RETURN lower(translate(value,
  'İIıÇçĞğÖöŞşÜüÂâÎîÛûÀàÁáÄäÈèÉéÊêËëÌìÍíÏïÒòÓóÔôÕõÙùÚúÑñ',
  'iiiccggoossuuaaiiuuaaaaaaeeeeeeeeiiiiiioooooooouuuunn'));
