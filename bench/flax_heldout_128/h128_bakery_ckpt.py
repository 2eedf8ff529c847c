# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[12] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 5 OvenController keeps jax.checkpoint(bound.__call__) of a model.bind(variables, mutable=["batch_stats"]); the scan body calls the checkpointed wrapper
"""Industrial bakery oven control: crust-colour prediction over a proofing batch.

The controller binds the model once (with mutable batch statistics so the normaliser
tracks the day's dough) and keeps a rematerialising wrapper to save memory.
"""
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
        self.bound = model.bind(variables, mutable=["batch_stats"])
        self._forward = jax.checkpoint(self.bound.__call__)

    def bake(self, trays):
        def tray_step(setpoint, probe):
            colour = self._forward(probe)
            setpoint = setpoint - 0.5 * colour[:, 0].mean()
            return setpoint, colour

        return scan(tray_step, jnp.array(220.0), trays)

    def stats(self):
        return self.bound.variables["batch_stats"]


def main():
    trays = jax.random.normal(jax.random.key(4), (5, 10, 6))  # 5 trays, 10 loaves, 6 probes
    model = CrustModel()
    variables = model.init(jax.random.key(0), trays[0])
    controller = OvenController(model, variables)
    setpoint, colours = controller.bake(trays)
    mean = controller.stats()["BatchNorm_0"]["mean"]
    print(float(setpoint), float(jnp.abs(mean).sum()))
    return None
