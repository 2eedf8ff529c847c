# label: ok
# flax-error: none
# class: 1 CueAligner.__call__ runs jax.lax.scan itself; the body returns each cue's drift as scan output and the method sows the stacked drifts after the loop
"""Subtitle timing alignment: shift subtitle cues onto detected speech onsets.

The aligner exposes per-cue drift through the 'intermediates' collection so the QC tool
can plot it; the cue loop is a scan because each shift depends on the previous one.
"""
import jax
import jax.numpy as jnp
import flax.linen as nn


class CueAligner(nn.Module):
    hidden: int = 16
    max_shift_s: float = 2.0

    @nn.compact
    def __call__(self, cue_feats, onset_feats):
        # cue_feats, onset_feats: [cues, features]
        q = nn.Dense(self.hidden, name="cue_proj")(cue_feats)
        k = nn.Dense(self.hidden, name="onset_proj")(onset_feats)
        raw = self.max_shift_s * jnp.tanh((q * k).sum(-1) / self.hidden)
        smoothing = self.param("smoothing", nn.initializers.constant(0.7), ())

        def cue(prev_shift, raw_shift):
            shift = smoothing * prev_shift + (1.0 - smoothing) * raw_shift
            return shift, (shift, shift - prev_shift)

        _, (shifts, drift) = jax.lax.scan(cue, jnp.zeros(()), raw)
        self.sow("intermediates", "drift", drift)
        return shifts


class AlignmentQC:
    def __init__(self, model, params):
        self.model = model
        self.params = params

    def align(self, cue_feats, onset_feats):
        shifts, state = self.model.apply(
            {"params": self.params}, cue_feats, onset_feats, mutable=["intermediates"])
        drift = jnp.stack(state["intermediates"]["drift"])
        return shifts, jnp.abs(drift).max()


def main():
    cues, feats = 24, 6
    k1, k2 = jax.random.split(jax.random.key(5))
    cue_feats = jax.random.normal(k1, (cues, feats))
    onset_feats = cue_feats + 0.1 * jax.random.normal(k2, (cues, feats))
    model = CueAligner()
    params = model.init(jax.random.key(0), cue_feats, onset_feats)["params"]
    shifts, worst = AlignmentQC(model, params).align(cue_feats, onset_feats)
    jax.block_until_ready((shifts, worst))
    return None
