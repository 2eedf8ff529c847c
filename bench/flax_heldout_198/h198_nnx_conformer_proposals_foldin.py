# label: ok
# flax-error: none
# class: 5 make_proposal_step is a factory that draws one key from rngs.proposal and returns a step function that folds the proposal index into it; ConformerSampler scans that step
"""Molecular conformer search: a learned torsion-drift model plus Gaussian jitter proposes
candidate conformers around a seed geometry; the proposals are then scored downstream."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx
from jax import lax

N_TORSIONS = 7


class TorsionDrift(nnx.Module):
    def __init__(self, rngs):
        self.enc = nnx.Linear(2 * N_TORSIONS, 32, rngs=rngs)
        self.dec = nnx.Linear(32, N_TORSIONS, rngs=rngs)

    def __call__(self, torsions):
        feats = jnp.concatenate([jnp.sin(torsions), jnp.cos(torsions)], -1)
        return 0.1 * jnp.tanh(self.dec(nnx.silu(self.enc(feats))))


def wrap_angle(theta):
    return (theta + jnp.pi) % (2 * jnp.pi) - jnp.pi


def make_proposal_step(model, rngs, sigma):
    key = rngs.proposal()

    def step(seed, idx):
        jitter = sigma * jax.random.normal(jax.random.fold_in(key, idx), seed.shape)
        return seed, wrap_angle(seed + model(seed) + jitter)

    return step


class ConformerSampler:
    def __init__(self, model, rngs, sigma=0.4):
        self.step = make_proposal_step(model, rngs, sigma)

    def propose(self, seed, n):
        _, proposals = lax.scan(self.step, seed, jnp.arange(n))
        return proposals


def main():
    rngs = nnx.Rngs(params=0, proposal=1)
    seed = jax.random.uniform(jax.random.key(2), (N_TORSIONS,), minval=-jnp.pi, maxval=jnp.pi)
    sampler = ConformerSampler(TorsionDrift(rngs), rngs)
    return sampler.propose(seed, n=6)
