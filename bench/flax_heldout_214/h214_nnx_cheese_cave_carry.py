# label: ok
# flax-error: none
# class: 1 CaveController.age_until_ripe runs the while_loop itself; the day count rides in the carry and is added to its AgingDays variable after the loop
"""Cheese cave aging: the cave controller ages a wheel day by day until its rind and
moisture reach the ripeness target, and keeps count of the days for the affineur's log."""
import jax
import jax.numpy as jnp
from flax import nnx
from jax import lax


class AgingDays(nnx.Variable):
    pass


class CaveController(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.ripening = nnx.Linear(3, 3, rngs=rngs)
        self.days = AgingDays(jnp.zeros((), jnp.int32))

    def one_day(self, wheel):
        return wheel + 0.05 * nnx.sigmoid(self.ripening(wheel))

    def age_until_ripe(self, wheel, max_days=90):
        def not_ripe(state):
            day, w = state
            return (w[0] < 1.5) & (day < max_days)

        def day(state):
            d, w = state
            return d + 1, self.one_day(w)

        elapsed, wheel = lax.while_loop(not_ripe, day, (0, wheel))
        self.days[...] = self.days[...] + elapsed
        return wheel


def main():
    wheel = jnp.array([0.9, 0.4, 0.6])  # ripeness, rind, moisture
    cave = CaveController(nnx.Rngs(0))
    cave.age_until_ripe(wheel)
    return None
