# label: same-values
# flax-error: none
# class: 3 SAMPLERS registry -> LangevinSampler draws key = self.rngs.noise() before the lax.while_loop; the body reuses it with the score network
"""Registry of samplers for a score-based generative model (NNX).

The Langevin sampler draws its noise key from its nnx.Rngs stream before the loop (the
stream cannot be advanced inside a raw while_loop) and records the injected noise."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx
from jax.lax import while_loop

SAMPLERS = {}


def register_sampler(name):
    def deco(cls):
        SAMPLERS[name] = cls
        return cls
    return deco


class ScoreNet(nnx.Module):
    def __init__(self, dim: int, *, rngs: nnx.Rngs):
        self.l1 = nnx.Linear(dim, 32, rngs=rngs)
        self.l2 = nnx.Linear(32, dim, rngs=rngs)

    def __call__(self, x):
        return self.l2(nnx.silu(self.l1(x)))


@register_sampler("langevin")
class LangevinSampler:
    def __init__(self, score_net: ScoreNet, steps: int, step_size: float, rngs: nnx.Rngs):
        self.score_net = score_net
        self.steps = steps
        self.step_size = step_size
        self.rngs = rngs

    def injected_noise(self, x0):
        key = self.rngs.noise()

        def cond(state):
            return state[0] < self.steps

        def body(state):
            i, x, log = state
            eps = jax.random.normal(key, x.shape)
            x = x + self.step_size * self.score_net(x) + jnp.sqrt(2 * self.step_size) * eps
            return i + 1, x, log.at[i].set(eps)

        log = jnp.zeros((self.steps,) + x0.shape)
        _, _, log = while_loop(cond, body, (0, x0, log))
        return log


def main():
    net = ScoreNet(3, rngs=nnx.Rngs(0))
    sampler = SAMPLERS["langevin"](net, steps=5, step_size=0.01, rngs=nnx.Rngs(noise=9))
    return sampler.injected_noise(jnp.zeros((4, 3)))
