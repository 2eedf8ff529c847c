# label: trace-context
# flax-error: TraceContextError: Cannot mutate RngCount from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 5 the dosing service keeps jax.jit(model.__call__), a jitted bound method of the nnx model, and calls it inside the fori_loop over dosing minutes
"""Textile dye vat control: dye and salt dosing minute by minute to hit a target shade.

The service compiles the bound forward of its shade model once (jax.jit of the bound
method) and reuses it from the dosing loop."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx

lax = jax.lax


class ShadeModel(nnx.Module):
    def __init__(self, *, rngs):
        self.body = nnx.Linear(5, 24, rngs=rngs)
        self.drop = nnx.Dropout(0.1, rngs=rngs)
        self.out = nnx.Linear(24, 3, rngs=rngs)  # predicted L*a*b* after the next minute

    def __call__(self, x):
        return self.out(self.drop(nnx.relu(self.body(x))))


class DosingService:
    def __init__(self, model, target_lab, gain=0.05):
        self.model = model
        self.target_lab = target_lab
        self.gain = gain
        self._predict = jax.jit(self.model.__call__)

    def run_batch(self, lab0, temperature, minutes):
        def minute(t, carry):
            lab, dye_total = carry
            x = jnp.concatenate([lab / 100.0, temperature[None] / 100.0, dye_total[None]])
            pred = self._predict(x)
            dose = jnp.clip(self.gain * jnp.sum(pred - self.target_lab), 0.0, 0.2)
            return 0.9 * lab + 0.1 * pred, dye_total + dose

        return lax.fori_loop(0, minutes, minute, (lab0, jnp.float32(0.0)))


def main():
    model = ShadeModel(rngs=nnx.Rngs(0))
    service = DosingService(model, target_lab=jnp.array([45.0, 20.0, -10.0]))
    lab, dye = service.run_batch(jnp.array([90.0, 0.0, 0.0]), jnp.float32(60.0), minutes=30)
    float(dye)
    return None
