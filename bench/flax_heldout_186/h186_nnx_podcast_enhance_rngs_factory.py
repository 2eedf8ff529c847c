# label: same-values
# flax-error: none
# class: 5 the enhancer service holds an rngs_factory (functools.partial(nnx.Rngs, dropout=seed)); the fori_loop body builds a fresh nnx.Rngs from it on every pass and hands it to the model's Dropout
"""Podcast speech enhancement: several stochastic passes of a masking network (dropout kept on)
are averaged into the final spectral mask, a cheap ensemble used in the upload pipeline."""
import functools
from dataclasses import dataclass

import jax
import jax.numpy as jnp
import flax.nnx as nnx

lax = jax.lax


class MaskNet(nnx.Module):
    def __init__(self, n_bins: int, rngs: nnx.Rngs):
        self.enc = nnx.Linear(n_bins, 48, rngs=rngs)
        self.drop = nnx.Dropout(0.3)
        self.dec = nnx.Linear(48, n_bins, rngs=rngs)

    def __call__(self, spec, rngs=None):
        h = self.drop(nnx.gelu(self.enc(spec)), deterministic=False, rngs=rngs)
        return nnx.sigmoid(self.dec(h))


@dataclass(frozen=True)
class EnhanceConfig:
    passes: int = 5
    dropout_seed: int = 1234


class EnhancerService:
    def __init__(self, model: MaskNet, config: EnhanceConfig):
        self.model = model
        self.config = config
        self.rngs_factory = functools.partial(nnx.Rngs, dropout=config.dropout_seed)

    def stochastic_masks(self, spec):
        def body(i, masks):
            rngs = self.rngs_factory()
            return masks.at[i].set(self.model(spec, rngs=rngs))

        init = jnp.zeros((self.config.passes,) + spec.shape)
        return lax.fori_loop(0, self.config.passes, body, init)

    def enhance(self, spec):
        masks = self.stochastic_masks(spec)
        return masks, spec * masks.mean(axis=0)


def main():
    spec = jnp.abs(jax.random.normal(jax.random.key(0), (10, 40)))
    service = EnhancerService(MaskNet(40, nnx.Rngs(0)), EnhanceConfig())
    masks, _ = service.enhance(spec)
    return masks
