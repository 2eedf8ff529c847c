# label: ok
# flax-error: none
# class: 4 Scheduler.planner.session.bound, a model.bind(..., mutable=['batch_stats']) in evaluation mode (running averages only), is called in the fori_loop body
"""Call-centre staffing: turn forecast call volume per half-hour interval into agent headcount.

A planning service keeps a bound forecaster per session so interval-level helpers can call
it like a function; the scheduler walks the day's intervals with a fori_loop.
"""
import jax
import jax.numpy as jnp
import flax.linen as nn

lax = jax.lax


class StaffingNet(nn.Module):
    hidden: int = 16

    @nn.compact
    def __call__(self, volume, train: bool):
        x = nn.Dense(self.hidden)(volume)
        x = nn.BatchNorm(use_running_average=not train, momentum=0.9)(x)
        x = nn.relu(x)
        return nn.softplus(nn.Dense(1)(x))[..., 0]  # agents needed per queue


class ForecastSession:
    def __init__(self, model, variables, train):
        self.train = train
        self.bound = model.bind(variables, mutable=["batch_stats"])

    def agents(self, volume):
        return self.bound(volume, train=self.train)

    def snapshot(self):
        return self.bound.variables["batch_stats"]


class Planner:
    def __init__(self, session):
        self.session = session


class Scheduler:
    def __init__(self, planner, intervals):
        self.planner = planner
        self.intervals = intervals

    def staff_day(self, volumes):
        def interval(i, roster):
            needed = self.planner.session.agents(volumes[i])
            return roster.at[i].set(jnp.ceil(needed.sum()))

        roster = jnp.zeros((self.intervals,))
        return lax.fori_loop(0, self.intervals, interval, roster)


def main():
    intervals, queues, skills = 8, 5, 3
    model = StaffingNet()
    volumes = jax.random.uniform(jax.random.key(3), (intervals, queues, skills)) * 40.0
    variables = model.init(jax.random.key(0), volumes[0], train=False)
    session = ForecastSession(model, variables, train=False)
    scheduler = Scheduler(Planner(session), intervals)
    roster = scheduler.staff_day(volumes)
    stats = scheduler.planner.session.snapshot()
    drift = jax.tree.map(lambda v: jnp.abs(v).mean(), stats)
    jax.block_until_ready((roster, drift))
    return None
