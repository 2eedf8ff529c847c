# label: ok
# flax-error: none
# class: 3 KerningTuner.model applied with self.variables and train=False (running averages only read) in the while_loop body
"""Typography kerning: a pair-spacing network proposes kerning adjustments for glyph
pairs of a font; the tuner iterates over the pair table until the adjustments settle."""
import jax
import jax.numpy as jnp
import flax.linen as nn
from jax import lax


class PairSpacingNet(nn.Module):
    hidden: int = 16

    @nn.compact
    def __call__(self, pair_features, train: bool = True):
        h = nn.Dense(self.hidden)(pair_features)
        h = nn.BatchNorm(use_running_average=not train)(h)
        return nn.Dense(1)(nn.relu(h))[..., 0]


class KerningTuner:
    def __init__(self, model, variables, tolerance=1e-3, max_rounds=20):
        self.model = model
        self.variables = variables
        self.tolerance = tolerance
        self.max_rounds = max_rounds

    def settle(self, pair_features, kerning):
        def unsettled(state):
            rnd, _, delta = state
            return (rnd < self.max_rounds) & (delta > self.tolerance)

        def refine(state):
            rnd, kern, _ = state
            proposal = self.model.apply(self.variables, pair_features + kern[:, None], train=False)
            new = 0.5 * kern + 0.5 * proposal
            return rnd + 1, new, jnp.max(jnp.abs(new - kern))

        return lax.while_loop(unsettled, refine, (0, kerning, jnp.inf))


def main():
    pairs = jax.random.normal(jax.random.key(71), (32, 5))
    model = PairSpacingNet()
    variables = model.init(jax.random.key(72), pairs)
    rounds, kerning, delta = KerningTuner(model, variables).settle(pairs, jnp.zeros(32))
    assert kerning.shape == (32,)
    return None
