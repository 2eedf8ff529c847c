# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[1,8] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 1 SimpleRNN.__call__ runs the scan itself and its body creates and calls the nn.Dense cells of the compact method
"""A hand-written Elman RNN: the recurrence is a lax.scan inside an @nn.compact method.

Fitting a sine wave with a few SGD steps."""
import jax
import jax.numpy as jnp
import flax.linen as nn

lax = jax.lax
HIDDEN, T = 8, 12


class SimpleRNN(nn.Module):
    hidden: int = HIDDEN

    @nn.compact
    def __call__(self, xs):
        def step(h, x):
            h = jnp.tanh(nn.Dense(self.hidden, name="ih")(x) + nn.Dense(self.hidden, use_bias=False, name="hh")(h))
            return h, h

        _, hs = lax.scan(step, jnp.zeros(self.hidden), xs)
        return nn.Dense(1, name="readout")(hs)


def main():
    ts = jnp.linspace(0.0, 2 * jnp.pi, T + 1)
    xs, ys = jnp.sin(ts[:-1])[:, None], jnp.sin(ts[1:])[:, None]
    model = SimpleRNN()
    params = model.init(jax.random.key(0), xs)

    def loss_fn(params):
        return jnp.mean((model.apply(params, xs) - ys) ** 2)

    for _ in range(3):
        grads = jax.grad(loss_fn)(params)
        params = jax.tree.map(lambda p, g: p - 0.1 * g, params, grads)
    return None


if __name__ == "__main__":
    main()
