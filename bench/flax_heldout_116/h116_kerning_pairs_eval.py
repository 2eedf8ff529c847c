# label: ok
# flax-error: none
# class: 4 KerningAdapter stores model.bind(variables) on self.bound; KerningAssistant.suggest -> adapter.refine scans pairs calling self.bound(...), with train_mode=False in the config so BatchNorm only reads batch_stats
"""Kerning assistant for a type-design tool: scores glyph pairs and smooths the
suggested adjustments along a line of text."""
import dataclasses

import jax
import jax.numpy as jnp
from flax import linen as nn


class PairScorer(nn.Module):
    features: int = 16

    @nn.compact
    def __call__(self, pair_embedding, train: bool = False):
        h = nn.Dense(self.features, name="proj")(pair_embedding)
        h = nn.BatchNorm(use_running_average=not train, momentum=0.9, name="norm")(h)
        h = nn.gelu(h)
        return nn.Dense(1, name="head")(h)[..., 0]


@dataclasses.dataclass(frozen=True)
class KerningConfig:
    embed_dim: int = 8
    units_per_em: float = 1000.0
    smoothing: float = 0.25
    train_mode: bool = False


class KerningAdapter:
    """Lets the font tooling call the scorer without threading variables around."""

    def __init__(self, model, variables, config):
        self.bound = model.bind(variables)
        self.config = config

    def refine(self, pair_embeddings):
        cfg = self.config

        def body(previous, emb):
            raw = self.bound(emb, train=cfg.train_mode)
            adjusted = (1.0 - cfg.smoothing) * raw + cfg.smoothing * previous
            return adjusted, jnp.round(adjusted * cfg.units_per_em)

        init = jnp.zeros(pair_embeddings.shape[1])
        _, kerns = jax.lax.scan(body, init, pair_embeddings)
        return kerns


class KerningAssistant:
    def __init__(self, adapter):
        self.adapter = adapter
        self.suggestions = {}

    def suggest(self, font_name, pair_embeddings):
        self.suggestions[font_name] = self.adapter.refine(pair_embeddings)
        return self.suggestions[font_name]


def main():
    config = KerningConfig()
    model = PairScorer()
    lines = jax.random.normal(jax.random.key(0), (5, 4, config.embed_dim))
    variables = model.init(jax.random.key(1), lines[0])
    assistant = KerningAssistant(KerningAdapter(model, variables, config))
    assistant.suggest("Garamond-Italic", lines)
    return None
