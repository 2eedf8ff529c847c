# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[6] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 1 CutterheadEncoder.encode_shift runs lax.scan itself; its BatchNorm (train mode) updates batch_stats inside the body
"""Tunnel boring machine telemetry: encode one shift of cutterhead sensor windows.

The encoder owns its normaliser and walks the shift window by window with a raw scan,
so the running statistics are written from inside the scan body.
"""
import dataclasses

import jax
import jax.numpy as jnp
from flax import linen as nn
from jax import lax


@dataclasses.dataclass(frozen=True)
class TelemetryConfig:
    channels: int = 6  # torque, thrust, rpm, penetration, earth pressure, grout flow
    window: int = 8
    hidden: int = 16
    train: bool = True


class CutterheadEncoder(nn.Module):
    cfg: TelemetryConfig

    def setup(self):
        self.norm = nn.BatchNorm(use_running_average=not self.cfg.train, momentum=0.9)
        self.proj = nn.Dense(self.cfg.hidden)

    def encode_window(self, window):
        return jnp.tanh(self.proj(self.norm(window)))

    def encode_shift(self, windows):
        def body(wear, window):
            feats = self.encode_window(window)
            wear = wear + jnp.mean(feats**2)
            return wear, feats.mean(axis=0)

        wear, feats = lax.scan(body, jnp.zeros(()), windows)
        return wear, feats

    def __call__(self, windows):
        return self.encode_shift(windows)


def load_shift(cfg, n_windows=5, seed=0):
    raw = jax.random.normal(jax.random.key(seed), (n_windows, cfg.window, cfg.channels))
    return raw * jnp.array([40.0, 900.0, 2.5, 12.0, 3.1, 0.4])


def main():
    cfg = TelemetryConfig()
    model = CutterheadEncoder(cfg)
    shift = load_shift(cfg)
    variables = model.init(jax.random.key(1), shift[0], method=CutterheadEncoder.encode_window)
    (wear, feats), updates = model.apply(variables, shift, mutable=["batch_stats"])
    variables = {**variables, **updates}
    drift = jnp.abs(variables["batch_stats"]["norm"]["mean"]).max()
    print(f"wear index {float(wear):.3f}, stats drift {float(drift):.3f}")
    return None
