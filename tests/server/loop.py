"""Async scenarios on an event loop of their own thread.

Playwright's sync API (the browser tests' session-wide fixture) keeps an event
loop marked running in the main thread for the rest of the session, and asyncio
refuses to run a second loop in a thread that has one: in a randomized order a
server test after a browser test could not start. Each scenario here runs on a
loop in a thread of its own, whatever the main thread holds.
"""

from __future__ import annotations

import asyncio
import threading


class LoopThread:
    """An event loop running in a daemon thread, kept across calls (a session whose connections stay open)."""

    def __init__(self, name: str = "test-loop"):
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, name=name, daemon=True)
        self.thread.start()

    def run(self, coroutine, seconds: float | None = None):
        """The coroutine's result (or its exception), run on this loop; bounded when ``seconds`` is given."""
        async def bounded():
            return await (coroutine if seconds is None else asyncio.wait_for(coroutine, seconds))

        return asyncio.run_coroutine_threadsafe(bounded(), self.loop).result()

    def close(self) -> None:
        """Cancel what is left on the loop, close its generators and its default executor (as ``asyncio.run``
        does), then stop it."""
        async def finish():
            left = [task for task in asyncio.all_tasks() if task is not asyncio.current_task()]
            for task in left:
                task.cancel()
            await asyncio.gather(*left, return_exceptions=True)
            await self.loop.shutdown_asyncgens()
            await self.loop.shutdown_default_executor()

        self.run(finish())
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(30)
        self.loop.close()


def run(coroutine, seconds: float | None = None):
    """The coroutine run to its end (bounded when ``seconds`` is given) on a loop of its own thread, then the
    loop closed: ``asyncio.run`` in another thread."""
    runner = LoopThread()
    try:
        return runner.run(coroutine, seconds)
    finally:
        runner.close()
