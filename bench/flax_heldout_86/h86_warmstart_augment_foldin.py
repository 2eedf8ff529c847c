# label: ok
# flax-error: none
# class: 5 the warm-start loader returns plain variables; the scan body applies them with rngs={'dropout': fold_in(key, step)}
"""Warm-start loader: restores a checkpoint and draws per-step token-drop masks for continued pretraining."""
import jax
import jax.numpy as jnp
from flax import serialization
import flax.linen as nn


class TokenDropAugmenter(nn.Module):
    rate: float = 0.3

    @nn.compact
    def __call__(self, tokens):
        scale = self.param("scale", nn.initializers.ones, ())
        keep = jax.random.bernoulli(self.make_rng("dropout"), 1.0 - self.rate, tokens.shape)
        return keep.astype(jnp.float32) * scale


def fake_checkpoint(module, example):
    variables = module.init({"params": jax.random.PRNGKey(0), "dropout": jax.random.PRNGKey(1)}, example)
    return serialization.to_bytes(variables)


class WarmStartLoader:
    def __init__(self, module, blob, seed=42):
        self.module = module
        self.blob = blob
        self.seed = seed

    def load(self, example):
        template = self.module.init(
            {"params": jax.random.PRNGKey(0), "dropout": jax.random.PRNGKey(0)}, example)
        return serialization.from_bytes(template, self.blob), jax.random.PRNGKey(self.seed)


class ContinuedPretrainer:
    def __init__(self, module, loader, example):
        self.module = module
        self.variables, self.key = loader.load(example)

    def masks(self, token_batches):
        def body(n, tokens):
            key = jax.random.fold_in(self.key, n)
            return n + 1, self.module.apply(self.variables, tokens, rngs={"dropout": key})
        _, masks = jax.lax.scan(body, 0, token_batches)
        return masks


def main():
    module = TokenDropAugmenter()
    example = jnp.zeros((12,), jnp.int32)
    loader = WarmStartLoader(module, fake_checkpoint(module, example))
    trainer = ContinuedPretrainer(module, loader, example)
    return trainer.masks(jnp.ones((5, 12), jnp.int32))
