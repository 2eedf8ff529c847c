# label: same-values
# flax-error: none
# class: 3 TastingPanel.judge is model.bind(variables, rngs={'palate': key}); the scan body calls self.judge, whose make_rng('palate') is traced once
"""Wine-panel repeatability check: the same wine is poured several times to the learned palate
model, whose per-pour jitter models taster noise; the spread of the scores is the panel's
repeatability."""
import jax
import jax.numpy as jnp
import flax.linen as nn


class PalateModel(nn.Module):
    hidden: int = 12
    taster_noise: float = 0.3

    @nn.compact
    def __call__(self, profile):
        h = nn.gelu(nn.Dense(self.hidden, name='aroma')(profile))
        score = nn.Dense(1, name='score')(h)[0]
        jitter = self.taster_noise * jax.random.normal(self.make_rng('palate'), ())
        return score + jitter


class TastingPanel:
    def __init__(self, module, variables, key):
        self.judge = module.bind(variables, rngs={'palate': key})

    def pour_flight(self, profiles):
        def pour(total, profile):
            score = self.judge(profile)
            return total + score, score

        _, scores = jax.lax.scan(pour, jnp.zeros(()), profiles)
        return scores


def build_panel(seed):
    module = PalateModel()
    init_rngs = {'params': jax.random.key(seed), 'palate': jax.random.key(seed + 1)}
    variables = module.init(init_rngs, jnp.zeros((10,)))
    return TastingPanel(module, variables, jax.random.key(seed + 2))


def main():
    panel = build_panel(seed=4)
    riesling = jnp.linspace(-1.0, 1.0, 10)
    pours = jnp.tile(riesling, (6, 1))
    return panel.pour_flight(pours)
