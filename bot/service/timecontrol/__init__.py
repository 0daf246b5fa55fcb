"""Time control's foundation (docs/service.md, "Time control, reminders and expiry" and
"Scheduler"): the rules of time (``rules``), the planner that says which timers a game has
(``timers``, the write path's) and the scheduler that keeps their heap and calls the handler
registered for each timer kind (``scheduler``).

A leaf package: it imports nothing of the service but the checks, the refusals and the
updates, so the write path and every part may import it. What happens when a timer fires and
the calls that move a game's clocks are the parts beside it: ``deadlines``, ``reminders``,
``votes`` (handing a seat to the AI and taking it back), ``vacations`` and ``claim`` (the
scheduler's claim across processes). Nothing is imported here.
"""
