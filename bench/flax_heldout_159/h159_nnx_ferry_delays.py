# label: same-values
# flax-error: none
# class: 2 simulate() draws one key from the nnx.Rngs "delays" stream into a local before the while_loop and the body reuses that local every crossing
"""Ferry timetable robustness: simulated weather delays per crossing for every route."""
import jax
import jax.numpy as jnp
from flax import nnx

ROUTES = ("harbour-isle", "isle-point", "point-harbour")


class DelayModel(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.swell = nnx.Linear(len(ROUTES), 8, rngs=rngs)
        self.minutes = nnx.Linear(8, len(ROUTES), rngs=rngs)

    def __call__(self, shock):
        return nnx.softplus(self.minutes(nnx.relu(self.swell(shock))))


def simulate(model, rngs, crossings):
    delay_key = rngs.delays()
    delays = jnp.zeros((crossings, len(ROUTES)))

    def cond(carry):
        return carry[0] < crossings

    def body(carry):
        i, delays = carry
        shock = jax.random.normal(delay_key, (len(ROUTES),))
        return i + 1, delays.at[i].set(model(shock))

    _, delays = jax.lax.while_loop(cond, body, (0, delays))
    return delays


class TimetableStudy:
    def __init__(self, seed):
        self.rngs = nnx.Rngs(params=seed, delays=seed + 100)
        self.model = DelayModel(self.rngs)

    def run(self, crossings=6):
        return simulate(self.model, self.rngs, crossings)


def main():
    return TimetableStudy(seed=5).run()
