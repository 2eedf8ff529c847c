# label: same-values
# flax-error: none
# class: 1 a Langevin sampler draws one key from its nnx.Rngs "noise" stream before the raw lax.scan and the body uses that key every step
"""Score-model wrapper with a Langevin sample() method."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx


class ScoreNet(nnx.Module):
    def __init__(self, dim, rngs: nnx.Rngs):
        self.l1 = nnx.Linear(dim, 16, rngs=rngs)
        self.l2 = nnx.Linear(16, dim, rngs=rngs)

    def __call__(self, x):
        return self.l2(nnx.swish(self.l1(x)))


class LangevinSampler:
    def __init__(self, score_net, rngs: nnx.Rngs, steps=6, step_size=0.01):
        self.score_net = score_net
        self.rngs = rngs
        self.steps = steps
        self.step_size = step_size

    def sample(self, x0):
        key = self.rngs.noise()

        def body(x, _):
            noise = jax.random.normal(key, x.shape)
            x = x + self.step_size * self.score_net(x) + jnp.sqrt(2 * self.step_size) * noise
            return x, noise

        _, noises = jax.lax.scan(body, x0, None, length=self.steps)
        return noises


def main():
    rngs = nnx.Rngs(params=0, noise=1)
    sampler = LangevinSampler(ScoreNet(4, rngs), rngs)
    return sampler.sample(jnp.zeros((3, 4)))
