# label: same-values
# flax-error: none
# class: 3 refinement body built by a helper from the bound module; it samples the latent with module.make_rng inside a raw lax.scan
"""Latent program refinement (LPN-style toy): iteratively perturb a program latent, keep the noise."""
import jax
import jax.numpy as jnp
from flax import linen as nn
from jax import lax


class ProgramDecoder(nn.Module):
    latent: int = 8
    n_refine: int = 5

    @nn.compact
    def __call__(self, io_emb):
        score = nn.Dense(1, name="score")
        z0 = nn.Dense(self.latent, name="enc")(io_emb).mean(0)
        score(z0)
        _, eps = lax.scan(make_refine_step(self, score), z0, jnp.arange(self.n_refine))
        return eps


def make_refine_step(module, score):
    def refine(z, t):
        eps = jax.random.normal(module.make_rng("latent"), z.shape)
        proposal = z + 0.1 * eps
        better = score(proposal)[0] > score(z)[0]
        return jnp.where(better, proposal, z), eps
    return refine


def main():
    io_emb = jax.random.normal(jax.random.key(0), (4, 6))
    model = ProgramDecoder()
    params = model.init({"params": jax.random.key(1), "latent": jax.random.key(2)}, io_emb)
    return model.apply(params, io_emb, rngs={"latent": jax.random.key(3)})
