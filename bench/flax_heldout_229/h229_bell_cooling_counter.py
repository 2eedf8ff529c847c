# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type int32[] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 1 the module's own method runs the fori_loop and writes its 'diagnostics' variables in the body
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

        def step(i, t):
            grad = jnp.diff(t, append=t[-1:])
            counted.value = counted.value + 1
            peak.value = jnp.maximum(peak.value, jnp.abs(grad).max())
            return t + conduct * grad

        return lax.fori_loop(0, steps, step, temps)


def log_run(diagnostics):
    return {name: float(value) for name, value in diagnostics["diagnostics"].items()}


def main():
    model = CoolingModel()
    temps = jnp.array([1080.0, 950.0, 800.0, 640.0, 300.0])  # crown to lip, deg C
    variables = model.init(jax.random.key(0), temps, 1)
    final, state = model.apply(variables, temps, 40, mutable=["diagnostics"])
    log_run(state)
    return None
