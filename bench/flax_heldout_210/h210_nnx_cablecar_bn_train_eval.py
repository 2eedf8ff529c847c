# label: ok
# flax-error: none
# class: 2 the local haul-rope model of check_rope is switched to eval mode (BatchNorm on running averages) before it goes into the while_loop body
"""Cable car haul rope: scan tension sensor sweeps until a span exceeds the slip-risk limit."""
import jax
import jax.numpy as jnp
from flax import nnx

lax = jax.lax


class RopeTensionModel(nnx.Module):
    def __init__(self, sensors: int, *, rngs: nnx.Rngs):
        self.proj = nnx.Linear(sensors, 12, rngs=rngs)
        self.norm = nnx.BatchNorm(12, momentum=0.9, rngs=rngs)
        self.risk = nnx.Linear(12, 1, rngs=rngs)

    def __call__(self, sweep):
        return nnx.sigmoid(self.risk(nnx.relu(self.norm(self.proj(sweep)))))[..., 0]


def load_model(seed):
    return RopeTensionModel(sensors=5, rngs=nnx.Rngs(seed))


def check_rope(sweeps, limit=0.95, seed=0):
    model = load_model(seed)
    model.eval()

    def cond(state):
        i, worst = state
        return (i < sweeps.shape[0]) & (worst < limit)

    def body(state):
        i, worst = state
        return i + 1, jnp.maximum(worst, model(sweeps[i]).max())

    return lax.while_loop(cond, body, (0, jnp.zeros(())))


def main():
    sweeps = jax.random.normal(jax.random.key(9), (7, 10, 5))  # sweeps x spans x sensors
    check_rope(sweeps)
    return None
