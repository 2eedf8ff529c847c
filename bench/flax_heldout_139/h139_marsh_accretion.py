# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 1 SedimentColumn.__call__ runs jax.lax.scan over tide cycles and sows each cycle's accretion from inside the scan body
"""Salt marsh restoration: how much sediment a restored plot traps per tide cycle.

One file laid out like three modules: the model layer (Flax), the service layer that applies the
model and collects the sown diagnostics, and the runner layer that wires them together.
"""
from __future__ import annotations

import dataclasses

import jax
import jax.numpy as jnp
from flax import linen as nn


# ---------------------------------------------------------------- model layer (marsh/model.py)
@dataclasses.dataclass(frozen=True)
class PlotConfig:
    n_cycles: int = 6
    n_tide_features: int = 4
    hidden: int = 8
    initial_elevation: float = 0.35  # metres above mean sea level


class SedimentColumn(nn.Module):
    config: PlotConfig

    @nn.compact
    def __call__(self, tides):  # tides: [cycles, features]
        cfg = self.config
        w_settle = self.param("w_settle", nn.initializers.lecun_normal(), (cfg.n_tide_features, cfg.hidden))
        w_trap = self.param("w_trap", nn.initializers.lecun_normal(), (cfg.hidden, 1))

        def tide_cycle(elevation, tide):
            suspended = jnp.tanh(tide @ w_settle)
            accretion = jax.nn.softplus(suspended @ w_trap)[0] * 1e-3
            self.sow("intermediates", "accretion", accretion)
            return elevation + accretion, None

        elevation, _ = jax.lax.scan(tide_cycle, jnp.asarray(cfg.initial_elevation), tides)
        return elevation


# ------------------------------------------------------------ service layer (marsh/service.py)
class AccretionService:
    def __init__(self, config: PlotConfig, variables):
        self.config = config
        self.model = SedimentColumn(config)
        self.variables = variables

    def simulate(self, tides):
        elevation, state = self.model.apply(self.variables, tides, mutable=["intermediates"])
        sown = state["intermediates"]["accretion"]
        history = jnp.ravel(jnp.stack(sown))
        return {"elevation": elevation, "total_accretion": history.sum(), "cycles": history.shape[0]}


# -------------------------------------------------------------- runner layer (marsh/run.py)
def build_service(config: PlotConfig, seed: int = 0) -> AccretionService:
    tides = jnp.zeros((config.n_cycles, config.n_tide_features))
    variables = SedimentColumn(config).init(jax.random.key(seed), tides)
    return AccretionService(config, variables)


def main():
    config = PlotConfig()
    service = build_service(config)
    tides = jax.random.uniform(jax.random.key(7), (config.n_cycles, config.n_tide_features))
    report = service.simulate(tides)
    print(f"elevation {float(report['elevation']):.4f} m after {report['cycles']} cycles")
    return None


if __name__ == "__main__":
    main()
