# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[8] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 3 BatchNorm in train mode (batch_stats mutable) called inside a raw lax.while_loop body of an apply-only refinement method; init goes through a method that does not loop
import jax
import jax.numpy as jnp
import flax.linen as nn
from jax.lax import while_loop


class Refiner(nn.Module):
    width: int = 8

    def setup(self):
        self.proj = nn.Dense(self.width)
        self.norm = nn.BatchNorm(use_running_average=False, momentum=0.9)

    def single(self, x):
        return jnp.tanh(self.norm(self.proj(x)))

    def refine(self, x, tol):
        def cond(state):
            i, x, delta = state
            return (i < 5) & (delta > tol)

        def body(state):
            i, x, _ = state
            x_new = self.single(x)
            return i + 1, x_new, jnp.max(jnp.abs(x_new - x))

        _, x, _ = while_loop(cond, body, (0, x, jnp.inf))
        return x


def main():
    model = Refiner()
    x = jnp.linspace(-1, 1, 32).reshape(4, 8)
    variables = model.init(jax.random.PRNGKey(0), x, method=Refiner.single)
    out, updates = model.apply(variables, x, 1e-3, method=Refiner.refine, mutable=["batch_stats"])
    variables = {**variables, **updates}
    variables = jax.tree.map(lambda a: a + 0, variables)
    return None
