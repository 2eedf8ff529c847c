# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[33] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 the GRU cell's params are first created by a bound method run through a module-level run_chunks wrapper around lax.scan
"""Recurrent time-frequency mask estimator for single-channel speech enhancement."""
import dataclasses

import jax
import jax.numpy as jnp
import flax.linen as nn


@dataclasses.dataclass(frozen=True)
class EnhancerConfig:
    n_freq: int = 33
    hidden: int = 24
    floor: float = 0.05


def run_chunks(step, carry, frames):
    """Runs `step` over the leading (time) axis of `frames`."""
    return jax.lax.scan(step, carry, frames)


class MaskHead(nn.Module):
    n_freq: int
    floor: float

    @nn.compact
    def __call__(self, h):
        m = nn.sigmoid(nn.Dense(self.n_freq, name="to_mask")(h))
        return self.floor + (1.0 - self.floor) * m


class MaskEstimator(nn.Module):
    cfg: EnhancerConfig

    def setup(self):
        self.norm = nn.LayerNorm()
        self.cell = nn.GRUCell(features=self.cfg.hidden)
        self.head = MaskHead(self.cfg.n_freq, self.cfg.floor)

    def _frame(self, h, spec_t):
        feats = self.norm(jnp.log1p(spec_t))
        h, out = self.cell(h, feats)
        return h, self.head(out)

    def __call__(self, noisy_mag):
        # noisy_mag: [time, batch, freq]
        h0 = jnp.zeros((noisy_mag.shape[1], self.cfg.hidden))
        _, masks = run_chunks(self._frame, h0, noisy_mag)
        return masks * noisy_mag


class Enhancer:
    def __init__(self, cfg: EnhancerConfig):
        self.cfg = cfg
        self.model = MaskEstimator(cfg)

    def init(self, key, example):
        return self.model.init(key, example)

    def enhance(self, variables, noisy_mag):
        return self.model.apply(variables, noisy_mag)


def main():
    cfg = EnhancerConfig()
    enh = Enhancer(cfg)
    noisy = jnp.abs(jax.random.normal(jax.random.key(0), (12, 2, cfg.n_freq)))
    variables = enh.init(jax.random.key(1), noisy)
    clean = enh.enhance(variables, noisy)
    snr_gain = jnp.mean(clean) / jnp.mean(noisy)
    print(float(snr_gain))
    return None
