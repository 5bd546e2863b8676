"""Running a suite on a Ray cluster (`python -m evaluation.run --backend ray`): the driver (driver.py: the
cluster, the actors, the queue of tasks, faults, the run folder) and the actor (actor.py: one worker's sites,
browser and logins, running one attempt of a task at a time through `Runtime.run_task`, as a pytest item does).
"""
