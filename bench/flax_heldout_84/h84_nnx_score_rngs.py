# label: trace-context
# flax-error: TraceContextError: Cannot mutate RngCount from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 5 closure inside the NNX sampler's __call__ draws Langevin noise from the module's own nnx.Rngs stream inside the scan body
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
        def step(x, sigma):
            alpha = self.step_lr * (sigma / sigmas[-1]) ** 2
            z = jax.random.normal(self.rngs.noise(), x.shape)
            return x + alpha * self.score(x, sigma) + jnp.sqrt(2 * alpha) * z, None

        x, _ = jax.lax.scan(step, x0, sigmas)
        return x


def main():
    score = ScoreMLP(2, 32, rngs=nnx.Rngs(0))
    sampler = LangevinSampler(score, rngs=nnx.Rngs(noise=1))
    sigmas = jnp.geomspace(1.0, 0.01, 8)
    x = sampler(jnp.zeros((16, 2)), sigmas)
    print(x.shape)
    return None
