# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[8] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 3 a refine method run with apply(method=..., mutable=["batch_stats"]) updates BatchNorm statistics inside a lax.while_loop; the returned stats are used afterwards
import jax
import jax.numpy as jnp
import flax.linen as nn


class Refiner(nn.Module):
    def setup(self):
        self.proj = nn.Dense(8)
        self.norm = nn.BatchNorm(use_running_average=False, momentum=0.9)

    def __call__(self, x):
        return self.norm(self.proj(x))

    def refine(self, x, tol=1e-3, max_iter=4):
        def cond(state):
            i, h, delta = state
            return jnp.logical_and(i < max_iter, delta > tol)

        def body(state):
            i, h, _ = state
            new = 0.5 * h + 0.5 * self(h)
            return i + 1, new, jnp.max(jnp.abs(new - h))

        _, h, _ = jax.lax.while_loop(cond, body, (0, x, jnp.inf))
        return h


def main():
    model = Refiner()
    x = jax.random.normal(jax.random.key(0), (4, 8))
    variables = model.init(jax.random.key(1), x)
    h, updates = model.apply(variables, x, method="refine", mutable=["batch_stats"])
    variables = {"params": variables["params"], **updates}
    out, _ = model.apply(variables, x, mutable=["batch_stats"])
    out.block_until_ready()
    return None
