# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[8] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 2 the local list `history` collects the mutated batch_stats from the jax.lax.scan body
import jax
import jax.numpy as jnp
from flax import linen


class StepEncoder(linen.Module):
    hidden: int = 8

    @linen.compact
    def __call__(self, h, x, train: bool = False):
        z = linen.Dense(self.hidden)(jnp.concatenate([h, x], axis=-1))
        z = linen.BatchNorm(use_running_average=not train)(z)
        h = linen.tanh(z)
        return h, linen.Dense(2)(h)


def main():
    enc = StepEncoder()
    xs = jnp.tile(jnp.linspace(-1.0, 1.0, 12).reshape(1, 4, 3), (6, 1, 1))
    h0 = jnp.zeros((4, enc.hidden))
    variables = enc.init(jax.random.key(0), h0, xs[0])
    params, batch_stats = variables["params"], variables["batch_stats"]

    history = []

    def step(h, x):
        (h, y), mutated = enc.apply(
            {"params": params, "batch_stats": batch_stats}, h, x, train=True, mutable=["batch_stats"]
        )
        history.append(mutated["batch_stats"])
        return h, y

    h_last, ys = jax.lax.scan(step, h0, xs)
    batch_stats = history[-1]

    _, y_eval = enc.apply({"params": params, "batch_stats": batch_stats}, h0, xs[0])
    jax.block_until_ready((ys, y_eval))
