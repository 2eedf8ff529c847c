# label: ok
# flax-error: none
# class: 5 OvenController keeps jax.checkpoint(partial(model.apply, mutable=["batch_stats"])); batch_stats enter and leave the scan in the carry
"""Industrial bakery oven control: crust-colour prediction over a proofing batch.

The controller keeps a rematerialising wrapper around apply; the batch statistics ride in
the scan carry and are stored on the controller after the batch.
"""
import functools

import jax
import jax.numpy as jnp
import flax.linen as nn
from jax.lax import scan


class CrustModel(nn.Module):
    @nn.compact
    def __call__(self, probe):
        h = nn.Dense(12)(probe)
        h = nn.BatchNorm(use_running_average=False, momentum=0.95)(h)
        return nn.tanh(nn.Dense(3)(h))  # L*, a*, b* offsets


class OvenController:
    def __init__(self, model, variables):
        self.variables = variables
        self._forward = jax.checkpoint(functools.partial(model.apply, mutable=["batch_stats"]))

    def bake(self, trays):
        params = self.variables["params"]

        def tray_step(carry, probe):
            setpoint, stats = carry
            colour, updates = self._forward({"params": params, "batch_stats": stats}, probe)
            setpoint = setpoint - 0.5 * colour[:, 0].mean()
            return (setpoint, updates["batch_stats"]), colour

        (setpoint, stats), colours = scan(tray_step, (jnp.array(220.0), self.variables["batch_stats"]), trays)
        self.variables = {"params": params, "batch_stats": stats}
        return setpoint, colours

    def stats(self):
        return self.variables["batch_stats"]


def main():
    trays = jax.random.normal(jax.random.key(4), (5, 10, 6))  # 5 trays, 10 loaves, 6 probes
    model = CrustModel()
    variables = model.init(jax.random.key(0), trays[0])
    controller = OvenController(model, variables)
    setpoint, colours = controller.bake(trays)
    mean = controller.stats()["BatchNorm_0"]["mean"]
    print(float(setpoint), float(jnp.abs(mean).sum()))
    return None
