# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "mean" in "/BatchNorm_0" because collection "batch_stats" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 3 the controller's self.model and self.variables reach the fori_loop body, applied with train=True and no mutable collection
"""Glass furnace zone-temperature controller: rolls the burner policy forward over a short horizon."""
import jax
import jax.numpy as jnp
import flax.linen as nn
from jax import lax


class ZonePolicy(nn.Module):
    n_burners: int = 6

    @nn.compact
    def __call__(self, temps, train: bool = False):
        h = nn.Dense(32)(temps)
        h = nn.BatchNorm(use_running_average=not train, momentum=0.95)(h)
        h = nn.gelu(h)
        return nn.tanh(nn.Dense(self.n_burners)(h))


class FurnaceController:
    """Closed-loop controller for the melter zones; one instance per furnace line."""

    def __init__(self, model, variables, gain=0.8, ambient=0.2):
        self.model = model
        self.variables = variables
        self.gain = gain
        self.ambient = ambient

    def _plant(self, temps, firing):
        # first-order heat balance: firing raises the zones, wall losses pull them toward ambient
        heat = self.gain * firing.mean(-1, keepdims=True)
        return temps + 0.05 * heat - 0.01 * (temps - self.ambient)

    def rollout(self, temps, horizon):
        def body(i, temps):
            firing = self.model.apply(self.variables, temps, train=True)
            return self._plant(temps, firing)

        return lax.fori_loop(0, horizon, body, temps)


def main():
    model = ZonePolicy()
    temps = jnp.linspace(0.6, 1.1, 4 * 8).reshape(4, 8)
    variables = model.init(jax.random.key(0), temps)
    controller = FurnaceController(model, variables)
    final = controller.rollout(temps, horizon=12)
    final.block_until_ready()
    return None
