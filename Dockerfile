# The game host in a small image. The database lives on a volume at /data:
#   docker build -t gamehost .
#   docker run -d --name gamehost --restart unless-stopped \
#       -e DISCORD_TOKEN=... -v gamehost-data:/data gamehost
# `docker ps` shows it healthy while the bot is connected (HEALTHCHECK below).
FROM python:3.11-slim

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1 \
    DATABASE_PATH=/data/games.db

WORKDIR /app
# Japanese letters for the board images' labels (cogs/presenters/drawing.py)
RUN apt-get update && apt-get install -y --no-install-recommends fonts-ipafont-gothic \
    && rm -rf /var/lib/apt/lists/*
# Only the hash-locked runtime set: pip refuses any file whose hash differs.
COPY requirements.lock .
RUN pip install --no-cache-dir --require-hashes -r requirements.lock

COPY pyproject.toml README.md bot.py ./
COPY cogs ./cogs
COPY games ./games
COPY rules ./rules
COPY storage ./storage
COPY tournaments ./tournaments
COPY locales ./locales
# The project installed as a package (editable: the image runs the source it
# copied): the install declares its games (entry points), as an add-on game
# installed beside it declares its own (docs/adding-a-game.md). Built by the
# locked setuptools, with nothing downloaded.
RUN pip install --no-cache-dir --no-deps --no-build-isolation --no-index -e . \
    && pybabel compile -d locales -D messages

RUN useradd --create-home --uid 10001 gamehost \
    && mkdir -p /data && chown gamehost:gamehost /data
USER gamehost
VOLUME ["/data"]

# The bot touches /data/heartbeat (HEARTBEAT_PATH) every 20 s while it is
# connected to Discord; a missing or stale file (older than 60 s) is unhealthy.
HEALTHCHECK --interval=30s --timeout=10s --start-period=120s --retries=3 \
    CMD ["python", "-m", "cogs.heartbeat"]

# SIGTERM (docker stop) shuts the bot down cleanly.
STOPSIGNAL SIGTERM
CMD ["python", "bot.py"]
