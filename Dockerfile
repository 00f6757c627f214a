# Vegas Host in a container: the bot runs as in the README (`python3 tasks.py bot`), as an
# unprivileged user, with its data (the SQLite file, unless DATABASE_URL names PostgreSQL)
# under the one volume /data. See docs/operating.md, "Deploy files".
FROM python:3.11-slim

ENV PYTHONUNBUFFERED=1 \
    PIP_NO_CACHE_DIR=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1 \
    DATABASE_PATH=/data/vegas.sqlite3

RUN useradd --system --user-group --uid 10001 --home-dir /app --no-create-home vegas \
    && mkdir /data \
    && chown vegas:vegas /data

WORKDIR /app
COPY pyproject.toml README.md tasks.py ./
COPY engine/ engine/
COPY render/ render/
COPY bot/ bot/
COPY migrations/ migrations/
# The start command's first run creates .venv and installs; do it now, in the image.
RUN python3 tasks.py bot --help

# The user `vegas` made above, by number (so a host or Kubernetes can check it is not root).
USER 10001:10001
VOLUME ["/data"]
# tasks.py replaces itself with the bot (exec), so `docker stop`'s SIGTERM reaches the bot,
# which finishes the moves under way and posts the news still pending before it exits.
STOPSIGNAL SIGTERM
CMD ["python3", "tasks.py", "bot"]
