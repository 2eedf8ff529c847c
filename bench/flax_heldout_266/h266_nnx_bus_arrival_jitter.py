# label: trace-context
# flax-error: TraceContextError: Cannot mutate RngCount from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 5 the while_loop body comes from the factory make_jitter_body, whose closure captures the model and the nnx.Rngs and calls rngs.jitter() at every step
"""Bus network simulation: daily arrival delays per stop, with random jitter on top of the model."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx
from jax.lax import while_loop


class DelayModel(nnx.Module):
    def __init__(self, stops: int, rngs: nnx.Rngs):
        self.base = nnx.Linear(stops, stops, rngs=rngs)

    def __call__(self, schedule):
        return nnx.softplus(self.base(schedule))


def make_jitter_body(model, rngs, schedule, scale=0.1):
    def body(state):
        day, out = state
        delay = model(schedule) + scale * jax.random.normal(rngs.jitter(), schedule.shape)
        return day + 1, out.at[day].set(delay)

    return body


def simulate_days(model, rngs, schedule, days):
    body = make_jitter_body(model, rngs, schedule)
    start = (0, jnp.zeros((days,) + schedule.shape))
    _, delays = while_loop(lambda state: state[0] < days, body, start)
    return delays


def main():
    rngs = nnx.Rngs(params=0, jitter=11)
    model = DelayModel(4, rngs)
    schedule = jnp.array([0.0, 5.0, 12.0, 20.0]) / 20.0
    return simulate_days(model, rngs, schedule, days=5)
