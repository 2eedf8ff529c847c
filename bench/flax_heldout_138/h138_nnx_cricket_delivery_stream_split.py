# label: ok
# flax-error: none
# class: 2 a local nnx.Rngs in simulate_over(); one key is drawn from its "delivery" stream before the loop and split in the scan body
"""Ball-by-ball over simulation for a cricket analytics service.

The line-and-length model maps a bowler's intended delivery plus execution
noise to an expected-runs value for each of the six balls of an over.
"""
import jax
import jax.numpy as jnp
from flax import nnx
from jax.lax import scan


class LineLengthModel(nnx.Module):
    def __init__(self, *, rngs: nnx.Rngs):
        self.encode = nnx.Linear(4, 12, rngs=rngs)
        self.expected_runs = nnx.Linear(12, 1, rngs=rngs)

    def __call__(self, delivery):
        return nnx.softplus(self.expected_runs(nnx.relu(self.encode(delivery))))[..., 0]


def simulate_over(model: LineLengthModel, plan, seed: int, balls: int = 6):
    rngs = nnx.Rngs(delivery=seed)

    def ball(carry, _):
        total, key = carry
        key, sub = jax.random.split(key)
        execution = 0.15 * jax.random.normal(sub, plan.shape)
        runs = model(plan + execution)
        return (total + runs, key), runs

    _, per_ball = scan(ball, (jnp.float32(0.0), rngs.delivery()), None, length=balls)
    return per_ball


def main():
    model = LineLengthModel(rngs=nnx.Rngs(params=0))
    # line, length, pace, swing of the intended delivery
    plan = jnp.array([0.1, 0.65, 0.8, 0.2])
    return simulate_over(model, plan, seed=99)
