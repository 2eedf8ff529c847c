# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[10,8] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 2 iterative refinement model: an outer lax.fori_loop over refinement rounds wraps an inner lax.scan over time that applies a list of setup Dense layers, first called there during init
"""RAFT-like iterative refinement on a 1-D signal: each round sweeps a recurrent update over
the sequence and refines the estimate. The update layers are kept in a Python list in
setup; both loops are raw JAX loops (imported as `from jax import lax as L`)."""
import jax
import jax.numpy as jnp
from jax import lax as L
import flax.linen as nn


class Refiner(nn.Module):
    dim: int = 8
    num_rounds: int = 3

    def setup(self):
        self.update_layers = [nn.Dense(self.dim, name=f"update_{i}") for i in range(2)]
        self.delta_head = nn.Dense(1)

    def __call__(self, signal):
        # signal: [time, 1]
        estimate = jnp.zeros_like(signal)

        def refine_round(r, estimate):
            def sweep(h, inputs):
                x_t, e_t = inputs
                z = jnp.concatenate([h, x_t, e_t], axis=-1)
                for layer in self.update_layers:
                    z = jnp.tanh(layer(z))
                return z, self.delta_head(z)

            h0 = jnp.zeros((self.dim,))
            _, deltas = L.scan(sweep, h0, (signal, estimate))
            return estimate + deltas

        return L.fori_loop(0, self.num_rounds, refine_round, estimate)


def main():
    model = Refiner()
    signal = jnp.sin(jnp.linspace(0, 3, 7))[:, None]
    variables = model.init(jax.random.PRNGKey(0), signal)
    refined = model.apply(variables, signal)
    assert refined.shape == (7, 1)
    return None
