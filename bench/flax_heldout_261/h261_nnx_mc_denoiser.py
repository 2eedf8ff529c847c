# label: trace-context
# flax-error: TraceContextError: Cannot mutate RngCount from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 3 the scan body in MCDropoutSampler.eps_samples calls self.denoiser, an NNX module attribute whose Dropout draws from its own Rngs
import flax.nnx as nnx
import jax
import jax.numpy as jnp
from jax import lax


class Denoiser(nnx.Module):
    def __init__(self, dim: int, hidden: int, *, rngs: nnx.Rngs):
        self.inp = nnx.Linear(dim + 1, hidden, rngs=rngs)
        self.drop = nnx.Dropout(0.25, rngs=rngs)
        self.out = nnx.Linear(hidden, dim, rngs=rngs)

    def __call__(self, x_t, t):
        h = jnp.concatenate([x_t, t[:, None] / 1000.0], axis=-1)
        h = self.drop(nnx.silu(self.inp(h)))
        return self.out(h)


class MCDropoutSampler:
    def __init__(self, denoiser: Denoiser, n_passes: int = 5):
        self.denoiser = denoiser
        self.n_passes = n_passes

    def eps_samples(self, x_t, t):
        def one_pass(carry, _):
            return carry, self.denoiser(x_t, t)

        _, eps = lax.scan(one_pass, None, None, length=self.n_passes)
        return eps


def main():
    denoiser = Denoiser(2, 32, rngs=nnx.Rngs(params=0, dropout=1))
    sampler = MCDropoutSampler(denoiser)
    x_t = jax.random.normal(jax.random.key(5), (4, 2))
    t = jnp.full((4,), 500.0)
    eps = sampler.eps_samples(x_t, t)
    jax.block_until_ready(eps)
    return eps
