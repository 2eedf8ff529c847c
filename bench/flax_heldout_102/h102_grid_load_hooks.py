# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[16] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 an ActivationProbe registered on the forecaster holds model.bind(..., mutable=['intermediates']) and is called from the fori_loop body through forecaster.probe.forward()
"""Regional grid-load forecaster: autoregressive rollout with an activation probe for drift alerts."""
import dataclasses

import jax
import jax.numpy as jnp
import flax.linen as nn

lax = jax.lax


@dataclasses.dataclass(frozen=True)
class GridConfig:
    n_regions: int = 5
    hidden: int = 16
    horizon: int = 6


class LoadCell(nn.Module):
    cfg: GridConfig

    @nn.compact
    def __call__(self, load):
        h = nn.tanh(nn.Dense(self.cfg.hidden, name="mix")(load))
        self.sow("intermediates", "hidden", h)
        return load + 0.1 * nn.Dense(self.cfg.n_regions, name="delta")(h)


class ActivationProbe:
    """Keeps a bound copy of the model so the hidden activations can be inspected after a rollout."""

    def __init__(self, model, variables):
        self.bound = model.bind(variables, mutable=["intermediates"])

    def forward(self, load):
        return self.bound(load)

    def hidden_norms(self):
        sown = self.bound.variables["intermediates"]["hidden"]
        return [jnp.linalg.norm(h) for h in sown]


class Forecaster:
    def __init__(self, cfg: GridConfig, probe: ActivationProbe):
        self.cfg = cfg
        self.probe = probe

    def rollout(self, load0):
        def body(t, load):
            return self.probe.forward(load)

        return lax.fori_loop(0, self.cfg.horizon, body, load0)


class DriftMonitor:
    def __init__(self, forecaster: Forecaster, limit: float = 10.0):
        self.forecaster = forecaster
        self.limit = limit

    def check(self, load0):
        self.forecaster.rollout(load0)
        norms = self.forecaster.probe.hidden_norms()
        return any(bool(n > self.limit) for n in norms)


def main():
    cfg = GridConfig()
    model = LoadCell(cfg)
    load0 = jnp.linspace(0.5, 1.5, cfg.n_regions)
    variables = model.init(jax.random.key(0), load0)
    variables = {"params": variables["params"]}
    monitor = DriftMonitor(Forecaster(cfg, ActivationProbe(model, variables)))
    monitor.check(load0)
    return None
