"""Bots and hints think beside the bot, in worker processes (issue 40).

A bot seat's decision (greedy, expert) and a player's 💡 hint are pure-Python
searches of a few hundred milliseconds. In a thread of the bot's process
they held the GIL the event loop needs to answer people: eight tables of
expert bots made a person's click take a second. They run in a pool of
worker processes instead (`pool.ThinkingPool`), fed the match's record and
answering the move, and the bot only waits for the answer.

- jobs.py: what a job asks and answers (the same functions in the worker
  and in a test that compares them with the in-process decision);
- worker.py: the worker process;
- pool.py: the processes, a queue where people's hints go first, and a
  worker started again when one dies (its job is retried);
- service.py: `Thinking`, what the bot asks of it: a bot's decision (the
  bots' share of the queue is bounded: when it is full, bot seats move
  later) and a hint (worked out once per decision, one at a time per
  player).
"""

from cogs.thinking.service import HintBusy, Thinking, ThinkingFailed

__all__ = ["HintBusy", "Thinking", "ThinkingFailed"]
