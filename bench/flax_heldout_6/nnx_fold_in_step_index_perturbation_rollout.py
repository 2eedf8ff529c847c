# label: ok
# flax-error: none
# class: 2 evolution-strategies style rollout: one key from the nnx.Rngs stream, fold_in with the step index inside the raw scan, parameters read through nnx.state
import jax
import jax.numpy as jnp
from flax import nnx


class Controller(nnx.Module):
    def __init__(self, rngs):
        self.w = nnx.Linear(4, 2, rngs=rngs)

    def __call__(self, obs):
        return jnp.tanh(self.w(obs))


def perturbed_rollout(controller, key, steps=6, sigma=0.05):
    graphdef, params = nnx.split(controller, nnx.Param)

    def step(obs, i):
        k = jax.random.fold_in(key, i)
        noisy = jax.tree.map(lambda p: p + sigma * jax.random.normal(k, p.shape), params)
        act = nnx.merge(graphdef, noisy)(obs)
        return jnp.roll(obs, 1) + 0.1 * jnp.pad(act, (0, 2)), act

    _, acts = jax.lax.scan(step, jnp.ones(4), jnp.arange(steps))
    return acts


def main():
    rngs = nnx.Rngs(params=0, es=3)
    controller = Controller(rngs)
    return perturbed_rollout(controller, rngs.es())
