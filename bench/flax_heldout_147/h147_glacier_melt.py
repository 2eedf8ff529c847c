# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "degree_days" in "/" because collection "ledger" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 4 a @register('melt') decorator puts melt_step in the STEPS registry; simulate() looks it up and the fori_loop body calls it with a frozen MeltContext whose variables are applied without mutable collections, while the model writes its 'ledger' degree-day counter
"""Glacier mass balance: daily melt from a degree-day model over an ablation season."""
import dataclasses
from typing import Any, Callable, Dict

import jax
import jax.numpy as jnp
from flax import linen as nn

STEPS: Dict[str, Callable[..., Any]] = {}


def register(name):
    def deco(fn):
        STEPS[name] = fn
        return fn
    return deco


class MeltModel(nn.Module):
    n_bands: int = 4  # elevation bands

    @nn.compact
    def __call__(self, temp):
        degree_days = self.variable("ledger", "degree_days", jnp.zeros, (self.n_bands,))
        degree_days.value = degree_days.value + jnp.maximum(temp, 0.0)
        factor = nn.softplus(self.param("ddf", nn.initializers.constant(-1.0), (self.n_bands,)))
        return factor * jnp.maximum(temp, 0.0)  # mm w.e. per band


@dataclasses.dataclass(frozen=True)
class MeltContext:
    model: nn.Module
    variables: Any
    lapse_rate: float = -0.0065


@register("melt")
def melt_step(ctx: MeltContext, station_temp):
    band_temp = station_temp + ctx.lapse_rate * jnp.array([0.0, 300.0, 600.0, 900.0])
    return ctx.model.apply(ctx.variables, band_temp)


def simulate(ctx, temps, name="melt"):
    step = STEPS[name]

    def body(day, mass):
        return mass - step(ctx, temps[day]).sum() / 1000.0

    return jax.lax.fori_loop(0, temps.shape[0], body, jnp.asarray(50.0))


def main():
    model = MeltModel()
    variables = model.init(jax.random.key(0), jnp.zeros((4,)))
    temps = 4.0 + 3.0 * jnp.sin(jnp.linspace(0.0, 3.0, 20))
    mass = simulate(MeltContext(model, variables), temps)
    _ = float(mass)
    return None
