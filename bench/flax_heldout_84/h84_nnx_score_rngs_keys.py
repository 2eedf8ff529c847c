# label: ok
# flax-error: none
# class: 5 the NNX sampler draws one key from its nnx.Rngs stream before the scan and splits it into per-step keys scanned as xs
"""Score-based generative model (NNX): annealed Langevin sampler holding its own Rngs."""
import jax
import jax.numpy as jnp
from flax import nnx


class ScoreMLP(nnx.Module):
    def __init__(self, dim, hidden, *, rngs):
        self.l1 = nnx.Linear(dim + 1, hidden, rngs=rngs)
        self.l2 = nnx.Linear(hidden, dim, rngs=rngs)

    def __call__(self, x, sigma):
        h = jnp.concatenate([x, jnp.full(x.shape[:-1] + (1,), jnp.log(sigma))], -1)
        return self.l2(nnx.swish(self.l1(h))) / sigma


class LangevinSampler(nnx.Module):
    def __init__(self, score, *, rngs: nnx.Rngs, step_lr=1e-4):
        self.score = score
        self.rngs = rngs
        self.step_lr = step_lr

    def __call__(self, x0, sigmas):
        keys = jax.random.split(self.rngs.noise(), sigmas.shape[0])

        def step(x, inputs):
            sigma, key = inputs
            alpha = self.step_lr * (sigma / sigmas[-1]) ** 2
            z = jax.random.normal(key, x.shape)
            return x + alpha * self.score(x, sigma) + jnp.sqrt(2 * alpha) * z, None

        x, _ = jax.lax.scan(step, x0, (sigmas, keys))
        return x


def main():
    score = ScoreMLP(2, 32, rngs=nnx.Rngs(0))
    sampler = LangevinSampler(score, rngs=nnx.Rngs(noise=1))
    sigmas = jnp.geomspace(1.0, 0.01, 8)
    x = sampler(jnp.zeros((16, 2)), sigmas)
    print(x.shape)
    return None
