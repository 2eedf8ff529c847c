# label: ok
# flax-error: none
# class: 1 the module's own method runs the fori_loop; its 'diagnostics' variables travel in the carry and are written after the loop
"""Bell foundry casting: a cooling model for bronze bells in the pit, keeping
diagnostics (steps simulated, peak gradient) as Flax variables."""
import jax
import jax.numpy as jnp
import flax.linen as nn

lax = jax.lax


class CoolingModel(nn.Module):
    layers: int = 5

    @nn.compact
    def __call__(self, temps, steps: int):
        conduct = self.param("conductance", nn.initializers.constant(0.1), (self.layers,))
        counted = self.variable("diagnostics", "steps", lambda: jnp.zeros((), jnp.int32))
        peak = self.variable("diagnostics", "peak_gradient", lambda: jnp.zeros(()))

        def step(i, carry):
            t, n, top = carry
            grad = jnp.diff(t, append=t[-1:])
            return t + conduct * grad, n + 1, jnp.maximum(top, jnp.abs(grad).max())

        t, counted.value, peak.value = lax.fori_loop(0, steps, step, (temps, counted.value, peak.value))
        return t


def log_run(diagnostics):
    return {name: float(value) for name, value in diagnostics["diagnostics"].items()}


def main():
    model = CoolingModel()
    temps = jnp.array([1080.0, 950.0, 800.0, 640.0, 300.0])  # crown to lip, deg C
    variables = model.init(jax.random.key(0), temps, 1)
    final, state = model.apply(variables, temps, 40, mutable=["diagnostics"])
    log_run(state)
    return None
