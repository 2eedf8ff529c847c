# label: ok
# flax-error: none
# class: 3 the scan body in MCDropoutSampler.eps_samples merges self.denoiser, an NNX module attribute, from the state carried through the scan
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
        graphdef, state = nnx.split(self.denoiser)

        def one_pass(state, _):
            denoiser = nnx.merge(graphdef, state)
            eps = denoiser(x_t, t)
            return nnx.state(denoiser), eps

        state, eps = lax.scan(one_pass, state, None, length=self.n_passes)
        nnx.update(self.denoiser, state)
        return eps


def main():
    denoiser = Denoiser(2, 32, rngs=nnx.Rngs(params=0, dropout=1))
    sampler = MCDropoutSampler(denoiser)
    x_t = jax.random.normal(jax.random.key(5), (4, 2))
    t = jnp.full((4,), 500.0)
    eps = sampler.eps_samples(x_t, t)
    jax.block_until_ready(eps)
    return eps
