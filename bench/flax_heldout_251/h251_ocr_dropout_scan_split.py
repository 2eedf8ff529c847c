# label: ok
# flax-error: none
# class: 3 the Dropout kept as the `drop` attribute of GlyphClassifier gets one key per uncertainty sample, split before the scan and scanned as xs
import dataclasses

import jax
import jax.numpy as jnp
from flax import linen as nn


@dataclasses.dataclass(frozen=True)
class OcrSettings:
    glyph_dims: int = 8
    classes: int = 5
    mc_samples: int = 4
    dropout_rate: float = 0.4


class GlyphClassifier(nn.Module):
    settings: OcrSettings

    def setup(self):
        self.trunk = nn.Dense(16)
        self.drop = nn.Dropout(self.settings.dropout_rate)
        self.head = nn.Dense(self.settings.classes)

    def point_estimate(self, glyph):
        return self.head(nn.relu(self.trunk(glyph)))

    def __call__(self, glyph):
        features = nn.relu(self.trunk(glyph))
        reference = self.head(features)
        sample_keys = jax.random.split(self.make_rng("dropout"), self.settings.mc_samples)

        def sample(_, key):
            kept = self.drop(features, deterministic=False, rng=key)
            return None, jax.nn.log_softmax(self.head(kept))

        _, draws = jax.lax.scan(sample, None, sample_keys)
        return draws, reference


class UncertaintyReport:
    def __init__(self, settings: OcrSettings):
        self.settings = settings
        self.model = GlyphClassifier(settings)

    def load(self, key):
        glyph = jnp.zeros((self.settings.glyph_dims,))
        return self.model.init(key, glyph, method=GlyphClassifier.point_estimate)

    def draws_for(self, variables, glyph, page_key):
        draws, _ = self.model.apply(variables, glyph, rngs={"dropout": page_key})
        return draws


def main():
    settings = OcrSettings()
    report = UncertaintyReport(settings)
    variables = report.load(jax.random.key(0))
    glyph = jnp.linspace(-1.0, 1.0, settings.glyph_dims)
    return report.draws_for(variables, glyph, jax.random.key(42))
