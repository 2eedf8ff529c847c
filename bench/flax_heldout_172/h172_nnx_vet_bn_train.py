# label: trace-context
# flax-error: TraceContextError: Cannot mutate BatchStat from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 4 a service locator resolves a DiagnoserAdapter wrapping a LabPanelNet left in training mode by its ModelLifecycle owner; ClinicService's scan body calls adapter.predict, whose BatchNorm updates its statistics
"""Veterinary diagnosis assistant: reviews a pet's history of blood-panel results and flags the
visits where kidney disease looks likely. Services are wired through a small locator."""
from dataclasses import dataclass

import jax
import jax.numpy as jnp
from flax import nnx


@dataclass(frozen=True)
class PanelConfig:
    n_markers: int = 7
    hidden: int = 12


class LabPanelNet(nnx.Module):
    def __init__(self, cfg: PanelConfig, rngs: nnx.Rngs):
        self.encode = nnx.Linear(cfg.n_markers, cfg.hidden, rngs=rngs)
        self.norm = nnx.BatchNorm(cfg.hidden, rngs=rngs)
        self.head = nnx.Linear(cfg.hidden, 1, rngs=rngs)

    def __call__(self, panels):
        return nnx.sigmoid(self.head(nnx.relu(self.norm(self.encode(panels)))))[..., 0]


class ServiceLocator:
    def __init__(self):
        self._factories = {}
        self._instances = {}

    def register(self, name, factory):
        self._factories[name] = factory

    def resolve(self, name):
        if name not in self._instances:
            self._instances[name] = self._factories[name](self)
        return self._instances[name]


class ModelLifecycle:
    """Owns the model: builds it and decides which mode it is in."""

    def __init__(self, cfg):
        self.model = LabPanelNet(cfg, nnx.Rngs(0))

    def serving_model(self):
        return self.model


class DiagnoserAdapter:
    def __init__(self, model):
        self.model = model

    def predict(self, panel):
        return self.model(panel[None, :])[0]


class ClinicService:
    def __init__(self, locator):
        self.locator = locator

    def review_history(self, panels):
        adapter = self.locator.resolve("diagnoser")

        def visit(flags, panel):
            risk = adapter.predict(panel)
            return flags + (risk > 0.5), risk

        flags, risks = jax.lax.scan(visit, jnp.zeros((), jnp.int32), panels)
        return flags, risks


def main():
    cfg = PanelConfig()
    locator = ServiceLocator()
    locator.register("lifecycle", lambda loc: ModelLifecycle(cfg))
    locator.register("diagnoser",
                     lambda loc: DiagnoserAdapter(loc.resolve("lifecycle").serving_model()))
    clinic = ClinicService(locator)
    panels = jnp.abs(jnp.sin(jnp.arange(6 * 7, dtype=jnp.float32))).reshape(6, 7)
    flags, risks = clinic.review_history(panels)
    print("flagged visits", flags, risks)
    return None
