# label: ok
# flax-error: none
# class: 1 the segmentation head's own sample_masks method runs the scan; it draws one key from its dropout stream before the loop and threads it through the carry, splitting it at every step
"""Stochastic mask proposals from the pancreas segmentation head."""
from __future__ import annotations

import jax
import jax.numpy as jnp
from flax import linen as nn

scan = jax.lax.scan


class PancreasHead(nn.Module):
    classes: int = 3
    keep: float = 0.8

    def setup(self):
        self.classifier = nn.Conv(self.classes, (1, 1))

    def __call__(self, feats):
        return self.classifier(feats)

    def sample_masks(self, feats, num_samples: int):
        logits = self.classifier(feats)

        def propose(key, _):
            key, sub = jax.random.split(key)
            keep = jax.random.bernoulli(sub, self.keep, logits.shape)
            dropped = jnp.where(keep, logits / self.keep, 0.0)
            return key, jnp.argmax(dropped, axis=-1)

        _, masks = scan(propose, self.make_rng("dropout"), None, length=num_samples)
        return masks


class ProposalGenerator:
    def __init__(self, head: PancreasHead, num_samples: int = 4):
        self.head = head
        self.num_samples = num_samples

    def init(self, key, feats):
        return self.head.init(key, feats)

    def __call__(self, variables, feats, key):
        return self.head.apply(
            variables, feats, self.num_samples, method=PancreasHead.sample_masks, rngs={"dropout": key}
        )


def main():
    k_feat, k_init, k_drop = jax.random.split(jax.random.key(13), 3)
    feats = jax.random.normal(k_feat, (1, 8, 8, 5))
    generator = ProposalGenerator(PancreasHead())
    variables = generator.init(k_init, feats)
    return generator(variables, feats, k_drop)
