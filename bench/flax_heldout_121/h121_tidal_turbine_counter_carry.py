# label: ok
# flax-error: none
# class: 3 TurbineAdapter.variables['telemetry'] rides in the while_loop carry, applied with mutable=['telemetry'] and written back to the adapter after the loop
"""Tidal turbine output: integrate predicted power over a tide's flow samples until the grid
export budget is reached; the model counts its own invocations for the telemetry feed."""
import jax
import jax.numpy as jnp
from flax import linen as nn

lax = jax.lax


class TurbinePowerModel(nn.Module):
    hidden: int = 16

    @nn.compact
    def __call__(self, flow):
        calls = self.variable("telemetry", "calls", lambda: jnp.zeros((), jnp.int32))
        calls.value += 1
        h = nn.relu(nn.Dense(self.hidden)(flow))
        return nn.softplus(nn.Dense(1)(h)).squeeze(-1)


class TurbineAdapter:
    """Adapts the Flax model to the SCADA integration loop."""

    def __init__(self, model, variables):
        self.model = model
        self.variables = variables

    def integrate_until(self, flows, budget):
        params = self.variables["params"]

        def cond(state):
            i, energy, _ = state
            return (i < flows.shape[0]) & (energy < budget)

        def body(state):
            i, energy, telemetry = state
            power, updates = self.model.apply({"params": params, "telemetry": telemetry},
                                              flows[i], mutable=["telemetry"])
            return i + 1, energy + jnp.sum(power), updates["telemetry"]

        init = (jnp.int32(0), jnp.float32(0.0), self.variables["telemetry"])
        steps, energy, telemetry = lax.while_loop(cond, body, init)
        self.variables = {"params": params, "telemetry": telemetry}
        return steps, energy


def build_adapter(n_turbines=3, n_features=4, seed=0):
    model = TurbinePowerModel()
    variables = model.init(jax.random.key(seed), jnp.zeros((n_turbines, n_features)))
    return TurbineAdapter(model, variables)


def main():
    adapter = build_adapter()
    flows = jax.random.normal(jax.random.key(8), (12, 3, 4))
    steps, energy = adapter.integrate_until(flows, budget=20.0)
    jax.block_until_ready((steps, energy, adapter.variables))
    return None
