# label: same-values
# flax-error: none
# class: 4 the warm-start loader returns a module bound with rngs={'dropout': key}; the trainer calls the bound augmenter inside the scan body
"""Warm-start loader: restores a checkpoint, binds it once, and draws per-step token-drop masks for continued pretraining."""
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
        variables = serialization.from_bytes(template, self.blob)
        return self.module.bind(variables, rngs={"dropout": jax.random.PRNGKey(self.seed)})


class ContinuedPretrainer:
    def __init__(self, loader, example):
        self.augment = loader.load(example)

    def masks(self, token_batches):
        def body(n, tokens):
            return n + 1, self.augment(tokens)
        _, masks = jax.lax.scan(body, 0, token_batches)
        return masks


def main():
    module = TokenDropAugmenter()
    example = jnp.zeros((12,), jnp.int32)
    loader = WarmStartLoader(module, fake_checkpoint(module, example))
    trainer = ContinuedPretrainer(loader, example)
    return trainer.masks(jnp.ones((5, 12), jnp.int32))
