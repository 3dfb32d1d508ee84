"""Table mode: the live board served to the browsers at the table (Starlette, run by uvicorn).

`app` builds the ASGI application and its JSON API, which mirrors the command line
(`/api/check` answers exactly what `check --json` prints); `events` tells open pages
that the state file changed; `lobby_api` serves the lobby of tables (`solver.tables`); `static/`
holds the page itself (no build step).

May import `solver.core`, `solver.counting`, `solver.solo`, `solver.decks`, `solver.table`,
`solver.tables` and `solver.documents` (whose documents every route returns).
"""
